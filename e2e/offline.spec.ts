import type { Page } from '@playwright/test';
import { test, expect, sideMenu, signInViaUi } from './support/fixtures';
import { approvedMember, memberApi } from './support/members';
import { createPost, memberContext } from './support/communities';
import { createEventViaApi, uniqueEventTitle } from './support/events';

// Decision 011: the service worker precaches the app shell and caches each page's code the first time it is
// used, so that code comes without a network the next time.
test("the shell is precached and a page's code is cached on first use, served offline", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 15_000 })
    .toContain('/sw.js');

  // Under the worker's control, the sign-in page's code goes through it (and into its cache).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  const cachedPageCode = () =>
    page.evaluate(async () => {
      const names = (await caches.keys()).filter((n) => n.startsWith('bayclub-assets-'));
      const urls = await Promise.all(names.map(async (n) => (await (await caches.open(n)).keys()).map((r) => r.url)));
      return urls.flat().find((url) => /\/assets\/sign-in-page-[\w-]+\.js$/.test(url)) ?? null;
    });
  await expect.poll(cachedPageCode).not.toBeNull();
  const pageCode = (await cachedPageCode())!;
  const shellScript = await page.evaluate(() => document.querySelector<HTMLScriptElement>('script[type="module"]')!.src);

  await context.setOffline(true);
  const offline = await page.evaluate(
    async (urls) => Promise.all(urls.map(async (url) => (await fetch(url)).ok)),
    [pageCode, shellScript],
  );
  expect(offline).toEqual([true, true]);
  // The app shell itself opens offline (the API does not, so the app then waits for the network).
  await page.reload();
  await expect(page.locator('#root')).not.toBeEmpty();
  await context.close();
});

// Issue 21: offline that works for a member. After a first visit, with the connection gone: a cold start opens the
// shell with Home and the ticket from the device under the offline banner, nothing spins forever; a post written
// offline waits in the outbox (across a reload) and reaches the server exactly once when the connection returns;
// a draft survives navigation and reload; signing out wipes what was kept on the device.
test('offline: cold start with the kept Home and ticket, a post queued and sent once, drafts, wiped on sign-out', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const member = await approvedMember(playwright, baseURL!, 'off');
  const api = await memberApi(playwright, baseURL!, member.email, member.password);
  const stamp = Date.now().toString(36);
  const seen = `Kept for the door ${stamp}`;
  await createPost(api, null, seen);
  // Another member hosts (a host is counted as going without a ticket: decision 025); the member RSVPs.
  const host = await approvedMember(playwright, baseURL!, 'offhost');
  const hostApi = await memberApi(playwright, baseURL!, host.email, host.password);
  const event = await createEventViaApi(hostApi, { title: uniqueEventTitle('Offline social'), visibility: 'members' });
  await api.put(`/api/events/${event.id}/rsvp`, { data: { status: 'going', guests: 0 } });
  const ticket = (await (await api.get(`/api/events/${event.id}/ticket`)).json()) as { code: string };

  // Desktop: the side menu has Home, Events and Messages (a phone's tabs lead elsewhere).
  const context = await memberContext(browser);
  const page = await context.newPage();
  await signInViaUi(page, member.email, member.password);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 15_000 })
    .toContain('/sw.js');

  // First visit, online: Home, the event with its ticket.
  await page.goto('/community');
  await expect(page.getByText(seen)).toBeVisible();
  await page.goto(`/events/${event.id}`);
  await expect(page.getByRole('img', { name: /Ticket code/ })).toHaveText(ticket.code);
  await expect.poll(() => keptCache(page), { timeout: 10_000 }).toContain(ticket.code);
  await sideMenu(page).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByText(seen)).toBeVisible();

  // A draft survives navigation and a reload.
  const composer = page.getByLabel('Write a post');
  await composer.fill(`Half written ${stamp}`);
  await sideMenu(page).getByRole('link', { name: 'Events' }).click();
  await expect(page).toHaveURL(/\/events$/);
  await sideMenu(page).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByLabel('Write a post')).toHaveValue(`Half written ${stamp}`);
  await page.reload();
  await expect(page.getByLabel('Write a post')).toHaveValue(`Half written ${stamp}`);
  await expect.poll(() => keptCache(page), { timeout: 10_000 }).toContain(ticket.code);
  await expect.poll(() => keptCache(page), { timeout: 10_000 }).toContain(seen);

  await expect.poll(() => cachedCode(page, /\/assets\/inbox-page-[\w-]+\.js$/), { timeout: 15_000 }).toBe(true);

  // Offline cold start: the shell, Home from the device and the banner; no spinner.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Offline, showing what you saw last' })).toBeVisible();
  await expect(page.getByText(seen)).toBeVisible();
  await expect(page.getByText('Max retries exceeded')).toHaveCount(0);
  await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);

  // Messages was never opened on this device, but its code was fetched ahead after sign-in (warmOfflinePages): the
  // page opens and says what waits for the connection. A page outside that set says it was not saved, not "error".
  await sideMenu(page).getByRole('link', { name: 'Messages' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await page.goto('/user-directory');
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await expect(page.getByText('This page was not saved on this device.')).toBeVisible();

  // A tab to the ticket offline: the QR and the code.
  await page.goto(`/events/${event.id}`);
  await expect(page.getByRole('img', { name: /Ticket code/ })).toHaveText(ticket.code);
  await expect(page.getByRole('img', { name: /QR code of your ticket/ })).toBeVisible();

  // A post written offline waits, across a reload.
  await page.goto('/community');
  const offlinePost = `Written without signal ${stamp}`;
  await page.getByLabel('Write a post').fill(offlinePost);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  const queued = page.getByRole('list', { name: 'Posts waiting to be sent' });
  await expect(queued.getByText(offlinePost)).toBeVisible();
  await expect(queued.getByText('Waiting for connection')).toBeVisible();
  await expect(page.getByLabel('Write a post')).toHaveValue('');
  await page.reload();
  await expect(queued.getByText('Waiting for connection')).toBeVisible();

  // Back online: sent once, shown in the feed, and the server has exactly one copy.
  await context.setOffline(false);
  await expect(queued).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByText(offlinePost)).toBeVisible();
  const feed = (await (await api.get('/api/feed')).json()) as { items: Array<{ content: string }> };
  expect(feed.items.filter((p) => p.content === offlinePost)).toHaveLength(1);

  // Sign-out wipes the kept cache, the queue and the drafts (the next person on the device sees none of it).
  await page.getByLabel('Write a post').fill(`Private draft ${stamp}`);
  await sideMenu(page).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => keptCache(page), { timeout: 10_000 }).not.toContain(seen);
  expect(await keptCache(page)).not.toContain(ticket.code);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('bayclub:draft:')))).toEqual([]);
  await api.dispose();
  await context.close();
});

/** What the app keeps on the device (IndexedDB), as text. */
function keptCache(page: Page) {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('bayclub-offline');
        open.onerror = () => resolve('');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) return resolve('');
          const get = db.transaction('keyval').objectStore('keyval').get('bayclub-query-cache');
          get.onsuccess = () => resolve(JSON.stringify(get.result ?? null));
          get.onerror = () => resolve('');
        };
      }),
  );
}

/** Whether the service worker's cache of page code holds a file whose address matches. */
function cachedCode(page: Page, pattern: RegExp) {
  return page.evaluate(async (source) => {
    const re = new RegExp(source);
    const names = (await caches.keys()).filter((n) => n.startsWith('bayclub-assets-'));
    const urls = await Promise.all(names.map(async (n) => (await (await caches.open(n)).keys()).map((r) => r.url)));
    return urls.flat().some((url) => re.test(url));
  }, pattern.source);
}
