import AxeBuilder from '@axe-core/playwright';
import { test, expect, newApplicant, expectNoA11yViolations } from './support/fixtures';

/**
 * Apply with LinkedIn (issue 24, decision 034) through the local LinkedIn double the app serves without
 * LINKEDIN_CLIENT_ID: the round-trip prefills the Apply form, the application lands in the pending flow, and a
 * later "Sign in with LinkedIn" signs the applicant in to that same pending flow.
 */
test('a visitor applies with LinkedIn through to pending, then signs in with LinkedIn', async ({ browser }) => {
  // Two contexts, two round-trips and five axe passes (each in both themes) on a shared 2-core machine.
  test.setTimeout(180_000);
  const applicant = newApplicant('li');

  // On a phone: /linkedin-register, Continue with LinkedIn.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  await page.goto('/linkedin-register');
  await expect(page.getByRole('heading', { level: 1, name: 'Apply with LinkedIn' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Membership application' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Continue with LinkedIn' }).click();

  // LinkedIn's authorize page (the double): Cancel first, which comes back with a clear message.
  await expect(page).toHaveURL(/\/linkedin-local\/oauth\/v2\/authorization\?/);
  await expect(page.getByRole('heading', { name: 'Sign in with LinkedIn' })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/linkedin-register\?linkedin_error=cancelled$/);
  await expect(page.getByRole('alert')).toContainText('LinkedIn sign-in was cancelled');

  // Again, and Allow.
  await page.getByRole('link', { name: 'Continue with LinkedIn' }).click();
  await page.getByLabel('Name').fill(applicant.name);
  await page.getByLabel('Email').fill(applicant.email);
  await page.getByRole('button', { name: 'Allow' }).click();

  // Back on the Apply page, prefilled.
  await expect(page).toHaveURL(/\/linkedin-register\?linkedin=ready$/);
  const linkedin = page.getByRole('region', { name: 'Your LinkedIn account' });
  await expect(linkedin.getByText(applicant.name)).toBeVisible();
  const form = page.getByRole('form', { name: 'Membership application' });
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(applicant.name);
  const email = form.getByRole('textbox', { name: 'Email', exact: true });
  await expect(email).toHaveValue(applicant.email);
  await expect(email).toHaveAttribute('readonly', '');
  await expectNoA11yViolations(page);
  await form.getByLabel('Password', { exact: true }).fill(applicant.password);
  await form.getByRole('textbox', { name: 'Username', exact: true }).fill(applicant.username);
  await expect(form.getByText('Username is available!')).toBeVisible();
  await form.getByLabel('Age', { exact: true }).selectOption(String(applicant.age));
  await form.getByLabel('City', { exact: true }).selectOption('st_pete');
  await form.getByRole('button', { name: 'Apply for Membership' }).click();

  // Signed in, pending: the same flow as the plain Apply form.
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Your application is under review')).toBeVisible();
  await expectNoA11yViolations(page);
  await phone.close();

  // Later, on a desktop: Sign in with LinkedIn lands in the same pending flow.
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const again = await desktop.newPage();
  await again.goto('/login');
  await expectNoA11yViolations(again);
  await again.getByRole('link', { name: 'Sign in with LinkedIn' }).click();
  await again.getByLabel('Name').fill(applicant.name);
  await again.getByLabel('Email').fill(applicant.email);
  await again.getByRole('button', { name: 'Allow' }).click();
  await expect(again).toHaveURL(/\/profile$/);
  await expect(again.getByText('Your application is under review')).toBeVisible();
  await expectNoA11yViolations(again);
  await desktop.close();
});
