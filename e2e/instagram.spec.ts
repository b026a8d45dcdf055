import { INSTAGRAM_TOASTS } from '@bayclub/shared';
import { test, expect, signInViaUi } from './support/fixtures';
import { approvedMember } from './support/members';
import { expectAccessibleAtBothSizes, memberContext } from './support/communities';

// Issue 24, part 1, in the browser on both engines, against the local Instagram double (no INSTAGRAM_CLIENT_ID): its
// consent page is served by the app under /instagram-local/ and is part of the product in local mode, so axe reads it.

test('a member links a professional Instagram account through the double, sees the verified mark, then disconnects', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const member = await approvedMember(playwright, baseURL!, 'igmember');
  const context = await memberContext(browser);
  const page = await context.newPage();
  await signInViaUi(page, member.email, member.password);

  const openSocial = async () => {
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('tab', { name: /^Social/ }).click();
    return settings;
  };

  let settings = await openSocial();
  const link = settings.getByRole('button', { name: 'Link Instagram' });
  await expect(link).toHaveAccessibleDescription(/professional \(Business or Creator\)/);
  await expectAccessibleAtBothSizes(page, () => expect(link).toBeVisible());
  await link.click();

  // The double's consent page: a professional username, Allow.
  await expect(page).toHaveURL(/\/instagram-local\/oauth\/authorize\?/);
  await expectAccessibleAtBothSizes(page, () => expect(page.getByRole('button', { name: 'Allow' })).toBeVisible());
  const handle = `ig.${member.email.split('@')[0]!.replace(/[^a-z0-9]/gi, '').slice(0, 20)}`;
  await page.getByLabel('Instagram username').fill(handle);
  await page.getByRole('button', { name: 'Allow' }).click();

  // Back on the profile: the toast, the flag gone from the address, the verified mark.
  await expect(page.getByText(INSTAGRAM_TOASTS.connected)).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('link', { name: 'Instagram profile (verified)' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Verified Instagram account' })).toBeVisible();
  await expectAccessibleAtBothSizes(page, () => expect(page.getByRole('link', { name: 'Instagram profile (verified)' })).toBeVisible());

  // Disconnect in Settings → Social.
  settings = await openSocial();
  await expect(settings.getByText(`@${handle}`)).toBeVisible();
  await settings.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText(INSTAGRAM_TOASTS.disconnected)).toBeVisible();
  await expect(settings.getByRole('button', { name: 'Link Instagram' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('link', { name: /^Instagram profile/ })).toHaveCount(0);
  await context.close();
});
