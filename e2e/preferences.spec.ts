import { test, expect, applyViaApi, signInViaUi, sideMenu } from './support/fixtures';

test('the theme is dark by default and persists across a reload', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Light Mode' }).first().click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await expect(page.getByRole('button', { name: 'Dark Mode' }).first()).toBeVisible();
});

test('Ctrl+B collapses the side menu and the state survives a reload', async ({ page, request }) => {
  const member = await applyViaApi(request);
  await signInViaUi(page, member.email, member.password);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/profile');
  const sidebar = page.locator('[data-slot="sidebar-root"]');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  await page.reload();
  await expect(sideMenu(page)).toBeVisible();
  await expect(page.locator('[data-slot="sidebar-root"]')).toHaveAttribute('data-state', 'collapsed');
  await page.keyboard.press('Control+b');
  await expect(page.locator('[data-slot="sidebar-root"]')).toHaveAttribute('data-state', 'expanded');
});
