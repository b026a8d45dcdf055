import { test, expect, adminApi, applyViaApi, newApplicant, signInViaUi, signInAsAdmin, bottomTabs, expectNoA11yViolations, uniqueWord } from './support/fixtures';

/**
 * Issue 23, the back office's Members section: an admin on a phone finds a member by name, verifies them (the badge
 * shows on their profile), makes them community_only (their open page's tabs change live), suspends them (their open
 * page signs out; signing in shows the reason) and lifts it. axe at phone and desktop sizes.
 */
test('an admin on a phone finds a member, verifies them, makes them community_only, suspends them and lifts it', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // A full platform member, approved through the API. Their surname is this attempt's own, so a retry (or an earlier
  // run on the same database) does not find two members by it.
  const word = uniqueWord();
  const name = `Marisol ${word[0]!.toUpperCase()}${word.slice(1)}`;
  const applicant = { ...newApplicant('bo'), name };
  const setup = await playwright.request.newContext({ baseURL });
  await applyViaApi(setup, applicant);
  await setup.dispose();
  const api = await adminApi(await playwright.request.newContext({ baseURL }), baseURL!);
  const pending = (await (await api.get('/api/admin/applications?status=pending&limit=100')).json()) as { items: Array<{ id: string; email: string }> };
  const application = pending.items.find((a) => a.email === applicant.email)!;
  expect((await api.post(`/api/admin/applications/${application.id}/approve`, { headers: { origin: baseURL! }, data: {} })).status()).toBe(200);

  // The member has their profile open on a phone: the bottom tabs include Connect.
  const memberContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await memberContext.addInitScript(() => localStorage.setItem('bayclub:push-prompt-dismissed', String(Date.now())));
  const member = await memberContext.newPage();
  await signInViaUi(member, applicant.email, applicant.password);
  await member.goto('/profile');
  await expect(bottomTabs(member).getByRole('link', { name: /^Connect/ })).toBeVisible();

  // The admin, on a phone, opens Members and searches by name.
  const adminContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await adminContext.addInitScript(() => localStorage.setItem('bayclub:push-prompt-dismissed', String(Date.now())));
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  await admin.goto('/admin');
  await expect(admin.getByRole('heading', { name: 'Overview', level: 2 })).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'Needs attention' })).toBeVisible();
  await expectNoA11yViolations(admin);
  await admin.getByRole('tab', { name: 'Members' }).click();
  await admin.getByRole('searchbox', { name: 'Search members by name, username or email' }).fill(`marisol ${word.slice(0, 8)}`);
  const link = admin.getByRole('link', { name });
  await expect(link).toBeVisible();
  await expect(admin.getByRole('table').getByRole('row')).toHaveCount(2);
  await expectNoA11yViolations(admin);
  await link.click();
  await expect(admin).toHaveURL(/tab=members&.*member=[0-9a-f-]{36}|member=[0-9a-f-]{36}.*tab=members/);
  const memberId = new URL(admin.url()).searchParams.get('member')!;
  await expect(admin.getByRole('heading', { level: 2, name: new RegExp(name) })).toBeVisible();
  await expectNoA11yViolations(admin);

  // Verify: the badge shows on their profile.
  await admin.getByRole('switch', { name: 'Verified badge' }).click();
  await expect(admin.getByText('Verified badge on')).toBeVisible();
  await expect(admin.getByRole('switch', { name: 'Verified badge' })).toBeChecked();
  const profile = await adminContext.newPage();
  await profile.goto(`/view-profile/${memberId}`);
  await expect(profile.getByTestId('verified-badge').first()).toBeVisible();
  await profile.close();

  // Community only: the member's open page loses the Connect tab without a reload.
  await admin.getByRole('button', { name: 'Community only' }).click();
  await expect(admin.getByText('Now community only')).toBeVisible();
  await expect(bottomTabs(member).getByRole('link', { name: /^Connect/ })).toHaveCount(0);
  await expect(bottomTabs(member).getByRole('link', { name: /^Profile/ })).toBeVisible();

  // Suspend with a reason: the member's open page signs out at once.
  await admin.getByRole('button', { name: 'Suspend' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(dialog.getByText('Please give a reason')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Repeated spam in the community feed');
  await expectNoA11yViolations(admin);
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(admin.getByText(`${name} is suspended`)).toBeVisible();
  await expect(admin.getByText('Reason (shown to the member): Repeated spam in the community feed')).toBeVisible();
  await expect(bottomTabs(member)).toHaveCount(0, { timeout: 10_000 });
  expect((await member.request.get('/api/me')).status()).toBe(401);

  // Signing in shows the reason (after the right password only).
  await member.goto('/login');
  await member.getByLabel('Email').fill(applicant.email);
  await member.getByLabel('Password', { exact: true }).fill('not-the-password');
  await member.getByRole('button', { name: 'Sign In' }).click();
  await expect(member.getByText(/Repeated spam/)).toHaveCount(0);
  await expect(member.getByRole('alert').first()).toBeVisible();
  await member.getByLabel('Password', { exact: true }).fill(applicant.password);
  await member.getByRole('button', { name: 'Sign In' }).click();
  await expect(member.getByText('Your account is suspended. Reason: Repeated spam in the community feed')).toBeVisible();
  await expect(member).toHaveURL(/\/login$/);

  // The admin lifts it: the member signs in again.
  await admin.getByRole('button', { name: 'Lift suspension' }).click();
  await expect(admin.getByText('Suspension lifted')).toBeVisible();
  await signInViaUi(member, applicant.email, applicant.password);
  await expect(bottomTabs(member).getByRole('link', { name: /^Profile/ })).toBeVisible();

  // The trail shows what was done (GET /api/admin/audit?memberId=).
  await admin.reload();
  await expect(admin.getByRole('heading', { level: 2, name: new RegExp(name) })).toBeVisible();
  for (const action of ['Lifted the suspension', 'Suspended', 'Changed the account type', 'Verified']) {
    await expect(admin.getByText(action, { exact: true })).toBeVisible();
  }

  // Desktop: the table and the member's page.
  await admin.setViewportSize({ width: 1280, height: 900 });
  await expectNoA11yViolations(admin);
  await admin.getByRole('link', { name: /Back to members/ }).click();
  await expect(admin.getByRole('table')).toBeVisible();
  await expectNoA11yViolations(admin);

  // Health: the server's checks, each in its own card; the Audit log lists what was just done, filterable by action.
  await admin.getByRole('tab', { name: 'Health' }).click();
  await expect(admin).toHaveURL(/tab=health/);
  await expect(admin.getByRole('heading', { name: 'Database', level: 3 })).toBeVisible();
  await expect(admin.getByText(/PGlite \(embedded\)|PostgreSQL/).first()).toBeVisible();
  await expectNoA11yViolations(admin);
  await admin.getByRole('tab', { name: 'Audit log' }).click();
  await admin.getByLabel('Action').selectOption({ label: 'Suspended' });
  const entries = admin.getByRole('article');
  await expect(entries.first()).toContainText('Suspended');
  await expect(entries.filter({ hasNotText: 'Suspended' })).toHaveCount(0);
  await expectNoA11yViolations(admin);

  await api.dispose();
  await adminContext.close();
  await memberContext.close();
});
