import { MESSAGING_MESSAGES } from '@bayclub/shared';
import { test, expect, signInViaUi, expectNoA11yViolations, sideMenu } from './support/fixtures';
import { approvedMember, memberApi, photoFile } from './support/members';

test('a member edits every Settings tab and uploads a profile picture; after a reload everything is still there', async ({
  page,
  playwright,
  baseURL,
}) => {
  const member = await approvedMember(playwright, baseURL!);
  await signInViaUi(page, member.email, member.password);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: member.name })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings).toBeVisible();
  await expectNoA11yViolations(page);

  // Basic: picture, name, username (checked 500 ms after typing), bio with its counter.
  await expect(settings.getByText('Profile picture is required')).toBeVisible();
  await settings.getByLabel('Profile picture').setInputFiles(await photoFile('me.jpg', { r: 200, g: 60, b: 90 }));
  await expect(settings.getByText('Photo selected - ready to submit')).toBeVisible();
  await settings.getByRole('button', { name: 'Upload Photo' }).click();
  await expect(settings.getByText('Photo uploaded successfully')).toBeVisible();

  const newUsername = `${member.username.slice(0, 24)}x2`;
  await settings.getByLabel('Name', { exact: true }).fill('Avery Settings');
  await settings.getByLabel('Username', { exact: true }).fill(newUsername);
  await expect(settings.getByText('Username is available!')).toBeVisible();
  await settings.getByLabel(/^Bio/).fill('Sunsets at Fort De Soto and strong coffee.');
  await expect(settings.getByText('42/150 characters')).toBeVisible();

  // Social: a linkedin URL is reduced to the name, a leading @ is dropped.
  await settings.getByRole('tab', { name: 'Social' }).click();
  await settings.getByRole('textbox', { name: /Instagram/ }).fill('@avery.sets');
  await settings.getByLabel(/TikTok/).fill('averytok');
  await settings.getByLabel(/LinkedIn/).fill('https://www.linkedin.com/in/avery-settings/');
  await settings.getByLabel(/YouTube/).fill('@AveryTube');

  // Interests: the first two groups are open.
  await settings.getByRole('tab', { name: 'Interests' }).click();
  await expect(settings.getByText('0/15 selected')).toBeVisible();
  await settings.getByText('Yoga', { exact: true }).click();
  await settings.getByText('Podcasts', { exact: true }).click();
  await expect(settings.getByText('2/15 selected')).toBeVisible();

  // Personal.
  await settings.getByRole('tab', { name: 'Personal' }).click();
  await settings.getByLabel('Gender', { exact: true }).selectOption('Female');
  await settings.getByLabel('Relationship Status', { exact: true }).selectOption('engaged');
  await settings.getByLabel('Age', { exact: true }).selectOption('34');
  await settings.getByLabel('City', { exact: true }).selectOption('clearwater');
  await expectNoA11yViolations(page);

  await settings.getByRole('button', { name: 'Save Settings' }).click();
  await expect(settings).toBeHidden();

  // The page shows the new values at once, and again after a reload.
  for (const round of ['now', 'after reload']) {
    if (round === 'after reload') await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Avery Settings' })).toBeVisible();
    await expect(page.getByText(`@${newUsername}`)).toBeVisible();
    await expect(page.getByText('Sunsets at Fort De Soto and strong coffee.')).toBeVisible();
    await expect(page.getByText('Clearwater')).toBeVisible();
    await expect(page.getByText('Engaged')).toBeVisible();
    await expect(page.getByText('34', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'LinkedIn profile' })).toHaveAttribute('href', 'https://www.linkedin.com/in/avery-settings');
    await expect(page.getByRole('link', { name: 'Instagram profile' })).toHaveAttribute('href', /instagram\.com\/avery\.sets/);
    const avatar = page.getByRole('img', { name: 'Profile picture of Avery Settings' });
    await expect(avatar).toBeVisible();
    await expect(avatar).toHaveAttribute('src', /\/media\/profile-pictures\/.+\/profile-480\.webp\?v=\d+/);
    // The stored picture really loads (decoded by the browser).
    expect(await avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }

  // The Settings modal opens with the saved values.
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
  await expect(settings.getByLabel('Name', { exact: true })).toHaveValue('Avery Settings');
  await settings.getByRole('tab', { name: 'Social' }).click();
  await expect(settings.getByLabel(/LinkedIn/)).toHaveValue('avery-settings');
  await expect(settings.getByRole('textbox', { name: /Instagram/ })).toHaveValue('avery.sets');
  await settings.getByRole('tab', { name: 'Interests' }).click();
  await expect(settings.getByText('2/15 selected')).toBeVisible();
  await settings.getByRole('button', { name: 'Cancel' }).click();
  await expect(settings).toBeHidden();
});

test('a member uploads three photos with captions, reorders them and deletes one', async ({ page, playwright, baseURL }) => {
  const member = await approvedMember(playwright, baseURL!);
  await signInViaUi(page, member.email, member.password);
  await page.goto('/profile');

  // An empty gallery is one Add photos tile with the count, not a wall of empty slots.
  const gallery = page.getByRole('list', { name: 'Photos' });
  await expect(gallery.locator('[data-slot="gallery-slot"]')).toHaveCount(1);
  const addTile = gallery.getByRole('button', { name: 'Add photos' });
  await expect(addTile).toHaveAccessibleDescription('0/12 photos');

  await addTile.click();
  const dialog = page.getByRole('dialog', { name: 'Add photos' });
  await dialog.getByLabel('Choose photos').setInputFiles([
    await photoFile('beach.jpg', { r: 30, g: 120, b: 200 }),
    await photoFile('sunset.jpg', { r: 240, g: 120, b: 30 }),
    await photoFile('palms.jpg', { r: 40, g: 160, b: 70 }),
  ]);
  await dialog.getByLabel('Caption for beach.jpg').fill('Beach');
  await dialog.getByLabel('Caption for sunset.jpg').fill('Sunset');
  await dialog.getByLabel('Caption for palms.jpg').fill('Palms');
  await expect(dialog.getByText('5/100')).toHaveCount(2);
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog).toBeHidden();

  await expect(addTile).toHaveAccessibleDescription('3/12 photos');
  await expect(gallery.locator('[data-slot="gallery-slot"]')).toHaveCount(4);
  const order = async () =>
    gallery.locator('li[data-state="filled"] > button img').evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).alt));
  await expect.poll(order).toEqual(['Beach', 'Sunset', 'Palms']);

  // Open the viewer: the large variant, arrows move, Escape closes.
  await gallery.getByRole('button', { name: 'Beach', exact: true }).click();
  const viewer = page.getByRole('dialog', { name: 'Beach' });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('img').first()).toHaveAttribute('src', /\/media\/profile-images\/.+\.webp$/);
  await expect(page.getByTestId('photo-viewer-position')).toHaveText('1 / 3');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('photo-viewer-position')).toHaveText('2 / 3');
  await expect(page.getByRole('dialog', { name: 'Sunset' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Move Palms earlier, twice: it becomes the first photo, and stays first after a reload.
  for (let i = 0; i < 2; i++) {
    await gallery.getByRole('button', { name: 'Options for Palms' }).click();
    await page.getByRole('menuitem', { name: 'Move earlier' }).click();
  }
  await expect.poll(order).toEqual(['Palms', 'Beach', 'Sunset']);
  await page.reload();
  await expect.poll(order).toEqual(['Palms', 'Beach', 'Sunset']);

  // On a phone the options button is a small dot in the corner: the photo stays visible.
  await page.setViewportSize({ width: 390, height: 844 });
  const tile = gallery.locator('li[data-state="filled"]').first();
  const [tileBox, dotBox] = [await tile.boundingBox(), await tile.getByRole('button', { name: /^Options for/ }).boundingBox()];
  expect(dotBox!.width * dotBox!.height).toBeLessThan(0.06 * tileBox!.width * tileBox!.height);
  expect(dotBox!.x + dotBox!.width).toBeGreaterThan(tileBox!.x + tileBox!.width - 8);
  expect(dotBox!.y).toBeLessThan(tileBox!.y + 8);
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Delete Beach: the record and its files go.
  const beachSrc = await gallery.getByRole('button', { name: 'Beach', exact: true }).locator('img').getAttribute('src');
  await gallery.getByRole('button', { name: 'Options for Beach' }).click();
  await page.getByRole('menuitem', { name: 'Delete photo' }).click();
  await page.getByRole('alertdialog', { name: 'Delete this photo?' }).getByRole('button', { name: 'Delete' }).click();
  await expect.poll(order).toEqual(['Palms', 'Sunset']);
  await expect(addTile).toHaveAccessibleDescription('2/12 photos');
  const gone = await page.request.get(beachSrc!);
  expect(gone.status()).toBe(404);

  // Another member sees the two photos, in the owner's order, without the owner's controls.
  const me = await (await page.request.get('/api/me')).json();
  const other = await approvedMember(playwright, baseURL!, 'v');
  const otherApi = await memberApi(playwright, baseURL!, other.email, other.password);
  const images = await (await otherApi.get(`/api/profiles/${me.user.id}/images`)).json();
  expect(images.items.map((i: { caption: string }) => i.caption)).toEqual(['Palms', 'Sunset']);
  await otherApi.dispose();

  // ... and in a browser, by username: the photos, a Message button that waits for a match, no owner controls.
  const otherPage = await (await page.context().browser()!.newContext()).newPage();
  await signInViaUi(otherPage, other.email, other.password);
  await otherPage.goto(`/${member.username}`);
  await expect(otherPage).toHaveURL(new RegExp(`/view-profile/${me.user.id}$`));
  await expect(otherPage.getByRole('heading', { level: 1, name: member.name })).toBeVisible();
  const theirGallery = otherPage.getByRole('list', { name: 'Photos' });
  await expect(theirGallery.getByRole('button', { name: 'Palms', exact: true })).toBeVisible();
  await expect(theirGallery.getByRole('button', { name: /^Options for/ })).toHaveCount(0);
  await expect(otherPage.getByRole('button', { name: 'Add photos' })).toHaveCount(0);
  await expect(otherPage.getByRole('button', { name: 'Message', exact: true })).toBeDisabled();
  await expectNoA11yViolations(otherPage);
  await otherPage.getByRole('tab', { name: 'Message' }).click();
  await expect(otherPage.getByRole('tabpanel').getByText(MESSAGING_MESSAGES.noMatch)).toBeVisible();
  // A malformed id never reaches the server.
  await otherPage.goto('/view-profile/not-a-uuid');
  await expect(otherPage.getByText('No user profile available')).toBeVisible();
  await otherPage.context().close();
});

test('deactivate hides the profile, also after signing in, until the member reactivates; delete removes it and its files for good', async ({
  page,
  playwright,
  baseURL,
}) => {
  const member = await approvedMember(playwright, baseURL!);
  const viewer = await approvedMember(playwright, baseURL!, 'w');
  const viewerApi = await memberApi(playwright, baseURL!, viewer.email, viewer.password);

  await signInViaUi(page, member.email, member.password);
  const me = await (await page.request.get('/api/me')).json();
  const profileUrl = `/api/profiles/${me.user.id}`;
  expect((await viewerApi.get(profileUrl)).status()).toBe(200);

  const openSecurity = async () => {
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('tab', { name: /^Security/ }).click();
    return settings;
  };

  // Deactivate: exact word, then signed out, hidden from others.
  let settings = await openSecurity();
  await expectNoA11yViolations(page);
  // Security has nothing to save: no Cancel / Save Settings there.
  await expect(settings.getByRole('button', { name: 'Save Settings' })).toHaveCount(0);
  await settings.getByRole('button', { name: 'Deactivate Account' }).click();
  const deactivate = page.getByRole('alertdialog', { name: 'Deactivate Account' });
  await expect(deactivate.getByText(/Signing in again keeps your profile hidden/)).toBeVisible();
  await deactivate.getByLabel(/to confirm/).fill('deactivate');
  await expect(deactivate.getByRole('button', { name: 'Deactivate Account' })).toBeDisabled();
  await deactivate.getByLabel(/to confirm/).fill('DEACTIVATE');
  await deactivate.getByRole('button', { name: 'Deactivate Account' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await viewerApi.get(profileUrl)).status()).toBe(404);

  // Signing in again keeps the profile hidden: the banner says so, and only what works is offered.
  await signInViaUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/profile$/);
  const banner = page.getByRole('status').filter({ hasText: 'Your account is currently deactivated' });
  await expect(banner).toBeVisible();
  expect((await viewerApi.get(profileUrl)).status()).toBe(404);
  await expect(sideMenu(page).locator('[data-slot=sidebar-content] a')).toHaveText(['Profile']);
  await expect(page.getByRole('button', { name: 'Add photos' })).toHaveCount(0);
  await page.goto('/inbox');
  await expect(page).toHaveURL(/\/profile$/);
  await expectNoA11yViolations(page);
  // Settings opens at Security, which offers Reactivate Account instead of Deactivate.
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
  settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings.getByRole('tab', { name: /^Security/ })).toHaveAttribute('aria-selected', 'true');
  await expect(settings.getByRole('button', { name: 'Reactivate Account' })).toBeVisible();
  await expect(settings.getByRole('button', { name: 'Deactivate Account' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();

  // One press in the banner: visible to others again, the whole club opens without a reload.
  await banner.getByRole('button', { name: 'Reactivate Account' }).click();
  await expect(page.getByText('Your account is currently deactivated')).toHaveCount(0);
  await expect(sideMenu(page).getByRole('link', { name: 'People', exact: true })).toBeVisible();
  expect((await viewerApi.get(profileUrl)).status()).toBe(200);

  // Add a photo so there are files to delete.
  await page.getByRole('button', { name: 'Add photos' }).click();
  const add = page.getByRole('dialog', { name: 'Add photos' });
  await add.getByLabel('Choose photos').setInputFiles([await photoFile('keep.jpg', { r: 90, g: 90, b: 200 })]);
  await add.getByRole('button', { name: 'Upload' }).click();
  await expect(add).toBeHidden();
  const images = await (await viewerApi.get(`${profileUrl}/images`)).json();
  const fileUrl = images.items[0].imageUrl as string;
  expect((await viewerApi.get(fileUrl)).status()).toBe(200);

  // Delete: warning, then the exact word DELETE (case-sensitive).
  settings = await openSecurity();
  await settings.getByRole('button', { name: 'Delete Account' }).click();
  const warning = page.getByRole('alertdialog');
  await warning.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirm account deletion' });
  await confirm.getByLabel(/to confirm/).fill('Delete');
  await expect(confirm.getByRole('button', { name: 'Delete Account' })).toBeDisabled();
  await confirm.getByLabel(/to confirm/).fill('DELETE');
  await confirm.getByRole('button', { name: 'Delete Account' }).click();
  await expect(page).toHaveURL(/\/$/);

  // Gone: the profile, its photos and its files; the old password no longer signs in.
  expect((await viewerApi.get(profileUrl)).status()).toBe(404);
  expect((await viewerApi.get(fileUrl)).status()).toBe(404);
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin: baseURL! },
    data: { email: member.email, password: member.password },
  });
  expect(signIn.status()).toBe(401);
  const viewerPage = await (await page.context().browser()!.newContext()).newPage();
  await signInViaUi(viewerPage, viewer.email, viewer.password);
  await viewerPage.goto(`/view-profile/${me.user.id}`);
  await expect(viewerPage.getByText('No user profile available')).toBeVisible();
  await viewerApi.dispose();
});
