import { vi } from 'vitest';

/** The key the test server hands out ('AQID' is the bytes 1, 2, 3). */
export const TEST_PUBLIC_KEY = 'AQID';
export const TEST_ENDPOINT = 'https://push.example.test/send/abc';

export interface FakeSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer | null; userVisibleOnly: boolean };
  toJSON: () => { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  unsubscribe: ReturnType<typeof vi.fn<() => Promise<boolean>>>;
}

export function fakeSubscription(endpoint = TEST_ENDPOINT, key: number[] = [1, 2, 3]): FakeSubscription {
  const sub: FakeSubscription = {
    endpoint,
    options: { applicationServerKey: new Uint8Array(key).buffer, userVisibleOnly: true },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'BNcR', auth: 'tBHI' } }),
    unsubscribe: vi.fn(async () => true),
  };
  return sub;
}

interface PushEnvOptions {
  permission?: NotificationPermission;
  /** What requestPermission() answers (or throws). */
  answer?: NotificationPermission | Error;
  subscription?: FakeSubscription | null;
  /** No service worker registered (the dev server, or a refused registration). */
  noRegistration?: boolean;
  subscribeError?: Error;
}

/**
 * A browser with push (jsdom has none): Notification, PushManager and a service worker registration whose
 * pushManager remembers its one subscription. Call `restorePushEnv` after the test.
 */
export function stubPushEnv(options: PushEnvOptions = {}) {
  let current: FakeSubscription | null = options.subscription ?? null;
  const NotificationStub = {
    permission: options.permission ?? 'default',
    requestPermission: vi.fn(async () => {
      if (options.answer instanceof Error) throw options.answer;
      NotificationStub.permission = options.answer ?? 'granted';
      return NotificationStub.permission;
    }),
  };
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (opts: PushSubscriptionOptionsInit) => {
      if (options.subscribeError) throw options.subscribeError;
      const key = opts.applicationServerKey as Uint8Array;
      const sub = fakeSubscription(TEST_ENDPOINT, [...key]);
      sub.unsubscribe.mockImplementation(async () => {
        if (current === sub) current = null;
        return true;
      });
      current = sub;
      return sub;
    }),
  };
  if (current) {
    const initial = current;
    initial.unsubscribe.mockImplementation(async () => {
      if (current === initial) current = null;
      return true;
    });
  }
  const registration = { pushManager };
  const serviceWorker = {
    getRegistration: vi.fn(async () => (options.noRegistration ? undefined : registration)),
    ready: new Promise(() => {}) as Promise<unknown>,
  };
  if (!options.noRegistration) serviceWorker.ready = Promise.resolve(registration);

  vi.stubGlobal('Notification', NotificationStub);
  vi.stubGlobal('PushManager', class PushManagerStub {});
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
  return { notification: NotificationStub, pushManager, serviceWorker, current: () => current };
}

export function restorePushEnv() {
  vi.unstubAllGlobals();
  delete (navigator as unknown as Record<string, unknown>).serviceWorker;
  sessionStorage.clear();
}
