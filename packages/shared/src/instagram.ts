import { z } from 'zod';

/**
 * Instagram linking (issue 24, decision 033): the Instagram API with Instagram Login, which serves professional
 * (Business and Creator) accounts only. The OAuth return lands on /profile?instagram_callback=true&status=…; the web
 * shows one of the spec's five toasts (section 8) and removes the flag from the address.
 */

/** Spec section 8, verbatim. */
export const INSTAGRAM_TOASTS = {
  connected: 'Instagram account connected successfully!',
  completeFailed: 'Failed to complete Instagram connection',
  connectFailed: 'Failed to connect Instagram account',
  disconnected: 'Instagram account disconnected',
  disconnectFailed: 'Failed to disconnect Instagram account',
} as const;

/**
 * How a return from Instagram ended: connected; cancelled (the member pressed Cancel); not_professional (a personal
 * account); taken (linked to another member); failed (a forged, expired, used or someone else's state, or Instagram
 * refused the code).
 */
export const INSTAGRAM_CALLBACK_STATUSES = ['connected', 'cancelled', 'not_professional', 'taken', 'failed'] as const;
export type InstagramCallbackStatus = (typeof INSTAGRAM_CALLBACK_STATUSES)[number];

/** The toast (title and optional description) for each outcome. */
export const INSTAGRAM_CALLBACK_MESSAGES: Record<InstagramCallbackStatus, { title: string; description?: string }> = {
  connected: { title: INSTAGRAM_TOASTS.connected },
  cancelled: { title: INSTAGRAM_TOASTS.connectFailed, description: 'You cancelled on Instagram.' },
  not_professional: {
    title: INSTAGRAM_TOASTS.completeFailed,
    description: 'Only professional (Business or Creator) Instagram accounts can be linked. You can still type your handle.',
  },
  taken: { title: INSTAGRAM_TOASTS.completeFailed, description: 'That Instagram account is linked to another member.' },
  failed: { title: INSTAGRAM_TOASTS.completeFailed },
};

/** Where the OAuth return sends the browser. */
export const instagramReturnPath = (status: InstagramCallbackStatus) => `/profile?instagram_callback=true&status=${status}`;

/** GET /api/instagram/callback: what Instagram (or its local double) sends back. Everything optional: an error has no code. */
export const instagramCallbackQuerySchema = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  error_reason: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});

/** POST /api/instagram/start: where to send the browser. */
export interface InstagramStartView {
  authorizeUrl: string;
}

/** The member's link, in /api/me's profile: linked (verified) or not. */
export interface InstagramLinkView {
  connected: boolean;
  username: string | null;
}
