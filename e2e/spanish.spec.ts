import { test, expect, newApplicant, expectNoA11yViolations } from './support/fixtures';
import { englishLeftOn } from './support/english-left';

// Issue 26: a visitor switches to Español on the landing page and applies in Spanish; the new member's account keeps
// the language (the server answers in it), and Settings switches back to English.
test('a visitor applies in Spanish; the member reads the club in Spanish until they choose English', async ({ browser }) => {
  const applicant = newApplicant('es');
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { name: 'Cómo funciona la membresía' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const form = page.getByRole('form', { name: 'Solicitud de membresía' });
  await expect(form).toBeVisible();
  expect(await englishLeftOn(page)).toEqual([]);
  await expectNoA11yViolations(page);

  // Validation in Spanish: the shared schema's messages, shown by the form.
  await form.getByRole('button', { name: 'Solicitar membresía' }).click();
  const alerts = form.getByRole('alert');
  await expect(alerts.first()).toBeVisible();
  for (const text of await alerts.allTextContents()) expect(text).not.toMatch(/\b(is required|must be|Please|characters)\b/);

  await form.getByRole('textbox', { name: 'Nombre', exact: true }).fill(applicant.name);
  await form.getByRole('textbox', { name: 'Correo electrónico', exact: true }).fill(applicant.email);
  await form.getByLabel('Contraseña', { exact: true }).fill(applicant.password);
  await form.getByRole('textbox', { name: 'Nombre de usuario', exact: true }).fill(applicant.username);
  await form.getByLabel('Edad', { exact: true }).selectOption(String(applicant.age));
  await form.getByLabel('Ciudad', { exact: true }).selectOption('st_pete');
  await form.getByRole('button', { name: 'Solicitar membresía' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  // The account keeps the language it applied in, and the server answers in it.
  const me = await page.request.get('/api/me');
  expect((await me.json()).language).toBe('es');
  const refused = await page.request.get('/api/admin/applications', { headers: { 'accept-language': 'en' } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.message).toBe('No tienes acceso a esto');

  // A new device (no choice stored) follows the account's language once signed in.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  // Settings > Security > Language: English, saved to the account.
  await page.goto('/profile?settings=security');
  const language = page.getByRole('combobox', { name: 'Idioma' });
  await expect(language).toHaveValue('es');
  await language.selectOption('en');
  await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect((await (await page.request.get('/api/me')).json()).language).toBe('en');
  await context.close();
});
