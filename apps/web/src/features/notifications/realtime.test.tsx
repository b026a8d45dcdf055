import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFICATION_MESSAGES, type NotificationView } from '@bayclub/shared';
import { realtime } from '#/lib/realtime/realtime-client';
import { json, mockApi, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { OWN_ID } from '#/features/gallery/gallery-fixtures';
import { makeMessageNotification, makeNotification } from './notification-fixtures';
import { notificationKeys } from './api';

/** Whole-app renders can take a few seconds while other test files run. */
const LOAD = { timeout: 5000 };
const CONVERSATION = '20000000-0000-4000-8000-000000000002';

const restores: Array<() => void> = [];
afterEach(() => {
  restores.splice(0).forEach((restore) => restore());
});

function bridgeApi(items: NotificationView[], unread: number, extra: Record<string, Handler> = {}) {
  return mockApi({
    ...signedInAs(makeMe()),
    [`GET /api/profiles/${OWN_ID}/images`]: () => json({ items: [] }),
    'GET /api/notifications/unread-count': () => json({ count: unread }),
    'GET /api/notifications': () => json({ items, nextCursor: null }),
    ...extra,
  });
}

async function openPanel() {
  const user = userEvent.setup();
  const utils = renderApp('/profile');
  await screen.findByRole('heading', { level: 1 }, LOAD);
  await user.click(screen.getByRole('button', { name: 'Settings' }));
  await user.click(screen.getByRole('menuitem', { name: /Notifications/ }));
  const panel = await screen.findByRole('dialog', { name: NOTIFICATION_MESSAGES.title });
  const list = await within(panel).findByRole('list', { name: NOTIFICATION_MESSAGES.title });
  return { ...utils, user, panel, list };
}

const titles = (list: HTMLElement) => within(list).getAllByRole('listitem').map((li) => li.querySelector('.truncate')?.textContent);
const emit = (event: Parameters<typeof realtime.emitForTest>[0]) => act(() => realtime.emitForTest(event));

describe('notifications from the socket', () => {
  it('puts a new notification on top of the open list', async () => {
    bridgeApi([makeNotification({ title: 'Older' })], 1);
    const { list } = await openPanel();
    emit({ type: 'notification', notification: makeNotification({ title: 'Brand new' }) });
    await waitFor(() => expect(titles(list)).toEqual(['Brand new', 'Older']));
  });

  it("moves an updated message notification to the top with its new text, once", async () => {
    const chat = makeMessageNotification(CONVERSATION, { message: 'Alex: hi', createdAt: '2025-06-01T10:00:00.000Z' });
    const other = makeNotification({ title: 'Newer news', createdAt: '2025-06-01T11:00:00.000Z' });
    bridgeApi([other, chat], 2);
    const { list } = await openPanel();
    expect(titles(list)).toEqual(['Newer news', 'New message']);

    emit({ type: 'notification', notification: { ...chat, message: 'Alex: are you coming?', createdAt: '2025-06-01T12:00:00.000Z' } });
    await waitFor(() => expect(titles(list)).toEqual(['New message', 'Newer news']));
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Alex: are you coming?');
    expect(list).not.toHaveTextContent('Alex: hi');
  });

  it("sets the badge from 'unread' events", async () => {
    bridgeApi([], 0);
    renderApp('/profile');
    const settings = await screen.findByRole('button', { name: 'Settings' }, LOAD);
    expect(within(settings).queryByText('7')).not.toBeInTheDocument();
    emit({ type: 'unread', messages: 3, notifications: 7 });
    expect(await within(settings).findByText('7')).toBeInTheDocument();
    expect(settings).toHaveAccessibleDescription('7 unread notifications');
    emit({ type: 'unread', messages: 3, notifications: 0 });
    await waitFor(() => expect(within(settings).queryByText('7')).not.toBeInTheDocument());
  });

  it("leaves data loaded since the connection opened alone on 'ready'", async () => {
    const fetchMock = bridgeApi([makeNotification({ title: 'Current' })], 1);
    const { list } = await openPanel();
    const before = fetchMock.mock.calls.length;
    const openedAt = realtime.openedAt;
    realtime.openedAt = 1;
    restores.push(() => (realtime.openedAt = openedAt));
    emit({ type: 'ready', replayed: 0, truncated: false });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(fetchMock.mock.calls.length).toBe(before);
    expect(titles(list)).toEqual(['Current']);
  });

  it("refetches the list and the count on 'ready' (what was missed offline)", async () => {
    let items = [makeNotification({ title: 'Before' })];
    let unread = 1;
    const fetchMock = bridgeApi([], 0, {
      'GET /api/notifications/unread-count': () => json({ count: unread }),
      'GET /api/notifications': () => json({ items, nextCursor: null }),
    });
    const { list } = await openPanel();
    expect(titles(list)).toEqual(['Before']);
    items = [makeNotification({ title: 'Missed while offline' }), ...items];
    unread = 4;
    const listCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/notifications?')).length;
    const before = listCalls();
    // The socket (re)opened after the list and the count were loaded.
    const openedAt = realtime.openedAt;
    realtime.openedAt = Date.now() + 1;
    restores.push(() => (realtime.openedAt = openedAt));
    emit({ type: 'ready', replayed: 0, truncated: false });
    await waitFor(() => expect(titles(list)).toEqual(['Missed while offline', 'Before']));
    expect(listCalls()).toBe(before + 1);
    await waitFor(() => expect(within(screen.getByRole('button', { name: 'Settings', hidden: true })).getByText('4')).toBeInTheDocument());
  });

  it('toasts a new non-message notification quietly while the app is visible, never a message one', async () => {
    bridgeApi([], 0);
    const { queryClient } = renderApp('/profile');
    await screen.findByRole('button', { name: 'Settings' }, LOAD);
    emit({ type: 'notification', notification: makeMessageNotification(CONVERSATION, { message: 'Alex: psst' }) });
    emit({ type: 'notification', notification: makeNotification({ title: 'You have a new match', message: 'Say hello to Alex' }) });
    expect(await screen.findByText('You have a new match')).toBeInTheDocument();
    expect(screen.getByText('Say hello to Alex')).toBeInTheDocument();
    expect(screen.queryByText('Alex: psst')).not.toBeInTheDocument();
    // Without an open list nothing is cached: the panel fetches when it opens.
    expect(queryClient.getQueryData(notificationKeys.list)).toBeUndefined();
  });

  it('toasts nothing while the tab is hidden', async () => {
    bridgeApi([], 0);
    renderApp('/profile');
    await screen.findByRole('button', { name: 'Settings' }, LOAD);
    const spy = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    restores.push(() => spy.mockRestore());
    emit({ type: 'notification', notification: makeNotification({ title: 'Hidden news' }) });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByText('Hidden news')).not.toBeInTheDocument();
  });
});
