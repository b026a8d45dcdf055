/**
 * The one exception to "the service worker never caches /api/" (decision 011): a member's ticket, so the QR and
 * code still show at a door without signal. NetworkFirst: online the server always answers (a cancelled or
 * changed ticket is never shown from the cache); only a failed request falls back to the last copy. Workbox
 * caches 200 answers only. The cache is emptied on sign-out (sw.ts), so the next person on the device cannot open it.
 */
export const TICKET_CACHE = {
  name: 'tickets',
  maxEntries: 50,
  maxAgeSeconds: 30 * 24 * 60 * 60,
  /** Give up on the network after this long at the door and show the cached ticket. */
  networkTimeoutSeconds: 4,
} as const;

const TICKET_PATH = /^\/api\/events\/[^/]+\/ticket$/;

/** GET /api/events/:id/ticket on our own origin. */
export function isTicketRequest({ url, request, sameOrigin }: { url: URL; request: { method: string }; sameOrigin: boolean }): boolean {
  return sameOrigin && request.method === 'GET' && TICKET_PATH.test(url.pathname);
}

/** The sign-out request (the worker drops the tickets when it passes). */
export function isSignOutRequest({ url, request, sameOrigin }: { url: URL; request: { method: string }; sameOrigin: boolean }): boolean {
  return sameOrigin && request.method === 'POST' && url.pathname === '/api/session/sign-out';
}
