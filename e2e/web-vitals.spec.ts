import type { AdminVitalsView } from '@bayclub/shared';
import { test, expect, adminApi, expectNoA11yViolations, signInAsAdmin } from './support/fixtures';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** The admin view's row for a vital on a route (7 days), or undefined. */
async function routeRow(api: Awaited<ReturnType<typeof adminApi>>, name: string, route: string) {
  const res = await api.get('/api/admin/vitals?days=7');
  expect(res.status()).toBe(200);
  const view = (await res.json()) as AdminVitalsView;
  return view.vitals.find((v) => v.name === name)?.byRoute.find((r) => r.route === route);
}

test('web vitals from signed-out page loads reach the admin Performance tab', async ({ browser, page, request, baseURL }) => {
  test.setTimeout(120_000);
  const api = await adminApi(request, baseURL!);

  // A signed-out visitor on a phone: the first batch leaves 5 s after load.
  const visitor = await browser.newContext({ viewport: PHONE, screen: PHONE });
  const phone = await visitor.newPage();
  const firstBatch = phone.waitForResponse((r) => r.url().endsWith('/api/analytics/vitals') && r.request().method() === 'POST', { timeout: 20_000 });
  const loadedAt = Date.now();
  await phone.goto('/');
  const batch = await firstBatch;
  expect(batch.status()).toBe(204);
  expect(Date.now() - loadedAt).toBeGreaterThanOrEqual(4_500);
  const sent = batch.request().postDataJSON() as { metrics: Array<{ name: string; route: string; deviceClass: string }> };
  expect(sent.metrics.map((m) => m.name)).toEqual(expect.arrayContaining(['FCP', 'TTFB']));
  expect(sent.metrics.every((m) => m.route === '/' && m.deviceClass === 'phone')).toBe(true);

  // Another page: a tap ends LCP, and leaving the page (pagehide) sends it at once by beacon.
  const secondBatch = phone.waitForResponse((r) => r.url().endsWith('/api/analytics/vitals') && r.request().method() === 'POST', { timeout: 20_000 });
  await phone.goto('/terms-of-service');
  await expect(phone.getByRole('heading', { level: 1 })).toBeVisible();
  expect((await secondBatch).status()).toBe(204);
  await phone.mouse.click(5, 300);
  await phone.waitForTimeout(1_000);
  await phone.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  await expect.poll(async () => (await routeRow(api, 'LCP', '/terms-of-service'))?.count ?? 0, { timeout: 15_000 }).toBeGreaterThan(0);
  await visitor.close();

  // The admin sees them in the dashboard's Performance tab.
  await page.setViewportSize(DESKTOP);
  await signInAsAdmin(page);
  await page.goto('/admin?tab=performance');
  const lcp = page.getByRole('region', { name: /^LCP/ });
  await expect(lcp.getByRole('table')).toBeVisible();
  await expect(lcp.getByRole('row', { name: /^\/terms-of-service / })).toBeVisible();
  await expect(lcp.getByRole('row', { name: /On phones/ })).toBeVisible();
  await expect(page.getByRole('region', { name: /^FCP/ }).getByRole('row', { name: /^\/ / })).toBeVisible();
  await page.getByRole('button', { name: 'Last 28 days' }).click();
  await expect(page.getByRole('button', { name: 'Last 28 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(lcp.getByRole('row', { name: /^\/terms-of-service / })).toBeVisible();

  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await expect(lcp.getByRole('table')).toBeVisible();
    await expectNoA11yViolations(page);
  }
});
