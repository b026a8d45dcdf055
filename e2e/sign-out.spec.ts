import { test, expect, applyViaApi, signInViaUi, sideMenu } from './support/fixtures';

test('sign-out shows "Signing out..." and lands on /, and the session is gone', async ({ page, request }) => {
  const member = await applyViaApi(request);
  await signInViaUi(page, member.email, member.password);
  await page.goto('/profile');
  await sideMenu(page).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('form', { name: 'Membership application' })).toBeVisible();
  const me = await page.request.get('/api/me');
  expect(me.status()).toBe(401);
});

test('sign-out still lands on / when the server does not answer', async ({ page, request }) => {
  const member = await applyViaApi(request);
  await signInViaUi(page, member.email, member.password);
  await page.goto('/profile');
  await page.route('**/api/session/sign-out', () => {
    /* never answered */
  });
  await sideMenu(page).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Signing out...')).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });
});
