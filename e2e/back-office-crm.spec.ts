import type { APIRequestContext } from '@playwright/test';
import { test, expect, adminApi, applyViaApi, newApplicant, signInViaUi } from './support/fixtures';
import { createCommunity, expectAccessibleAtBothSizes, joinCommunity, memberContext, uniqueCommunity, userId } from './support/communities';
import { memberApi } from './support/members';
import { clubDayFromNow, downloadedText } from './support/events';

/**
 * Issue 23, the CRM: a crm_user builds the segment "Tampa, attended 2+ events" (members who came through the door),
 * saves it, exports it and reads the CSV; a community's creator (not an admin) sees only their own community. Set-up
 * through the API (events in the organiser's community, tickets checked in at the door); axe at phone and desktop.
 */
test('a crm_user saves and exports "Tampa, attended 2+"; an organiser sees only their community', async ({ browser, playwright, baseURL }) => {
  test.setTimeout(240_000);
  const origin = baseURL!;
  const admin = await adminApi(await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin } }), origin);
  const tag = Date.now().toString(36);

  async function approved(label: string, name: string, city: 'tampa' | 'sarasota' | 'st_pete') {
    const applicant = { ...newApplicant(label), name, city };
    const ctx = await playwright.request.newContext({ baseURL });
    // newApplicant's type names its own city; the API takes any of the club's cities.
    await applyViaApi(ctx, applicant as unknown as ReturnType<typeof newApplicant>);
    await ctx.dispose();
    const list = (await (await admin.get('/api/admin/applications?status=pending&limit=100')).json()) as { items: Array<{ id: string; email: string }> };
    const app = list.items.find((a) => a.email === applicant.email)!;
    expect((await admin.post(`/api/admin/applications/${app.id}/approve`, { data: {} })).status()).toBe(200);
    const api = await memberApi(playwright, origin, applicant.email, applicant.password);
    return { ...applicant, api, id: await userId(api) };
  }

  const organiser = await approved('org', `Olive Organiser ${tag}`, 'st_pete');
  const regular = await approved('reg', `Tamsin Regular ${tag}`, 'tampa');
  const once = await approved('one', `Tobias Once ${tag}`, 'tampa');
  const away = await approved('away', `Sabine Away ${tag}`, 'sarasota');
  const crmUser = await approved('crm', `Cyril Crm ${tag}`, 'st_pete');
  expect((await admin.put(`/api/admin/members/${crmUser.id}/roles/crm_user`, { data: {} })).status()).toBe(200);

  // The organiser's community and two of its events; the members RSVP and are checked in at the door.
  const community = await createCommunity(organiser.api, uniqueCommunity('CRM Runners'));
  await joinCommunity(regular.api, community.id);
  await joinCommunity(once.api, community.id);
  const events: string[] = [];
  for (const [i, days] of [14, 21].entries()) {
    const res = await organiser.api.post('/api/events', {
      data: {
        title: `CRM run ${i + 1} ${tag}`,
        description: 'Set up by the CRM journey.',
        startsAtLocal: `${clubDayFromNow(days)}T19:00`,
        endsAtLocal: `${clubDayFromNow(days)}T21:00`,
        timeZone: 'America/New_York',
        venue: 'Bayshore Boulevard',
        visibility: 'members',
        communityId: community.id,
        capacity: null,
        guestsAllowed: 0,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    events.push(((await res.json()) as { id: string }).id);
  }
  async function cameTo(member: { api: APIRequestContext }, eventId: string) {
    expect((await member.api.put(`/api/events/${eventId}/rsvp`, { data: { status: 'going', guests: 0 } })).status()).toBe(200);
    const ticket = (await (await member.api.get(`/api/events/${eventId}/ticket`)).json()) as { code: string };
    const res = await organiser.api.post(`/api/events/${eventId}/check-ins`, { data: { code: ticket.code } });
    expect(res.status(), await res.text()).toBe(200);
  }
  await cameTo(regular, events[0]!);
  await cameTo(regular, events[1]!);
  await cameTo(once, events[0]!);
  await cameTo(away, events[0]!);
  await cameTo(away, events[1]!);
  // The figures are rebuilt every few minutes; an admin refreshes them now.
  const refreshed = await admin.post('/api/crm/refresh', { data: {} });
  expect(refreshed.status(), await refreshed.text()).toBe(200);

  // The crm_user builds the segment in the filters panel.
  const crmContext = await memberContext(browser, { acceptDownloads: true });
  const page = await crmContext.newPage();
  await signInViaUi(page, crmUser.email, crmUser.password);
  await page.goto('/crm');
  await expect(page.getByRole('heading', { level: 1, name: 'CRM' })).toBeVisible();
  await expect(page.getByText(/Figures as of/)).toBeVisible();
  await expect(page.getByText('Read-only access')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh' })).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search members by name, username or email' }).fill(tag);
  const table = page.getByRole('table');
  await expect(table.getByText(regular.name)).toBeVisible();
  await expect(table.getByText(away.name)).toBeVisible();

  await page.getByRole('button', { name: /^Filters/ }).click();
  const panel = page.getByRole('dialog', { name: 'Filters' });
  await panel.getByRole('combobox', { name: 'City' }).selectOption('tampa');
  await panel.getByRole('spinbutton', { name: 'Attended at least' }).fill('2');
  await expectAccessibleAtBothSizes(page, () => expect(panel).toBeVisible());
  await panel.getByRole('button', { name: 'Apply filters' }).click();
  await expect(table.getByText(regular.name)).toBeVisible();
  await expect(table.getByText(once.name)).toHaveCount(0);
  await expect(table.getByText(away.name)).toHaveCount(0);

  await page.getByRole('button', { name: 'Save segment' }).click();
  const save = page.getByRole('dialog', { name: 'Save segment' });
  await save.getByRole('textbox', { name: 'Segment name' }).fill('Tampa, attended 2+ events');
  await save.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Segment saved')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Segment' })).toHaveValue(/[0-9a-f-]{36}/);

  // The member's card: figures, the score and its formula, the timeline; read-only (no note or tag controls).
  await page.getByRole('button', { name: `Open ${regular.name}’s card` }).click();
  const card = page.getByRole('dialog', { name: regular.name });
  await expect(card.getByRole('heading', { name: /Engagement score: 6/ })).toBeVisible();
  await expect(card.getByText(/attended × 3/).first()).toBeVisible();
  await expect(card.getByText(new RegExp(`Came to CRM run 1 ${tag}`))).toBeVisible();
  await expect(card.getByRole('button', { name: 'Add note' })).toHaveCount(0);
  await expectAccessibleAtBothSizes(page, () => expect(card).toBeVisible());
  await page.keyboard.press('Escape');
  await expect(card).toHaveCount(0);

  // Export the segment and read the file.
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export CSV' });
  await expect(exportDialog.getByText('Segment “Tampa, attended 2+ events”', { exact: false })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), exportDialog.getByRole('link', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^bayclub-crm-tampa-attended-2-events-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await downloadedText(download)).replace(/^\uFEFF/, '');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('"Name","Username","Email","City","Joined","RSVPs","Attended","No-shows","Score"');
  expect(lines.some((l) => l.startsWith(`"${regular.name}",`) && l.includes('"tampa"') && l.includes(',"2",'))).toBe(true);
  expect(csv).not.toContain(once.name);
  expect(csv).not.toContain(away.name);
  await expectAccessibleAtBothSizes(page, () => expect(table.getByText(regular.name)).toBeVisible());
  await crmContext.close();

  // The organiser (the community's creator, not an admin) sees only their community.
  const orgContext = await memberContext(browser);
  const org = await orgContext.newPage();
  await signInViaUi(org, organiser.email, organiser.password);
  await org.goto('/crm');
  await expect(org.getByRole('heading', { level: 2, name: community.name })).toBeVisible();
  const members = org.getByRole('table');
  await expect(members.getByText(regular.name)).toBeVisible();
  await expect(members.getByText(once.name)).toBeVisible();
  await expect(members.getByText(away.name)).toHaveCount(0);
  await expect(org.getByText(`CRM run 1 ${tag}`)).toBeVisible();
  await expect(org.getByText(/going · 3 came · 0 no-shows/)).toBeVisible();
  await expectAccessibleAtBothSizes(org, () => expect(org.getByRole('heading', { level: 2, name: community.name })).toBeVisible());
  await org.getByRole('tab', { name: 'Members' }).click();
  await org.getByRole('searchbox', { name: 'Search members by name, username or email' }).fill(tag);
  await expect(org.getByRole('table').getByText(regular.name)).toBeVisible();
  await expect(org.getByRole('table').getByText(away.name)).toHaveCount(0);
  await expect(org.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
  // Another community's view is refused.
  const other = await createCommunity(away.api, uniqueCommunity('Other Walkers'));
  expect((await org.request.get(`/api/crm/communities/${other.id}`)).status()).toBe(403);
  await orgContext.close();
});
