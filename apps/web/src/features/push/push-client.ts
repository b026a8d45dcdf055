import { PUSH_MESSAGES } from '@bayclub/shared';
import { api } from '#/lib/api';
import { decodeApplicationServerKey } from './vapid-key';

/** A push failure whose message is one of the spec's PUSH_MESSAGES, fit to show as is. */
export class PushError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PushError';
  }
}

/** Spec 4: push needs a service worker, the Push API and the Notifications API. */
export function isPushSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

export type PushStatus =
  | { supported: false }
  | { supported: true; permission: NotificationPermission; subscribed: boolean };

/**
 * The browser's side of push. getRegistration() rather than `serviceWorker.ready`: ready never settles where no
 * worker is registered (the dev server, or a browser that refused the registration), and that means no push.
 */
export async function readPushStatus(): Promise<PushStatus> {
  if (!isPushSupported()) return { supported: false };
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return { supported: false };
  const subscription = await registration.pushManager.getSubscription();
  return { supported: true, permission: Notification.permission, subscribed: subscription !== null };
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/** The active registration (subscribe() needs an active worker); PushError notSupported when there is none. */
async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  if (!isPushSupported() || !(await navigator.serviceWorker.getRegistration())) {
    throw new PushError(PUSH_MESSAGES.notSupported);
  }
  return navigator.serviceWorker.ready;
}

/**
 * This browser's subscription for the server's current key. A subscription made for another key (the server's
 * VAPID keys changed) can receive nothing, and subscribe() refuses to replace it, so it is dropped first.
 */
async function subscriptionFor(registration: ServiceWorkerRegistration, publicKey: string): Promise<PushSubscription> {
  const applicationServerKey = decodeApplicationServerKey(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameBytes(existing.options.applicationServerKey, applicationServerKey)) return existing;
  if (existing) await existing.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
}

const fetchPublicKey = async () => (await api.get<{ publicKey: string }>('/api/push/public-key')).publicKey;

const saveSubscription = (subscription: PushSubscription) =>
  api.post<{ active: boolean }>('/api/push/subscriptions', { subscription: subscription.toJSON() });

export type EnableResult = 'enabled' | 'dismissed';

/**
 * Spec 4: ask permission, subscribe, save the subscription as active. Resolves 'dismissed' when the member closed
 * the browser's question without answering; every failure is a PushError with the spec's message.
 */
export async function enablePush(): Promise<EnableResult> {
  if (!isPushSupported()) throw new PushError(PUSH_MESSAGES.notSupported);
  let permission: NotificationPermission;
  try {
    permission = await Notification.requestPermission();
  } catch {
    throw new PushError(PUSH_MESSAGES.permissionFailed);
  }
  if (permission === 'denied') throw new PushError(PUSH_MESSAGES.permissionDenied);
  if (permission !== 'granted') return 'dismissed';

  let subscription: PushSubscription;
  try {
    const registration = await activeRegistration();
    subscription = await subscriptionFor(registration, await fetchPublicKey());
  } catch (error) {
    if (error instanceof PushError) throw error;
    throw new PushError(PUSH_MESSAGES.enableFailed);
  }
  try {
    await saveSubscription(subscription);
  } catch {
    // A browser subscription the server does not know would look "on" here while nothing is ever sent.
    await subscription.unsubscribe().catch(() => false);
    throw new PushError(PUSH_MESSAGES.saveFailed);
  }
  return 'enabled';
}

/** Spec 4: disabling marks the subscription inactive on the server, then drops it in the browser. */
export async function disablePush(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return;
    await api.post<void>('/api/push/unsubscribe', { endpoint: subscription.endpoint });
    if (!(await subscription.unsubscribe())) throw new Error('unsubscribe refused');
  } catch {
    throw new PushError(PUSH_MESSAGES.disableFailed);
  }
}

/**
 * Re-save this browser's subscription for the signed-in member when push is already on. The save is an upsert by
 * endpoint, so it heals a subscription the server turned off (another account used this browser, or the push
 * service rotated it while no worker ran) and follows a change of the server's key. Quiet: nothing to tell anyone.
 */
export async function syncPushSubscription(): Promise<void> {
  if (!isPushSupported() || Notification.permission !== 'granted') return;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration || !(await registration.pushManager.getSubscription())) return;
  const active = await navigator.serviceWorker.ready;
  await saveSubscription(await subscriptionFor(active, await fetchPublicKey()));
}

/**
 * For sign-out: turn this browser's subscription off on the server while the session still exists, so a signed-out
 * browser gets no pushes for the account. The browser keeps its subscription; the next sign-in re-saves it.
 */
export async function deactivatePushOnServer(): Promise<void> {
  if (!isPushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) await api.post<void>('/api/push/unsubscribe', { endpoint: subscription.endpoint });
}
