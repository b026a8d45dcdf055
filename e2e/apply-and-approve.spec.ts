import { test, expect, newApplicant, signInAsAdmin, signInViaUi, expectNoA11yViolations, sideMenu, bottomTabs } from './support/fixtures';
import { photoFile } from './support/members';

test('a visitor applies, an admin approves, the member signs in to the full platform', async ({ browser }) => {
  const applicant = newApplicant('apply');

  // The visitor applies on the landing page.
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoA11yViolations(page);
  const form = page.getByRole('form', { name: 'Membership application' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(applicant.name);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(applicant.email);
  await form.getByLabel('Password', { exact: true }).fill(applicant.password);
  await form.getByRole('textbox', { name: 'Username', exact: true }).fill(applicant.username);
  await expect(form.getByText('Username is available!')).toBeVisible();
  await form.getByLabel('Age', { exact: true }).selectOption(String(applicant.age));
  await form.getByLabel('City', { exact: true }).selectOption('st_pete');
  // The optional profile picture goes through the upload pipeline once the application is in.
  await form.getByLabel('Choose Photo').setInputFiles(await photoFile('applicant.jpg', { r: 250, g: 180, b: 60 }, 300, 300));
  await expect(form.getByRole('img', { name: 'Preview of your profile picture' })).toBeVisible();
  await form.getByRole('button', { name: 'Apply for Membership' }).click();

  // Signed in at once, pending, with the community_only layout.
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Your application is under review')).toBeVisible();
  await expect(page.getByRole('img', { name: `Profile picture of ${applicant.name}` })).toHaveAttribute('src', /\/media\/profile-pictures\//);
  await expect(sideMenu(page).getByRole('link', { name: 'People' })).toHaveCount(0);
  await expectNoA11yViolations(page);

  // The admin approves it.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  await admin.goto('/admin?tab=applications');
  const card = admin.getByRole('article', { name: applicant.name });
  await expect(card).toBeVisible();
  // The admin sees the applicant's picture (a real, decodable image).
  const picture = card.locator('img[src*="/media/profile-pictures/"]');
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);
  await expectNoA11yViolations(admin);
  await card.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(card.getByText('Approved', { exact: true }).first()).toBeVisible();
  await adminContext.close();

  // The member's page, open all along, switches to the full platform within seconds, without a reload (the
  // approval reaches it over the socket; the 2-minute poll is only the fallback).
  await expect(page.getByText('Your application is under review')).toHaveCount(0, { timeout: 5_000 });
  await expect(sideMenu(page).getByRole('link', { name: 'People', exact: true })).toBeVisible({ timeout: 5_000 });
  await expect(page.getByText('Full platform member')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);

  // The member signs in again and has the full platform menu and tabs.
  await visitor.clearCookies();
  const fresh = await visitor.newPage();
  await signInViaUi(fresh, applicant.email, applicant.password);
  await expect(fresh).toHaveURL(/\/community$/);
  const menu = sideMenu(fresh);
  for (const name of ['Home', 'Profile', 'People', 'Events', 'Locations', 'Messages', 'Connections', 'Say Hi']) {
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
  // The bottom tab bar is the phone navigation (below 768 px).
  await fresh.setViewportSize({ width: 390, height: 844 });
  const tabs = bottomTabs(fresh);
  for (const name of ['Connect', 'Community', 'Locations', 'Profile']) {
    await expect(tabs.getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  await expect(tabs.getByRole('link', { name: /^Admin/ })).toHaveCount(0);
  await fresh.goto('/profile');
  await expect(fresh.getByText('Your application is under review')).toHaveCount(0);
  await expectNoA11yViolations(fresh);
  await visitor.close();
});

test("on a phone, 'Apply for membership' brings the form's heading into view below the sticky top menu", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('link', { name: 'Apply for membership' }).click();
  await expect(page).toHaveURL(/#apply$/);
  const heading = page.getByRole('heading', { name: 'Apply for membership', level: 2 });
  const menu = page.locator('header').first();
  // Wait for the jump to settle, then the heading sits fully below the menu, inside the screen.
  await expect
    .poll(async () => {
      const [h, m] = [await heading.boundingBox(), await menu.boundingBox()];
      return h && m ? h.y >= m.y + m.height && h.y + h.height <= 844 : false;
    })
    .toBe(true);
  await context.close();
});
