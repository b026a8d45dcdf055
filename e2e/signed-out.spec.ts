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

test('/get-app shows the way to install where it is opened: iPhone steps, an Install button, a QR code on a computer', async ({ browser }) => {
  const iphone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    hasTouch: true,
  });
  const phone = await iphone.newPage();
  await phone.goto('/get-app');
  await expect(phone.getByRole('list', { name: 'Add to your Home Screen in three steps' })).toContainText('Tap Share');
  await expect(phone.getByRole('button', { name: 'Install' })).toHaveCount(0);
  await expectNoA11yViolations(phone);
  await iphone.close();

  // Chromium on a computer: the QR code of this page, and the browser's install offer as a button.
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await desktop.newPage();
  await page.goto('/get-app');
  const qr = page.getByRole('img', { name: 'QR code: opens this page on your phone' });
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => void ((window as unknown as { prompted: boolean }).prompted = true),
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(offer);
  });
  await page.getByRole('button', { name: 'Install' }).click();
  await expect(page.getByRole('heading', { name: 'You already have the app' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
  await expectNoA11yViolations(page);
  await desktop.close();
});
