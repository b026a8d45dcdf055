import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFICATION_MESSAGES, PUSH_MESSAGES, type NotificationView, type Page } from '@bayclub/shared';
import { apiError, json, mockApi, never, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { OWN_ID } from '#/features/gallery/gallery-fixtures';
import { fakeSubscription, restorePushEnv, stubPushEnv, TEST_ENDPOINT, TEST_PUBLIC_KEY } from '#/features/push/push-test-utils';
import pushEn from '#/features/push/locales/en.json';
import { makeMessageNotification, makeNotification } from './notification-fixtures';
import en from './locales/en.json';

const PUSH_TOGGLE_LABEL = pushEn['push.toggle.label'];
const MARK_READ_FAILED = en['notifications.markReadFailed'];
const UNREAD_LABEL = en['notifications.item.unread'];
const LOAD_MORE_LABEL = en['notifications.list.loadMore'];
const RETRY_LABEL = en['notifications.list.retry'];

vi.mock('#/features/messaging/chat-page', () => ({ ChatPage: () => <h1>Chat page</h1> }));

/** Whole-app renders can take a few seconds while other test files run. */
const LOAD = { timeout: 5000 };
const CONVERSATION = '20000000-0000-4000-8000-000000000001';

afterEach(() => {
  vi.useRealTimers();
  restorePushEnv();
});

const page = (items: NotificationView[], nextCursor: string | null = null): Page<NotificationView> => ({ items, nextCursor });

function panelApi(handlers: Record<string, Handler> = {}) {
  return mockApi({
    ...signedInAs(makeMe()),
    [`GET /api/profiles/${OWN_ID}/images`]: () => json({ items: [] }),
    'GET /api/notifications/unread-count': () => json({ count: 0 }),
    'GET /api/notifications': () => json(page([])),
    ...handlers,
  });
}

async function openPanel(path = '/profile') {
  const user = userEvent.setup();
  const utils = renderApp(path);
  await screen.findByRole('heading', { level: 1 }, LOAD);
  await user.click(screen.getByRole('button', { name: 'Settings' }));
  await user.click(screen.getByRole('menuitem', { name: /Notifications/ }));
  const panel = await screen.findByRole('dialog', { name: NOTIFICATION_MESSAGES.title });
  return { ...utils, user, panel };
}

const calls = (fetchMock: ReturnType<typeof mockApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).split('?')[0] === path && (init?.method ?? 'GET') === method);

/** The count on the Settings button (behind the open panel, so hidden from the accessibility tree). */
const settingsBadge = () => within(screen.getByRole('button', { name: 'Settings', hidden: true })).queryByText(/^\d+\+?$/);

describe('notifications panel states (spec 2)', () => {
  it("says 'Loading notifications...' while the list loads", async () => {
    panelApi({ 'GET /api/notifications': never });
    const { panel } = await openPanel();
    expect(within(panel).getByRole('status')).toHaveTextContent(NOTIFICATION_MESSAGES.loading);
  });

  it("says 'No notifications yet' when there are none, with Mark all read disabled", async () => {
    panelApi();
    const { panel } = await openPanel();
    expect(await within(panel).findByText(NOTIFICATION_MESSAGES.empty)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: NOTIFICATION_MESSAGES.markAllRead })).toBeDisabled();
  });

  it('shows the failure with Retry, and Retry loads the list', async () => {
    let fail = true;
    panelApi({
      'GET /api/notifications': () => (fail ? apiError(500, 'INTERNAL', 'Internal error') : json(page([makeNotification({ title: 'Back again' })]))),
    });
    const { panel, user } = await openPanel();
    const alert = await within(panel).findByRole('alert', {}, LOAD);
    expect(alert).toHaveTextContent(NOTIFICATION_MESSAGES.loadFailed);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: RETRY_LABEL }));
    expect(await within(panel).findByText('Back again')).toBeInTheDocument();
  });

  it("lists the newest first with 'Just now', 'Nh ago' or the date, and marks unread ones", async () => {
    vi.setSystemTime(new Date('2025-06-01T12:00:00.000Z'));
    const items = [
      makeNotification({ title: 'Fresh', message: 'Ten minutes old', createdAt: '2025-06-01T11:50:00.000Z' }),
      makeNotification({ title: 'Earlier', message: 'Five hours old', createdAt: '2025-06-01T07:00:00.000Z', readAt: '2025-06-01T08:00:00.000Z' }),
      makeNotification({ title: 'Old news', message: 'Three days old', createdAt: '2025-05-29T12:00:00.000Z', readAt: '2025-05-30T08:00:00.000Z' }),
    ];
    const fetchMock = panelApi({
      'GET /api/notifications/unread-count': () => json({ count: 1 }),
      'GET /api/notifications': () => json(page(items)),
    });
    const { panel } = await openPanel();
    const list = await within(panel).findByRole('list', { name: NOTIFICATION_MESSAGES.title });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('time')?.textContent)).toEqual(['Just now', '5h ago', '5/29/2025']);
    expect(rows[0]).toHaveTextContent('Fresh');
    expect(rows[0]).toHaveTextContent('Ten minutes old');
    expect(within(rows[0]!).getByText(UNREAD_LABEL)).toHaveClass('sr-only');
    expect(within(rows[1]!).queryByText(UNREAD_LABEL)).not.toBeInTheDocument();
    // A read notification that leads nowhere is text, not a button that does nothing.
    expect(within(rows[2]!).queryByRole('button')).not.toBeInTheDocument();
    expect(String(calls(fetchMock, 'GET', '/api/notifications')[0]?.[0])).toBe('/api/notifications?limit=20');
  });

  it("loads older notifications with the cursor on 'Load more'", async () => {
    const fetchMock = panelApi({
      'GET /api/notifications': ({ url }) =>
        new URL(url, 'http://localhost').searchParams.get('cursor') === 'older'
          ? json(page([makeNotification({ title: 'From page two' })]))
          : json(page([makeNotification({ title: 'From page one' })], 'older')),
    });
    const { panel, user } = await openPanel();
    await within(panel).findByText('From page one');
    await user.click(within(panel).getByRole('button', { name: LOAD_MORE_LABEL }));
    expect(await within(panel).findByText('From page two')).toBeInTheDocument();
    expect(String(calls(fetchMock, 'GET', '/api/notifications')[1]?.[0])).toBe('/api/notifications?limit=20&cursor=older');
    expect(within(panel).queryByRole('button', { name: LOAD_MORE_LABEL })).not.toBeInTheDocument();
  });

  it('opens from /profile?notifications=open and drops the flag on close', async () => {
    panelApi();
    const { router, user } = await (async () => {
      const u = userEvent.setup();
      const utils = renderApp('/profile?notifications=open');
      await screen.findByRole('dialog', { name: NOTIFICATION_MESSAGES.title }, LOAD);
      return { ...utils, user: u };
    })();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
  });
});

describe('marking read', () => {
  it('marks all read at once, before the server answers: request without ids, rows and badge clear', async () => {
    const items = [makeNotification({ title: 'One' }), makeNotification({ title: 'Two' })];
    let answer: (response: Response) => void = () => {};
    const fetchMock = panelApi({
      'GET /api/notifications/unread-count': () => json({ count: 2 }),
      'GET /api/notifications': () => json(page(items)),
      'POST /api/notifications/mark-read': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { panel, user } = await openPanel();
    await within(panel).findByText('One');
    expect(settingsBadge()).toHaveTextContent('2');
    expect(within(panel).getAllByText(UNREAD_LABEL)).toHaveLength(2);

    await user.click(within(panel).getByRole('button', { name: NOTIFICATION_MESSAGES.markAllRead }));
    await waitFor(() => expect(within(panel).queryByText(UNREAD_LABEL)).not.toBeInTheDocument());
    expect(settingsBadge()).toBeNull();
    expect(within(panel).getByRole('button', { name: NOTIFICATION_MESSAGES.markAllRead })).toBeDisabled();
    const [request] = calls(fetchMock, 'POST', '/api/notifications/mark-read');
    expect(JSON.parse(String(request?.[1]?.body))).toEqual({});

    answer(json({ count: 0 }));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/api/notifications/mark-read')).toHaveLength(1));
    expect(settingsBadge()).toBeNull();
    expect(within(panel).queryByText(UNREAD_LABEL)).not.toBeInTheDocument();
  });

  it('turns them unread again and re-reads the count when the server refuses', async () => {
    const items = [makeNotification({ title: 'One' }), makeNotification({ title: 'Two' })];
    panelApi({
      'GET /api/notifications/unread-count': () => json({ count: 2 }),
      'GET /api/notifications': () => json(page(items)),
      'POST /api/notifications/mark-read': () => apiError(500, 'INTERNAL', 'Internal error'),
    });
    const { panel, user } = await openPanel();
    await within(panel).findByText('One');
    await user.click(within(panel).getByRole('button', { name: NOTIFICATION_MESSAGES.markAllRead }));
    expect(await screen.findByText(MARK_READ_FAILED)).toBeInTheDocument();
    expect(within(panel).getAllByText(UNREAD_LABEL)).toHaveLength(2);
    await waitFor(() => expect(settingsBadge()).toHaveTextContent('2'));
    expect(within(panel).getByRole('button', { name: NOTIFICATION_MESSAGES.markAllRead })).toBeEnabled();
  });

  it('a message notification is marked read and opens its chat', async () => {
    const notification = makeMessageNotification(CONVERSATION, { message: 'Alex: see you at 7?' });
    const fetchMock = panelApi({
      'GET /api/notifications/unread-count': () => json({ count: 1 }),
      'GET /api/notifications': () => json(page([notification])),
      'POST /api/notifications/mark-read': () => json({ count: 0 }),
    });
    const { panel, user, router } = await openPanel();
    await user.click(await within(panel).findByRole('button', { name: /Alex: see you at 7\?/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${CONVERSATION}`));
    expect(await screen.findByRole('heading', { name: 'Chat page' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: NOTIFICATION_MESSAGES.title })).not.toBeInTheDocument();
    const [request] = calls(fetchMock, 'POST', '/api/notifications/mark-read');
    expect(JSON.parse(String(request?.[1]?.body))).toEqual({ ids: [notification.id] });
  });

  it('an unread notification that leads nowhere is marked read and the panel stays', async () => {
    const notification = makeNotification({ title: 'Welcome aboard' });
    const fetchMock = panelApi({
      'GET /api/notifications/unread-count': () => json({ count: 1 }),
      'GET /api/notifications': () => json(page([notification])),
      'POST /api/notifications/mark-read': () => json({ count: 0 }),
    });
    const { panel, user, router } = await openPanel();
    await user.click(await within(panel).findByRole('button', { name: /Welcome aboard/ }));
    expect(within(panel).queryByText(UNREAD_LABEL)).not.toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/notifications/mark-read')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/profile');
    expect(screen.getByRole('dialog', { name: NOTIFICATION_MESSAGES.title })).toBeInTheDocument();
  });
});

describe('push switch in the panel', () => {
  const pushHandlers: Record<string, Handler> = {
    'GET /api/push/public-key': () => json({ publicKey: TEST_PUBLIC_KEY }),
    'POST /api/push/subscriptions': () => json({ active: true }, 201),
  };

  it('says when the browser cannot push', async () => {
    panelApi();
    const { panel } = await openPanel();
    expect(await within(panel).findByText(PUSH_MESSAGES.notSupported)).toBeInTheDocument();
    expect(within(panel).queryByRole('switch')).not.toBeInTheDocument();
  });

  it('turns push on with the enable flow', async () => {
    const env = stubPushEnv({ permission: 'default' });
    const fetchMock = panelApi(pushHandlers);
    const { panel, user } = await openPanel();
    const toggle = await within(panel).findByRole('switch', { name: PUSH_TOGGLE_LABEL });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText(PUSH_MESSAGES.enabled)).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
    expect(env.notification.requestPermission).toHaveBeenCalled();
    expect(calls(fetchMock, 'POST', '/api/push/subscriptions')).toHaveLength(1);
  });

  it('turns push off: the server marks it inactive and the browser drops it', async () => {
    const subscription = fakeSubscription();
    const env = stubPushEnv({ permission: 'granted', subscription });
    const fetchMock = panelApi({ ...pushHandlers, 'POST /api/push/unsubscribe': () => new Response(null, { status: 204 }) });
    const { panel, user } = await openPanel();
    const toggle = await within(panel).findByRole('switch', { name: PUSH_TOGGLE_LABEL });
    await waitFor(() => expect(toggle).toBeChecked());
    await user.click(toggle);
    expect(await screen.findByText(PUSH_MESSAGES.disabled)).toBeInTheDocument();
    const [request] = calls(fetchMock, 'POST', '/api/push/unsubscribe');
    expect(JSON.parse(String(request?.[1]?.body))).toEqual({ endpoint: TEST_ENDPOINT });
    expect(subscription.unsubscribe).toHaveBeenCalled();
    expect(env.current()).toBeNull();
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  it('keeps push on and says so when turning it off fails', async () => {
    const subscription = fakeSubscription();
    stubPushEnv({ permission: 'granted', subscription });
    panelApi({ ...pushHandlers, 'POST /api/push/unsubscribe': () => apiError(500, 'INTERNAL', 'Internal error') });
    const { panel, user } = await openPanel();
    const toggle = await within(panel).findByRole('switch', { name: PUSH_TOGGLE_LABEL });
    await waitFor(() => expect(toggle).toBeChecked());
    await user.click(toggle);
    expect(await screen.findByText(PUSH_MESSAGES.disableFailed)).toBeInTheDocument();
    expect(subscription.unsubscribe).not.toHaveBeenCalled();
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it('explains a blocked permission and cannot be switched', async () => {
    stubPushEnv({ permission: 'denied' });
    panelApi();
    const { panel } = await openPanel();
    const toggle = await within(panel).findByRole('switch', { name: PUSH_TOGGLE_LABEL });
    await waitFor(() => expect(toggle).toHaveAccessibleDescription(PUSH_MESSAGES.permissionDenied));
    expect(toggle).toBeDisabled();
  });
});
