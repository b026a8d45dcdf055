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

  // Settings → Notifications: the mail choices under the push switch; one turned off stays off after a reload.
  const openMailChoices = async () => {
    await page.goto('/profile?notifications=open');
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByText('Email notifications').click();
    return panel;
  };
  let panel = await openMailChoices();
  const digest = panel.getByRole('switch', { name: 'Daily digest' });
  await expect(digest).toBeChecked();
  await digest.click();
  await expect(digest).not.toBeChecked();
  await expect(page.getByText('Email preferences saved')).toBeVisible();
  await page.reload();
  panel = await openMailChoices();
  await expect(panel.getByRole('switch', { name: 'Daily digest' })).not.toBeChecked();
  await expect(panel.getByRole('switch', { name: 'Event reminders' })).toBeChecked();
});
