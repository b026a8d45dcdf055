/// <reference lib="webworker" />
// The service worker's push logic, kept apart from sw.ts so it can be tested without a worker. Type-only imports:
// everything imported here ends up in /sw.js, and the shared package would bring zod along.
import type { PushPayload } from '@bayclub/shared';
import { decodeApplicationServerKey } from './vapid-key';

/** The app's own icon (public/); the server's manifest lists it too. */
export const NOTIFICATION_ICON = '/icon-192.png';
/** Not a spec text: shown only if a push arrives that is not our JSON (the browser insists on showing something). */
export const FALLBACK_TITLE = 'New notification';
/**
 * The same in Spanish. The worker cannot load the catalogues (they would bring the page's code into /sw.js) and does
 * not know the member's saved language, so it follows the browser's (issue 26).
 */
const FALLBACK_TITLE_ES = 'Nueva notificación';
const fallbackTitle = (languages: readonly string[] = []) =>
  languages.find((l) => /^(en|es)\b/i.test(l))?.toLowerCase().startsWith('es') ? FALLBACK_TITLE_ES : FALLBACK_TITLE;

/** What the handlers use of the worker's global scope, so tests can hand in plain objects. */
export interface WorkerScope {
  origin: string;
  clients: Pick<Clients, 'matchAll' | 'openWindow'>;
  registration: Pick<ServiceWorkerRegistration, 'showNotification' | 'pushManager'>;
  fetch: typeof fetch;
  /** The browser's languages (the worker's navigator.languages), for the fallback title. */
  languages?: readonly string[];
}

/** An in-app path for `url`: same-origin only, so a payload can never send a click to another site. */
export function appPath(url: unknown, origin: string): string {
  if (typeof url !== 'string') return '/';
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin ? `${parsed.pathname}${parsed.search}${parsed.hash}` : '/';
  } catch {
    return '/';
  }
}

/** The server's PushPayload; anything else still becomes a notification (Chrome requires one per push). */
export function parsePushPayload(text: string | null | undefined, origin: string, languages?: readonly string[]): PushPayload {
  let value: unknown = null;
  try {
    value = text ? JSON.parse(text) : null;
  } catch {
    value = null;
  }
  const p = (typeof value === 'object' && value !== null ? value : {}) as Partial<Record<keyof PushPayload, unknown>>;
  return {
    title: typeof p.title === 'string' && p.title ? p.title : fallbackTitle(languages),
    body: typeof p.body === 'string' ? p.body : '',
    url: appPath(p.url, origin),
    tag: typeof p.tag === 'string' && p.tag ? p.tag : 'bayclub',
  };
}

async function windowClients(scope: WorkerScope): Promise<readonly WindowClient[]> {
  const all = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return all.filter((client) => new URL(client.url).origin === scope.origin);
}

const pathOf = (url: string) => new URL(url).pathname;

/**
 * `push`: show the notification, unless a focused window already shows its page (the open chat sees the message
 * arrive over the socket). Skipping is allowed there: Chrome's userVisibleOnly rule exempts a site with a visible
 * tab ("Sites with a currently visible tab don't need to show notifications"), and a focused window is visible.
 */
export async function handlePush(scope: WorkerScope, data: { text(): string } | null): Promise<void> {
  const payload = parsePushPayload(data?.text(), scope.origin, scope.languages);
  const clients = await windowClients(scope);
  const target = pathOf(new URL(payload.url, scope.origin).href);
  const watching = clients.some((c) => c.focused && c.visibilityState === 'visible' && pathOf(c.url) === target);
  if (watching) return;
  const options: NotificationOptions & { renotify?: boolean } = {
    body: payload.body,
    tag: payload.tag,
    // The same tag replaces the conversation's earlier notification; renotify still alerts for the new message.
    renotify: true,
    icon: NOTIFICATION_ICON,
    data: { url: payload.url },
  };
  await scope.registration.showNotification(payload.title, options);
}

/**
 * `notificationclick`: close it, then bring an open window of the app to the notification's page (a window already
 * there is only focused), or open a new one.
 */
export async function handleNotificationClick(scope: WorkerScope, notification: Pick<Notification, 'close' | 'data'>): Promise<void> {
  notification.close();
  const path = appPath((notification.data as { url?: unknown } | null)?.url, scope.origin);
  const url = new URL(path, scope.origin).href;
  const clients = await windowClients(scope);
  const client = clients.find((c) => c.url === url) ?? clients.find((c) => c.focused) ?? clients[0];
  if (client) {
    try {
      const focused = await client.focus();
      if (focused.url !== url) await focused.navigate(url);
      return;
    } catch {
      // navigate() refuses a window this worker does not control (e.g. after a hard reload): open a new one.
    }
  }
  await scope.clients.openWindow(url);
}

async function postJson(scope: WorkerScope, path: string, body: unknown) {
  return scope.fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
}

/**
 * `pushsubscriptionchange`: the push service replaced or expired the subscription. Subscribe again with the same
 * key (asking the server for it when the old one is gone) and save the new one; the member's session cookie goes
 * with the request. The old endpoint is turned off so the server stops trying it.
 */
export async function handleSubscriptionChange(
  scope: WorkerScope,
  event: { oldSubscription: PushSubscription | null; newSubscription: PushSubscription | null },
): Promise<void> {
  let subscription = event.newSubscription;
  if (!subscription) {
    let key: BufferSource | null = event.oldSubscription?.options.applicationServerKey ?? null;
    if (!key) {
      const res = await scope.fetch('/api/push/public-key', { credentials: 'same-origin', headers: { accept: 'application/json' } });
      if (!res.ok) return;
      key = decodeApplicationServerKey(((await res.json()) as { publicKey: string }).publicKey);
    }
    subscription = await scope.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  }
  await postJson(scope, '/api/push/subscriptions', { subscription: subscription.toJSON() });
  const old = event.oldSubscription?.endpoint;
  if (old && old !== subscription.endpoint) await postJson(scope, '/api/push/unsubscribe', { endpoint: old });
}
