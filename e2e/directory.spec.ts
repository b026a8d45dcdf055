import type { APIRequestContext, Page } from '@playwright/test';
import { DIRECTORY_LIMITS, DIRECTORY_MESSAGES } from '@bayclub/shared';
import { test, expect, adminApi, newApplicant, signInViaUi, expectNoA11yViolations } from './support/fixtures';

/** More members than one page holds, so the journey pages. */
const MEMBERS = DIRECTORY_LIMITS.pageSize + 2;
const CITY = { value: 'sarasota', label: 'Sarasota' } as const;
/** An interest the other journeys never give anyone. */
const INTEREST = 'Food Trucks';

const cards = (page: Page) => page.getByRole('list', { name: 'Members' }).getByRole('article');

/** Apply through the API with a city and interests of our choosing; returns the email. */
async function apply(request: APIRequestContext, label: string, name: string, city: string, interests: string[]) {
  const applicant = { ...newApplicant(label), name, city, interests };
  const res = await request.post('/api/applications', { data: applicant });
  expect(res.status(), await res.text()).toBe(201);
  return applicant;
}

test('a full member filters People by city and interest, pages, and opens a card', async ({ browser, playwright, baseURL }) => {
  test.setTimeout(240_000);
  // The members to find (the city and the interest), one elsewhere as contrast, and the viewer: all approved.
  const api = await playwright.request.newContext({ baseURL });
  const emails: string[] = [];
  for (let i = 0; i < MEMBERS; i++) emails.push((await apply(api, 'dir', `Dana Directory ${i + 1}`, CITY.value, [INTEREST, 'Beach'])).email);
  emails.push((await apply(api, 'dirx', 'Lee Elsewhere', 'lakeland', [INTEREST])).email);
  const viewer = await apply(api, 'dirv', 'Vic Viewer', 'tampa', ['Beach', 'Yoga']);
  emails.push(viewer.email);
  await api.dispose();
  const admin = await adminApi(await playwright.request.newContext({ baseURL }), baseURL!);
  const pending = ((await (await admin.get('/api/admin/applications?status=pending&limit=100')).json()) as { items: Array<{ id: string; email: string }> }).items;
  for (const app of pending.filter((a) => emails.includes(a.email))) {
    const res = await admin.post(`/api/admin/applications/${app.id}/approve`, { headers: { origin: baseURL! }, data: {} });
    expect(res.status(), await res.text()).toBe(200);
  }
  await admin.dispose();

  for (const size of [{ width: 390, height: 844 }, { width: 1280, height: 900 }]) {
    const phone = size.width < 768;
    const context = await browser.newContext({ viewport: size });
    const page = await context.newPage();
    await signInViaUi(page, viewer.email, viewer.password);
    await page.goto('/user-directory');
    await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
    await expect(cards(page).first()).toBeVisible();
    await expectNoA11yViolations(page);

    // Filters: in a sheet on phones, in the side panel on desktop; each applies at once and lands in the URL.
    const panel = phone ? page.getByRole('dialog', { name: 'Filters' }) : page.getByRole('complementary', { name: 'Filters' });
    if (phone) {
      await page.getByRole('button', { name: 'Filters' }).click();
      await expect(panel).toBeVisible();
    }
    await panel.getByLabel('City').selectOption(CITY.value);
    // The interest's group (Food & Dining) starts closed, as in the interests picker everywhere.
    await panel.getByRole('button', { name: /Food & Dining/ }).click();
    // The chip is a label around a visually hidden checkbox: a member clicks the chip.
    await panel.locator('label', { hasText: INTEREST }).click();
    await expect(panel.getByRole('checkbox', { name: INTEREST })).toBeChecked();
    await expect(page).toHaveURL(/city=sarasota/);
    await expect(page).toHaveURL(/interests=Food\+Trucks|interests=Food%20Trucks/);
    if (phone) {
      await expectNoA11yViolations(page);
      await panel.getByRole('button', { name: 'Show members' }).click();
      await expect(panel).toBeHidden();
    }

    // One page, then the next (scrolling to the end loads it; Load more is the fallback).
    await expect(cards(page)).toHaveCount(DIRECTORY_LIMITS.pageSize);
    await expect(page.getByRole('link', { name: 'Lee Elsewhere' })).toHaveCount(0);
    const more = page.getByRole('button', { name: 'Load more' });
    // Scrolling to the end of the list loads the next page by itself (the button is the fallback, tested in
    // user-directory-page.test.tsx).
    await more.scrollIntoViewIfNeeded();
    await expect(cards(page)).toHaveCount(MEMBERS);
    await expect(more).toHaveCount(0);
    // City and age, and the interest the viewer shares highlighted.
    await expect(cards(page).first()).toContainText(`${CITY.label} · 29`);
    await expect(cards(page).first().getByRole('list', { name: 'Interests in common' })).toHaveText('Beach');
    await expectNoA11yViolations(page);

    // A card opens the member's profile.
    const first = cards(page).first().getByRole('link').first();
    const name = (await first.textContent())!.trim();
    await first.click();
    await expect(page).toHaveURL(/\/view-profile\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/city=sarasota/);

    // Nothing matches: the empty state clears the filters.
    await page.goto('/user-directory?city=sarasota&q=no-such-member-zz');
    await expect(page.getByRole('heading', { name: DIRECTORY_MESSAGES.empty })).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: DIRECTORY_MESSAGES.clearFilters }).first().click();
    await expect(page).toHaveURL(/\/user-directory$/);
    await context.close();
  }
});
