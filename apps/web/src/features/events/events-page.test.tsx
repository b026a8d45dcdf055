import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EVENT_MESSAGES } from '@bayclub/shared';
import { apiError, json, mockApi, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeFlags, makeMe } from '#/test/fixtures';
import { makeMyCommunity } from '#/features/posts/post-fixtures';
import { eventsPage, makeEventSummary } from './event-fixtures';

const SOCIAL = makeEventSummary({ title: 'Sunset Social', capacity: 20, goingCount: 5 });
const RUN = makeEventSummary({
  title: 'Bayshore Run',
  startsAt: '2026-03-21T11:00:00.000Z',
  endsAt: '2026-03-21T12:30:00.000Z',
  venue: 'Bayshore Blvd',
  city: 'tampa',
  capacity: 4,
  goingCount: 4,
  myStatus: 'waitlisted',
  community: { id: 'c0ffee00-0000-4000-8000-000000000001', name: 'Tampa Bay Runners', urlSlug: 'tampa-bay-runners' },
});
const GONE = makeEventSummary({ title: 'Book Swap', status: 'cancelled', capacity: null, goingCount: 0 });

const listCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/events'));

function eventsApi(handler: Handler, extra: Record<string, Handler> = {}) {
  return mockApi({ 'GET /api/events': handler, ...extra });
}

/** The viewer's zone, as the browser reports it. */
let zoneSpy: { mockRestore: () => void } | undefined;
function viewerIn(zone: string) {
  const original = Intl.DateTimeFormat.prototype.resolvedOptions;
  zoneSpy = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...original.call(this), timeZone: zone };
  });
}
afterEach(() => zoneSpy?.mockRestore());

describe('/events', () => {
  it('shows visitors the public events and the Apply call to action, without member filters or Create', async () => {
    viewerIn('America/New_York');
    const fetchMock = eventsApi(() => json(eventsPage([SOCIAL, RUN, GONE])));
    renderApp('/events');
    expect(await screen.findByRole('heading', { level: 1, name: 'Events' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: EVENT_MESSAGES.upcoming });
    const [social, run, gone] = within(list).getAllByRole('listitem');
    expect(within(social!).getByRole('link', { name: 'Sunset Social' })).toHaveAttribute('href', `/events/${SOCIAL.id}`);
    expect(social).toHaveTextContent('MAR14Sat');
    expect(social).toHaveTextContent('7:00 PM – 9:00 PM');
    expect(social).not.toHaveTextContent('New York time');
    expect(social).toHaveTextContent('The Pier, St Pete');
    // The host is going too, holding no seat (decision 025).
    expect(social).toHaveTextContent('6 going · 15 seats left');
    expect(run).toHaveTextContent('Tampa Bay Runners');
    expect(within(run!).getByText('Full')).toBeInTheDocument();
    expect(within(run!).getByText('Waitlisted')).toBeInTheDocument();
    expect(within(gone!).getByText('Cancelled')).toBeInTheDocument();
    expect(screen.getByText(EVENT_MESSAGES.visitorApply)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apply to join' })).toHaveAttribute('href', '/#apply');
    expect(screen.queryByRole('button', { name: 'Going' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Community' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create event' })).not.toBeInTheDocument();
    expect(listCalls(fetchMock)).toEqual(['/api/events']);
  });

  it('names the club’s zone once for the page when the viewer is elsewhere, and each end’s abbreviation across a clock change', async () => {
    viewerIn('America/Los_Angeles');
    // 11 PM EDT on 31 October 2026 until 3 AM EST: the clocks go back in between.
    const night = makeEventSummary({ title: 'Halloween Night', startsAt: '2026-11-01T03:00:00.000Z', endsAt: '2026-11-01T08:00:00.000Z' });
    const london = makeEventSummary({ title: 'London Calling', timeZone: 'Europe/London', startsAt: '2026-03-14T19:00:00.000Z', endsAt: '2026-03-14T21:00:00.000Z' });
    eventsApi(() => json(eventsPage([SOCIAL, night, london])));
    renderApp('/events');
    const card = (await screen.findByRole('link', { name: 'Sunset Social' })).closest('article')!;
    expect(card).toHaveTextContent('7:00 PM – 9:00 PM');
    expect(screen.getAllByText(/New York time/)).toHaveLength(1);
    expect(screen.getByText('All times are New York time.')).toBeInTheDocument();
    const nightCard = screen.getByRole('link', { name: 'Halloween Night' }).closest('article')!;
    expect(nightCard).toHaveTextContent('11:00 PM EDT – Sun, Nov 1, 3:00 AM EST');
    expect(nightCard).not.toHaveTextContent('(EST)');
    // An event in another zone still names its own.
    expect(screen.getByRole('link', { name: 'London Calling' }).closest('article')).toHaveTextContent('7:00 PM – 9:00 PM London time (GMT)');
  });

  it('names no zone at all for a viewer in the club’s zone', async () => {
    viewerIn('America/New_York');
    eventsApi(() => json(eventsPage([SOCIAL])));
    renderApp('/events');
    await screen.findByRole('link', { name: 'Sunset Social' });
    expect(screen.queryByText(/New York time/)).not.toBeInTheDocument();
  });

  it('draws a cover for an event without one, the same for the same event, and shows an uploaded one', async () => {
    const withCover = makeEventSummary({ title: 'Covered', coverUrl: '/media/post-images/events/x/1-cover.webp' });
    eventsApi(() => json(eventsPage([SOCIAL, withCover])));
    const first = renderApp('/events');
    const card = (await screen.findByRole('link', { name: 'Sunset Social' })).closest('article')!;
    const drawn = card.querySelector<HTMLElement>('[data-slot="event-cover"][data-generated="true"]')!;
    expect(drawn).toHaveAttribute('aria-hidden', 'true');
    expect(drawn.style.background).toContain('linear-gradient');
    const style = drawn.style.background;
    const covered = screen.getByRole('link', { name: 'Covered' }).closest('article')!;
    expect(covered.querySelector('[data-slot="event-cover"] img')).toHaveAttribute('src', '/media/post-images/events/x/1-cover-480.webp');
    first.unmount();
    eventsApi(() => json(eventsPage([SOCIAL])));
    renderApp('/events');
    const again = (await screen.findByRole('link', { name: 'Sunset Social' })).closest('article')!;
    expect(again.querySelector<HTMLElement>('[data-slot="event-cover"]')!.style.background).toBe(style);
  });

  it('keeps the filters in a bottom sheet behind one Filters button on a phone, with the count of filters on', async () => {
    const width = window.innerWidth;
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    try {
      eventsApi(() => json(eventsPage([SOCIAL])), {
        ...signedInAs(makeMe()),
        'GET /api/communities/mine': () => json({ items: [makeMyCommunity('c0ffee00-0000-4000-8000-000000000001', 'Tampa Bay Runners')] }),
      });
      const user = userEvent.setup();
      const { router } = renderApp('/events?range=week');
      await screen.findByRole('link', { name: 'Sunset Social' });
      // Nothing of the filters on the page itself: one button, saying one filter is on.
      expect(screen.queryByRole('combobox', { name: 'City' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'This week' })).not.toBeInTheDocument();
      const button = screen.getByRole('button', { name: /^Filters/ });
      expect(button).toHaveAccessibleName('Filters, 1 on');
      await user.click(button);
      const sheet = await screen.findByRole('dialog', { name: 'Filters' });
      await user.selectOptions(within(sheet).getByRole('combobox', { name: 'City' }), 'tampa');
      await waitFor(() => expect(router.state.location.search).toBe('?range=week&city=tampa'));
      expect(within(sheet).getByRole('button', { name: 'This week' })).toHaveAttribute('aria-pressed', 'true');
      await user.click(within(sheet).getByRole('button', { name: 'Show events' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument());
      expect(screen.getByRole('button', { name: /^Filters/ })).toHaveAccessibleName('Filters, 2 on');
      // Clear all empties them.
      await user.click(screen.getByRole('button', { name: /^Filters/ }));
      await user.click(within(await screen.findByRole('dialog', { name: 'Filters' })).getByRole('button', { name: 'Clear all' }));
      await waitFor(() => expect(router.state.location.search).toBe(''));
    } finally {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    }
  });

  it('filters by city, community, this weekend and Going; the filters live in the URL', async () => {
    const fetchMock = eventsApi(() => json(eventsPage([SOCIAL])), {
      ...signedInAs(makeMe()),
      'GET /api/communities/mine': () =>
        json({ items: [makeMyCommunity('c0ffee00-0000-4000-8000-000000000001', 'Tampa Bay Runners'), makeMyCommunity('c0ffee00-0000-4000-8000-000000000002', 'Waiting Club', 'pending')] }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/events');
    await screen.findByRole('link', { name: 'Sunset Social' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'City' }), 'tampa');
    await waitFor(() => expect(router.state.location.search).toBe('?city=tampa'));
    const community = screen.getByRole('combobox', { name: 'Community' });
    // Only communities the member is in (not a request still waiting).
    expect(within(community).queryByRole('option', { name: 'Waiting Club' })).not.toBeInTheDocument();
    await user.selectOptions(community, 'Tampa Bay Runners');
    await user.click(screen.getByRole('button', { name: 'This weekend' }));
    await user.click(screen.getByRole('button', { name: 'Going' }));
    expect(screen.getByRole('button', { name: 'Going' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(listCalls(fetchMock)).toContain('/api/events?city=tampa&communityId=c0ffee00-0000-4000-8000-000000000001&range=weekend&going=true'),
    );
    expect(router.state.location.search).toBe('?city=tampa&communityId=c0ffee00-0000-4000-8000-000000000001&range=weekend&going=true');
    // Pressing a range again clears it.
    await user.click(screen.getByRole('button', { name: 'This weekend' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('range'));
  });

  it('shows the empty state with Create event for members who may create', async () => {
    eventsApi(() => json(eventsPage([])), signedInAs(makeMe()));
    renderApp('/events?range=week');
    expect(await screen.findByText(EVENT_MESSAGES.noEvents)).toBeInTheDocument();
    expect(screen.getByText(EVENT_MESSAGES.noEventsHint)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Create event' })).toHaveLength(2);
  });

  it('offers Create event to a limited member only with create_events', async () => {
    const limited = makeMe({ accountType: 'community_only', applicationStatus: 'approved' });
    eventsApi(() => json(eventsPage([SOCIAL])), { ...signedInAs(limited), 'GET /api/permissions': () => json({ flags: makeFlags({ create_events: false }) }) });
    const first = renderApp('/events');
    await screen.findByRole('link', { name: 'Sunset Social' });
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByRole('button', { name: 'Create event' })).not.toBeInTheDocument();
    first.unmount();

    eventsApi(() => json(eventsPage([SOCIAL])), { ...signedInAs(limited), 'GET /api/permissions': () => json({ flags: makeFlags({ create_events: true }) }) });
    renderApp('/events');
    expect(await screen.findByRole('button', { name: 'Create event' })).toBeInTheDocument();
  });

  it('does not offer Create event to an applicant, whatever the flags', async () => {
    const pending = makeMe({ accountType: 'community_only', applicationStatus: 'pending' });
    eventsApi(() => json(eventsPage([SOCIAL])), { ...signedInAs(pending), 'GET /api/permissions': () => json({ flags: makeFlags({ create_events: true }) }) });
    renderApp('/events');
    await screen.findByRole('link', { name: 'Sunset Social' });
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByRole('button', { name: 'Create event' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Going' })).not.toBeInTheDocument();
  });

  it('shows an error with Retry', async () => {
    let fail = true;
    eventsApi(() => (fail ? apiError(500, 'INTERNAL', 'The server had a problem') : json(eventsPage([SOCIAL]))));
    const user = userEvent.setup();
    renderApp('/events');
    expect(await screen.findByText('Could not load events', {}, { timeout: 8000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Sunset Social' })).toBeInTheDocument();
  });

  it('loads the next keyset page with Load more', async () => {
    const fetchMock = eventsApi(({ url }) => {
      const cursor = new URL(url, 'http://localhost').searchParams.get('cursor');
      return json(cursor === 'next' ? eventsPage([RUN]) : eventsPage([SOCIAL], 'next'));
    });
    const user = userEvent.setup();
    renderApp('/events');
    await screen.findByRole('link', { name: 'Sunset Social' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Bayshore Run' })).toBeInTheDocument();
    expect(listCalls(fetchMock)).toContain('/api/events?cursor=next');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
