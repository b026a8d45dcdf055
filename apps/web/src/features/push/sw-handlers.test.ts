import { describe, expect, it, vi } from 'vitest';
import {
  appPath,
  FALLBACK_TITLE,
  handleNotificationClick,
  handlePush,
  handleSubscriptionChange,
  NOTIFICATION_ICON,
  parsePushPayload,
  type WorkerScope,
} from './sw-handlers';
import { fakeSubscription } from './push-test-utils';

const ORIGIN = 'https://bay.example';

interface FakeClient {
  url: string;
  focused: boolean;
  visibilityState: DocumentVisibilityState;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

function client(
  path: string,
  { focused = false, visible, navigateFails = false }: { focused?: boolean; visible?: boolean; navigateFails?: boolean } = {},
): FakeClient {
  const c: FakeClient = {
    url: `${path.startsWith('http') ? '' : ORIGIN}${path}`,
    focused,
    visibilityState: (visible ?? focused) ? 'visible' : 'hidden',
    focus: vi.fn(async () => c),
    navigate: vi.fn(async (url: string) => {
      if (navigateFails) throw new TypeError('not controlled');
      c.url = url;
      return c;
    }),
  };
  return c;
}

function scope(clients: FakeClient[] = [], fetchImpl?: typeof fetch) {
  const showNotification = vi.fn(async () => {});
  const openWindow = vi.fn(async () => null);
  const subscribe = vi.fn(async () => fakeSubscription('https://push.example.test/new'));
  const fetchMock = vi.fn(fetchImpl ?? (async () => new Response(null, { status: 201 })));
  const s = {
    origin: ORIGIN,
    clients: { matchAll: vi.fn(async () => clients), openWindow },
    registration: { showNotification, pushManager: { subscribe } },
    fetch: fetchMock,
  } as unknown as WorkerScope;
  return { scope: s, showNotification, openWindow, subscribe, fetchMock };
}

const data = (payload: unknown) => ({ text: () => (typeof payload === 'string' ? payload : JSON.stringify(payload)) });
const message = { title: 'Alex', body: 'See you at 7?', url: '/chat/c1', tag: 'conversation-c1' };

describe('push payloads', () => {
  it('keeps only in-app paths', () => {
    expect(appPath('/chat/c1', ORIGIN)).toBe('/chat/c1');
    expect(appPath(`${ORIGIN}/profile?notifications=open`, ORIGIN)).toBe('/profile?notifications=open');
    expect(appPath('https://evil.example/x', ORIGIN)).toBe('/');
    expect(appPath('//evil.example/x', ORIGIN)).toBe('/');
    expect(appPath(42, ORIGIN)).toBe('/');
  });

  it('reads the PushPayload and survives anything else', () => {
    expect(parsePushPayload(JSON.stringify(message), ORIGIN)).toEqual(message);
    expect(parsePushPayload('not json', ORIGIN)).toEqual({ title: FALLBACK_TITLE, body: '', url: '/', tag: 'bayclub' });
    expect(parsePushPayload(null, ORIGIN).title).toBe(FALLBACK_TITLE);
    // A Spanish browser's fallback is Spanish (the worker knows only the browser's languages).
    expect(parsePushPayload(null, ORIGIN, ['es-US', 'en']).title).toBe('Nueva notificación');
    expect(parsePushPayload(null, ORIGIN, ['fr-FR', 'en-US', 'es']).title).toBe(FALLBACK_TITLE);
  });
});

describe('push event', () => {
  it('shows the notification with its tag, icon and url', async () => {
    const { scope: s, showNotification } = scope([client('/profile', { focused: true })]);
    await handlePush(s, data(message));
    expect(showNotification).toHaveBeenCalledWith('Alex', {
      body: 'See you at 7?',
      tag: 'conversation-c1',
      renotify: true,
      icon: NOTIFICATION_ICON,
      data: { url: '/chat/c1' },
    });
  });

  it('stays quiet when a focused window already shows that page', async () => {
    const { scope: s, showNotification } = scope([client('/chat/c1', { focused: true })]);
    await handlePush(s, data(message));
    expect(showNotification).not.toHaveBeenCalled();
  });

  it('still shows it when that page is open but not focused', async () => {
    const { scope: s, showNotification } = scope([client('/chat/c1', { focused: false, visible: false })]);
    await handlePush(s, data(message));
    expect(showNotification).toHaveBeenCalledTimes(1);
  });

  it('shows something for a payload it cannot read', async () => {
    const { scope: s, showNotification } = scope();
    await handlePush(s, data('garbage'));
    expect(showNotification).toHaveBeenCalledWith(FALLBACK_TITLE, expect.objectContaining({ data: { url: '/' } }));
  });
});

describe('notification click', () => {
  const notification = (url: unknown = '/chat/c1') => ({ close: vi.fn(), data: { url } });

  it('focuses a window already on the page without navigating it', async () => {
    const there = client('/chat/c1');
    const { scope: s, openWindow } = scope([client('/profile'), there]);
    const n = notification();
    await handleNotificationClick(s, n);
    expect(n.close).toHaveBeenCalled();
    expect(there.focus).toHaveBeenCalled();
    expect(there.navigate).not.toHaveBeenCalled();
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('brings an open window of the app to the page', async () => {
    const open = client('/profile', { focused: true });
    const { scope: s, openWindow } = scope([client('https://other.example/'), open]);
    await handleNotificationClick(s, notification());
    expect(open.focus).toHaveBeenCalled();
    expect(open.navigate).toHaveBeenCalledWith(`${ORIGIN}/chat/c1`);
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('opens a window when none is open, or when the open one cannot be navigated', async () => {
    const first = scope([client('https://other.example/')]);
    await handleNotificationClick(first.scope, notification());
    expect(first.openWindow).toHaveBeenCalledWith(`${ORIGIN}/chat/c1`);

    const second = scope([client('/profile', { navigateFails: true })]);
    await handleNotificationClick(second.scope, notification());
    expect(second.openWindow).toHaveBeenCalledWith(`${ORIGIN}/chat/c1`);
  });

  it('never leaves the app for a foreign url', async () => {
    const { scope: s, openWindow } = scope();
    await handleNotificationClick(s, notification('https://evil.example/phish'));
    expect(openWindow).toHaveBeenCalledWith(`${ORIGIN}/`);
  });
});

describe('pushsubscriptionchange', () => {
  const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body)) as unknown;

  it('subscribes again with the old key, saves the new subscription and turns the old one off', async () => {
    const old = fakeSubscription('https://push.example.test/old', [7, 7, 7]);
    const { scope: s, subscribe, fetchMock } = scope();
    await handleSubscriptionChange(s, { oldSubscription: old as unknown as PushSubscription, newSubscription: null });
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: old.options.applicationServerKey });
    const [save, off] = fetchMock.mock.calls;
    expect(save?.[0]).toBe('/api/push/subscriptions');
    expect(save?.[1]).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(bodyOf(save!)).toEqual({ subscription: expect.objectContaining({ endpoint: 'https://push.example.test/new' }) });
    expect(off?.[0]).toBe('/api/push/unsubscribe');
    expect(bodyOf(off!)).toEqual({ endpoint: 'https://push.example.test/old' });
  });

  it('saves a subscription the browser already made', async () => {
    const fresh = fakeSubscription('https://push.example.test/fresh');
    const { scope: s, subscribe, fetchMock } = scope();
    await handleSubscriptionChange(s, { oldSubscription: null, newSubscription: fresh as unknown as PushSubscription });
    expect(subscribe).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(bodyOf(fetchMock.mock.calls[0]!)).toEqual({ subscription: expect.objectContaining({ endpoint: 'https://push.example.test/fresh' }) });
  });

  it('asks the server for the key when the old subscription is gone', async () => {
    const { scope: s, subscribe, fetchMock } = scope([], async (input) =>
      input === '/api/push/public-key'
        ? new Response(JSON.stringify({ publicKey: 'AQID' }), { status: 200 })
        : new Response(null, { status: 201 }),
    );
    await handleSubscriptionChange(s, { oldSubscription: null, newSubscription: null });
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: new Uint8Array([1, 2, 3]) });
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/push/public-key', '/api/push/subscriptions']);
  });
});
