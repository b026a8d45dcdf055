import { z } from 'zod';

/** Spec section 8: push errors, and the prompt's texts (the prompt's wording is not shown in the spec). */
export const PUSH_MESSAGES = {
  notSupported: 'Push notifications are not supported in this browser',
  permissionDenied: 'Push notification permission denied',
  permissionFailed: 'Failed to request notification permission',
  saveFailed: 'Failed to save push subscription',
  enableFailed: 'Failed to enable push notifications',
  disableFailed: 'Failed to disable push notifications',
  promptTitle: 'Turn on notifications',
  promptBody: 'Get a notification on this device when you receive a message, a hello or a match.',
  enable: 'Enable',
  dismiss: 'Not now',
  enabled: 'Push notifications enabled',
  disabled: 'Push notifications disabled',
  /** iPhone and iPad: Safari sends web push only to an app added to the Home Screen (issue 24). */
  installTitle: 'Get notifications on your iPhone',
  installBody: 'iPhone and iPad send notifications only to apps on the Home Screen. Add the app there, then turn them on.',
  installLink: 'Get the app',
} as const;

const base64url = (max: number) => z.string().min(1).max(max).regex(/^[A-Za-z0-9_-]+=*$/, { error: 'Must be base64url' });

/** A PushSubscription as the browser serializes it (`subscription.toJSON()`). */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url({ error: 'Must be a URL' })
    .max(2000)
    .refine((u) => u.startsWith('https://'), { error: 'Push endpoints must use https' }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
});
export type PushSubscriptionInput = z.input<typeof pushSubscriptionSchema>;

export const savePushSubscriptionSchema = z.object({ subscription: pushSubscriptionSchema });
/** Without `endpoint`, every subscription of the caller is turned off (e.g. on sign-out of all devices). */
export const removePushSubscriptionSchema = z.object({ endpoint: z.url({ error: 'Must be a URL' }).max(2000).optional() });
export type RemovePushSubscriptionInput = z.input<typeof removePushSubscriptionSchema>;

/** What the service worker receives (encrypted by the Web Push protocol on the way). */
export interface PushPayload {
  title: string;
  body: string;
  /** The in-app path a click opens. */
  url: string;
  /** Same tag replaces an earlier notification (one per conversation). */
  tag: string;
}
