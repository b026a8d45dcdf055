import { test, expect } from './support/fixtures';

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
