import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { DATA_EXPORT_MESSAGES } from '@bayclub/shared';
import { test, expect, expectNoA11yViolations, signInViaUi } from './support/fixtures';
import { approvedMember } from './support/members';
import { printedMailTo } from './support/mail-log';

test('a member downloads their data in Settings; then, signed out, asks at /delete-data, confirms through the mailed link, and the account is gone', async ({ browser, playwright, baseURL }) => {
  // Five axe scans and a real scrypt sign-in on a shared machine: more than the default minute.
  test.slow();
  const member = await approvedMember(playwright, baseURL!, 'del');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();

  // Signed in, then signed out: /delete-data works without a session.
  await signInViaUi(page, member.email, member.password);

  // First a copy of their data: Settings → Security → Your data. The archive is built in the background; the card
  // asks again every few seconds and offers Download when it is ready, and a mail says so too.
  // (On a phone the sections are a select; the address the ready mail links to opens Security directly.)
  await page.goto('/profile?settings=security');
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings.getByRole('combobox', { name: 'Settings section' })).toHaveValue('security');
  const yourData = settings.getByRole('region', { name: 'Your data' });
  await yourData.getByRole('button', { name: 'Request my data' }).click();
  await expect(page.getByText(DATA_EXPORT_MESSAGES.requested).first()).toBeVisible();
  const downloadLink = yourData.getByRole('link', { name: 'Download' });
  await expect(downloadLink).toBeVisible({ timeout: 20_000 });
  await expect(yourData.getByRole('button', { name: /Request/ })).toHaveCount(0); // once a day
  await expectNoA11yViolations(page);
  const [download] = await Promise.all([page.waitForEvent('download'), downloadLink.click()]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const archive = unzipSync(fs.readFileSync(await download.path()));
  expect(Object.keys(archive)).toEqual(expect.arrayContaining(['README.txt', 'account.json', 'posts.json', 'messages.json']));
  expect(strFromU8(archive['account.json']!)).toContain(member.email);
  expect(await printedMailTo(member.email, /data is ready/)).toContain('/profile?settings=security');
  await page.keyboard.press('Escape');

  await context.clearCookies();

  await page.goto('/delete-data');
  await expect(page.getByRole('heading', { name: 'Delete your data', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What is kept, and why' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByLabel('Email of the account').fill(member.email);
  await page.getByRole('button', { name: 'Send the confirmation link' }).click();
  const answer = page.getByRole('status').filter({ hasText: 'Your confirmation code' });
  await expect(answer).toBeVisible();
  const code = (await answer.locator('strong').textContent())!.trim();
  expect(code).toMatch(/^[A-Z2-7]{16}$/);
  await expectNoA11yViolations(page);

  await answer.getByRole('link', { name: 'Follow your request' }).click();
  await expect(page).toHaveURL(new RegExp(`/delete-data/status/${code}$`));
  await expect(page.getByText('Status: Received')).toBeVisible();
  await expectNoA11yViolations(page);

  // The confirmation link, from the mail the server printed.
  const mail = await printedMailTo(member.email, /Confirm deleting your/);
  const link = /(https?:\/\/\S+\/delete-data\/confirm\?token=\S+)/.exec(mail)![1]!;
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: 'Confirm deleting your account' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account and its data have been deleted.')).toBeVisible();
  await page.getByRole('link', { name: "See the request's status" }).click();
  await expect(page.getByText('Status: Done')).toBeVisible();

  // At desktop size too.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoA11yViolations(page);

  // The account is gone: signing in fails.
  const signIn = await page.request.post('/api/auth/sign-in/email', { data: { email: member.email, password: member.password }, headers: { origin: baseURL! } });
  expect(signIn.status()).toBe(401);
  await page.goto('/login');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await context.close();
});
