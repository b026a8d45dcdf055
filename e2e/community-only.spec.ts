import { test, expect, applyViaApi, adminApi, signInViaUi, signInAsAdmin, bottomTabs, expectNoA11yViolations } from './support/fixtures';

test('a community_only member follows the redirects and flags; an admin turns a flag on and the tab appears', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const setupApi = await playwright.request.newContext({ baseURL });
  const member = await applyViaApi(setupApi);
  await setupApi.dispose();

  const context = await browser.newContext();
  // A phone-sized window: the bottom tab bar is the navigation below 768 px.
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await signInViaUi(page, member.email, member.password);

  // '/', '/login', '/auth' and '/register' go to the profile.
  for (const from of ['/', '/login', '/auth', '/register']) {
    await page.goto(from);
    await expect(page).toHaveURL(/\/profile$/);
  }
  // Full-platform pages do not exist for them.
  await page.goto('/user-directory');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  // Default flags: Community and Profile tabs; no Connect, and no Locations: see_locations_nav is on by default but
  // view_locations is not, so the tab would open only a refusal (issue 21: no dead-end tabs).
  await page.goto('/profile');
  await expectNoA11yViolations(page);
  const tabs = bottomTabs(page);
  await expect(tabs.getByRole('link', { name: /^Community/ })).toBeVisible();
  await expect(tabs.getByRole('link', { name: /^Locations/ })).toHaveCount(0);
  await expect(tabs.getByRole('link', { name: /^Profile/ })).toBeVisible();
  await expect(tabs.getByRole('link', { name: /^Connect/ })).toHaveCount(0);

  // An admin turns "See Connections in navigation" on in the admin Settings.
  const adminContext = await browser.newContext();
  // The push prompt (its own journey: notifications.spec) would sit over the save bar after 5 s: already answered.
  await adminContext.addInitScript(() => localStorage.setItem('bayclub:push-prompt-dismissed', String(Date.now())));
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: 'Settings' }).click();
  await expect(admin.getByRole('button', { name: 'Save Settings' })).toBeVisible();
  await expectNoA11yViolations(admin);
  await admin.getByRole('switch', { name: 'See Connections in navigation' }).click();
  await admin.getByRole('button', { name: 'Save Settings' }).click();
  await expect(admin.getByText('Settings Updated')).toBeVisible();

  // The member's next load shows the Connect tab, and /connections opens.
  await page.reload();
  await expect(bottomTabs(page).getByRole('link', { name: /^Connect/ })).toBeVisible();
  await bottomTabs(page).getByRole('link', { name: /^Connect/ }).click();
  await expect(page).toHaveURL(/\/connections$/);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);

  // Put the flag back for the other journeys.
  const api = await adminApi(adminContext.request, baseURL!);
  const res = await api.put('/api/admin/settings', { headers: { origin: baseURL! }, data: { settings: { limited_users_can_see_connections_nav: 'false' } } });
  expect(res.status(), await res.text()).toBe(200);
  await adminContext.close();
  await context.close();
});
