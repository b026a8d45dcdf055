import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockApi, renderInProviders, signedInAs } from '#/test/render-app';
import { makeFlags, makeMe } from '#/test/fixtures';
import { CalendarFeedButton } from './calendar-feed-button';
import en from './locales/en.json';

const SHOWN_ONCE = en['events.calendarFeed.shownOnce'];

const LOAD = { timeout: 5000 };
const feedUrl = (n: number) => `https://club.example/api/calendar/secret${n}.ics`;

describe('CalendarFeedButton', () => {
  it('creates, copies, replaces and turns off the secret link', async () => {
    let n = 0;
    let url: string | null = null;
    const fetchMock = mockApi({
      ...signedInAs(makeMe()),
      'GET /api/calendar-feed': () => json({ url: null, active: url !== null }),
      'POST /api/calendar-feed': () => json({ url: (url = feedUrl(++n)), active: true }),
      'DELETE /api/calendar-feed': () => ((url = null), new Response(null, { status: 204 })),
    });
    // user-event puts its own clipboard in place at setup.
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderInProviders(<CalendarFeedButton />);
    await user.click(await screen.findByRole('button', { name: 'Calendar feed' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Your calendar feed' });
    expect(within(dialog).getByText(/Anyone with the link can see these events/)).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: 'Create my calendar link' }));
    expect(await within(dialog).findByLabelText('Your calendar link')).toHaveValue(feedUrl(1));
    expect(within(dialog).getByLabelText('Your calendar link')).toHaveAttribute('readonly');

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(feedUrl(1)));

    await user.click(within(dialog).getByRole('button', { name: 'Make a new link' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Your current link stops working');
    await user.click(within(dialog).getByRole('button', { name: 'Make the new link' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Your calendar link')).toHaveValue(feedUrl(2)));

    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await user.click(within(dialog).getByRole('button', { name: 'Turn it off' }));
    expect(await within(dialog).findByRole('button', { name: 'Create my calendar link' })).toBeInTheDocument();
    const methods = fetchMock.mock.calls.filter(([u]) => String(u).includes('calendar-feed')).map(([, i]) => i?.method ?? 'GET');
    expect(methods).toEqual(['GET', 'POST', 'POST', 'DELETE']);
  });

  it('says a feed is on when its link cannot be shown again (only its fingerprint is stored)', async () => {
    mockApi({ ...signedInAs(makeMe()), 'GET /api/calendar-feed': () => json({ url: null, active: true }) });
    const user = userEvent.setup();
    renderInProviders(<CalendarFeedButton />);
    await user.click(await screen.findByRole('button', { name: 'Calendar feed' }, LOAD));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(SHOWN_ONCE)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Create my calendar link' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Make a new link' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
  });

  it('keeps the link when the member changes their mind', async () => {
    mockApi({ ...signedInAs(makeMe()), 'GET /api/calendar-feed': () => json({ url: feedUrl(7), active: true }) });
    const user = userEvent.setup();
    renderInProviders(<CalendarFeedButton />);
    await user.click(await screen.findByRole('button', { name: 'Calendar feed' }, LOAD));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Turn off' }));
    await user.click(within(dialog).getByRole('button', { name: 'Keep my link' }));
    expect(within(dialog).getByLabelText('Your calendar link')).toHaveValue(feedUrl(7));
  });

  it.each([
    ['a community member with access_calendar', makeMe({ accountType: 'community_only', applicationStatus: 'approved' }), true, true],
    ['a community member without it', makeMe({ accountType: 'community_only', applicationStatus: 'approved' }), false, false],
    ['an applicant, even with the flag', makeMe({ accountType: 'community_only', applicationStatus: 'pending' }), true, false],
  ])('is offered to %s (or not)', async (_who, me, flag, shown) => {
    mockApi({ ...signedInAs(me), 'GET /api/permissions': () => json({ flags: makeFlags({ access_calendar: flag }) }) });
    renderInProviders(<CalendarFeedButton />);
    if (shown) expect(await screen.findByRole('button', { name: 'Calendar feed' }, LOAD)).toBeInTheDocument();
    else {
      await new Promise((r) => setTimeout(r, 300));
      expect(screen.queryByRole('button', { name: 'Calendar feed' })).not.toBeInTheDocument();
    }
  });
});
