import { test, expect, expectNoA11yViolations } from './support/fixtures';

test('signed-out visitors: /profile goes to /, unknown paths are not found', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('form', { name: 'Membership application' })).toBeVisible();

  await page.goto('/this/path/does/not/exist');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.goto('/c/no-such-community');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expectNoA11yViolations(page);

  // First-run setup is over once an admin exists; the page says so.
  await page.goto('/setup?token=not-a-real-token');
  await expect(page.getByText('Setup is complete')).toBeVisible();
  await expectNoA11yViolations(page);

  await page.goto('/reset-password?token=some-token');
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);

  // The public menu.
  for (const name of ['Apply', 'Sign In', 'Events', 'Communities']) {
    await expect(page.getByRole('navigation').getByRole('link', { name, exact: true }).first()).toBeVisible();
  }
});

test('the manifest and the service worker are served', async ({ page, request }) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.ok()).toBe(true);
  expect((await manifest.json()).name).toBeTruthy();
  const sw = await request.get('/sw.js');
  expect(sw.ok()).toBe(true);
  await page.goto('/');
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL ?? null), { timeout: 15_000 })
    .toContain('/sw.js');
});
