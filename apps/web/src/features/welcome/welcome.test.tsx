import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WelcomeChecklist, WelcomeView } from '@bayclub/shared';
import { json, mockApi, renderInProviders, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { Welcome } from './welcome';

const LOAD = { timeout: 5000 };

const view = (checklist: Partial<WelcomeChecklist> = {}, dismissed = false): WelcomeView => ({
  dismissed,
  checklist: { profile: false, communities: false, rsvp: false, notifications: false, ...checklist },
  communities: [],
  events: [],
});

function setup(initial: WelcomeView) {
  let current = initial;
  const fetchMock = mockApi({
    ...signedInAs(makeMe()),
    'GET /api/me/welcome': () => json(current),
    'POST /api/me/welcome/dismiss': () => {
      current = { ...current, dismissed: true };
      return new Response(null, { status: 204 });
    },
  });
  renderInProviders(<Welcome thin={false} />, '/home');
  return { fetchMock, user: userEvent.setup() };
}

const dismissCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith('/api/me/welcome/dismiss') && init?.method === 'POST');

describe('Welcome checklist', () => {
  it('ticks the steps the answer says are done', async () => {
    setup(view({ profile: true, rsvp: true }));
    const list = await screen.findByRole('list', { name: 'First steps' }, LOAD);
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Add a photo and a bio, done',
      'Join a community, to do',
      'RSVP to an upcoming event, done',
      'Turn on notifications, to do',
      "Install the app, to doUse your browser's Install or Add to Home Screen.",
    ]);
    expect(screen.getByText('A few things to do in your first week: 2 of 5 done.')).toBeInTheDocument();
    // Steps to do link to where they are done; done ones are plain text.
    expect(within(list).getByRole('link', { name: 'Join a community' })).toHaveAttribute('href', '/communities');
    expect(within(list).getByRole('link', { name: 'Install the app' })).toHaveAttribute('href', '/get-app');
    expect(within(list).queryByRole('link', { name: 'Add a photo and a bio' })).toBeNull();
  });

  it('dismissing hides it at once and tells the server', async () => {
    const { fetchMock, user } = setup(view());
    await user.click(await screen.findByRole('button', { name: 'Dismiss welcome' }, LOAD));
    await waitFor(() => expect(screen.queryByRole('heading', { name: /Welcome to the club/ })).toBeNull());
    await waitFor(() => expect(dismissCalls(fetchMock)).toHaveLength(1));
  });

  it('is hidden when dismissed before, and when every step is done', async () => {
    localStorage.setItem('bayclub.installed', '1');
    try {
      const { fetchMock } = setup(view({ profile: true, communities: true, rsvp: true, notifications: true }));
      await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/me/welcome'))).toBe(true));
      // Let the answer land before asserting absence.
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.queryByRole('heading', { name: /Welcome to the club/ })).toBeNull();
    } finally {
      localStorage.removeItem('bayclub.installed');
    }
  });

  it('is hidden once dismissed on another device', async () => {
    const { fetchMock } = setup(view({}, true));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/me/welcome'))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('heading', { name: /Welcome to the club/ })).toBeNull();
  });
});
