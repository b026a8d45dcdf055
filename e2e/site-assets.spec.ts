import { test, expect, signInAsAdmin, adminApi, expectNoA11yViolations } from './support/fixtures';
import { photoFile } from './support/members';

test('an admin uploads a favicon and a landing cover; visitors get both', async ({ browser, baseURL, playwright }) => {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signInAsAdmin(admin);
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: 'Settings' }).click();

  await admin.getByLabel('Upload favicon').setInputFiles(await photoFile('icon.png', { r: 20, g: 180, b: 170 }, 256, 256));
  await expect(admin.getByText('Favicon Uploaded')).toBeVisible();
  await expect(admin.getByRole('img', { name: 'Current favicon' })).toHaveAttribute('src', /^\/media\/app-assets\/\d+-favicon\.png$/);

  await admin.getByLabel('Upload cover image').setInputFiles(await photoFile('bay.jpg', { r: 30, g: 70, b: 140 }, 1600, 800));
  await expect(admin.getByText('Landing cover uploaded')).toBeVisible();
  await expect(admin.getByRole('textbox', { name: 'Cover image URL' })).toHaveValue(/^\/media\/landing-covers\/\d+-cover\.webp$/);
  await expect(admin.getByRole('button', { name: 'Save Settings' })).toBeDisabled();
  await expectNoA11yViolations(admin);
  await context.close();

  // A visitor: the landing page shows the uploaded cover, and the tab icon is the uploaded favicon.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/');
  const cover = visitor.getByTestId('landing-cover-image');
  await expect(cover).toHaveAttribute('src', /^\/media\/landing-covers\//);
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1600);
  await expect(visitor.locator('link[rel="icon"]')).toHaveAttribute('href', /^\/media\/app-assets\//);
  const manifest = await (await visitor.request.get('/manifest.webmanifest')).json();
  expect(JSON.stringify(manifest.icons)).toContain('/media/app-assets/');

  // Put the built-in cover and icon back for the other journeys.
  const api = await adminApi(await playwright.request.newContext({ baseURL }), baseURL!);
  const res = await api.put('/api/admin/settings', { headers: { origin: baseURL! }, data: { settings: { landing_cover_url: '', favicon_url: '' } } });
  expect(res.status(), await res.text()).toBe(200);
  await api.dispose();
});
