/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { handleNotificationClick, handlePush, handleSubscriptionChange, type WorkerScope } from './features/push/sw-handlers';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// The app shell and every page's and dialog's code (decision 011: about 95 files, 1 MB as stored, some 300 KB
// brotli on the wire), fetched after the first page has loaded: later pages and dialogs open without a download,
// and every page works offline. /api/ is never cached: member data must always come from the server.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/manifest\.webmanifest$/, /^\/sw\.js$/, /^\/uploads\//],
  }),
);

// registerType 'autoUpdate': a new worker takes over at once.
self.addEventListener('install', () => {
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

// Web push (spec 8). The logic lives in features/push/sw-handlers.ts, where it is tested.
const scope: WorkerScope = {
  origin: self.location.origin,
  clients: self.clients,
  registration: self.registration,
  fetch: (input, init) => self.fetch(input, init),
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
