import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { realtime } from '#/lib/realtime/realtime-client';
import { json, mockApi, renderApp, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';

const LOAD = { timeout: 5000 };

const unreadCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === '/api/messages/unread-count');

describe("the side menu's Messages badge", () => {
  it('shows the unread messages count, kept current by the socket, with 99+ above 99', async () => {
    mockApi({
      ...signedInAs(makeMe()),
      'GET /api/messages/unread-count': () => json({ count: 3 }),
      'GET /api/conversations': () => json({ items: [], nextCursor: null }),
    });
    renderApp('/inbox');
    const menu = await screen.findByTestId('side-menu', {}, LOAD);
    const link = within(menu).getByRole('link', { name: 'Messages' });
    await waitFor(() => expect(link).toHaveAccessibleDescription('3 unread messages'), LOAD);
    expect(link).toHaveTextContent('3');

    act(() => realtime.emitForTest({ type: 'unread', messages: 150, notifications: 0 }));
    await waitFor(() => expect(link).toHaveAccessibleDescription('99+ unread messages'));
    expect(link).toHaveTextContent('99+');

    act(() => realtime.emitForTest({ type: 'unread', messages: 0, notifications: 0 }));
    await waitFor(() => expect(link).not.toHaveAccessibleDescription());
    expect(link).toHaveTextContent(/^Messages$/);
  });

  it('is not asked for by members who cannot message', async () => {
    const fetchMock = mockApi({
      ...signedInAs(makeMe({ accountType: 'community_only' })),
      'GET /api/messages/unread-count': () => json({ count: 3 }),
    });
    renderApp('/profile');
    await screen.findByTestId('side-menu', {}, LOAD);
    await screen.findByRole('heading', { level: 1 }, LOAD);
    expect(unreadCalls(fetchMock)).toHaveLength(0);
  });
});
