/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { isSignOutRequest, isTicketRequest, TICKET_CACHE } from './features/events/ticket-cache';
import { handleNotificationClick, handlePush, handleSubscriptionChange, type WorkerScope } from './features/push/sw-handlers';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// Precached: the app shell (index.html, the entry script and stylesheet, the icons; decision 011). /api/ is
// never cached: member data must always come from the server; the one exception is the member's event ticket
// (below), shown offline at the door.
const manifest = self.__WB_MANIFEST;
precacheAndRoute(manifest);
cleanupOutdatedCaches();

// Pages' and dialogs' code is cached the first time it is used: file names carry a hash of their content, so a
// cached copy is always right. One cache per build; older builds' caches go when this worker activates.
const ASSETS_CACHE_PREFIX = 'bayclub-assets-';
const shell = manifest.map((e) => (typeof e === 'string' ? { url: e, revision: null } : e)).find((e) => e.url === 'index.html');
const assetsCache = `${ASSETS_CACHE_PREFIX}${shell?.revision ?? 'current'}`;
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: assetsCache }),
);

// Event tickets (issue 11, decision 015): the network first, the last copy when offline; see ticket-cache.ts.
registerRoute(
  isTicketRequest,
  new NetworkFirst({
    cacheName: TICKET_CACHE.name,
    networkTimeoutSeconds: TICKET_CACHE.networkTimeoutSeconds,
    plugins: [new ExpirationPlugin({ maxEntries: TICKET_CACHE.maxEntries, maxAgeSeconds: TICKET_CACHE.maxAgeSeconds })],
  }),
);
// Signing out forgets the tickets (the request itself goes to the network untouched).
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (isSignOutRequest({ url, request: event.request, sameOrigin: url.origin === self.location.origin }))
    event.waitUntil(caches.delete(TICKET_CACHE.name));
});

// The local Stripe double's hosted pages (issue 22) are the server's own HTML, never the app's shell.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/manifest\.webmanifest$/, /^\/sw\.js$/, /^\/uploads\//, /^\/stripe-local\//, /^\/linkedin-local\//, /^\/instagram-local\//],
  }),
);

// registerType 'autoUpdate': a new worker takes over at once.
self.addEventListener('install', () => {
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  const oldAssets = async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(ASSETS_CACHE_PREFIX) && name !== assetsCache) await caches.delete(name);
    }
  };
  event.waitUntil(Promise.all([self.clients.claim(), oldAssets()]));
});

// Web push (spec 8). The logic lives in features/push/sw-handlers.ts, where it is tested.
const scope: WorkerScope = {
  origin: self.location.origin,
  clients: self.clients,
  registration: self.registration,
  fetch: (input, init) => self.fetch(input, init),
  get languages() {
    return self.navigator.languages;
  },
};

self.addEventListener('push', (event) => {
  event.waitUntil(handlePush(scope, event.data));
});

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(handleNotificationClick(scope, event.notification));
});

self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(handleSubscriptionChange(scope, event));
});
