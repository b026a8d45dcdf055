import type { Page } from '@playwright/test';
import { SEARCH_HISTORY_KEY, SEARCH_LIMITS, type SearchHistoryEntry } from '@bayclub/shared';
import { test, expect, adminApi, newApplicant, signInViaUi, expectNoA11yViolations, uniqueWord } from './support/fixtures';
import { approvedMember, memberApi } from './support/members';
import { createCommunity, createPost } from './support/communities';
import { createEventViaApi } from './support/events';

const overlay = (page: Page) => page.getByRole('dialog', { name: 'Search' });
const input = (page: Page) => overlay(page).getByRole('combobox', { name: 'Search' });

test('a member finds people, communities, events and posts with Ctrl+K and the Settings menu, by keyboard', async ({ browser, playwright, baseURL }) => {
  test.setTimeout(240_000);
  const word = uniqueWord();
  const Word = `${word[0]!.toUpperCase()}${word.slice(1)}`;

  // Set-up through the API: a member named with the word, and a community, an upcoming event and a post with it.
  const owner = await approvedMember(playwright, baseURL!, 'srco');
  const ownerApi = await memberApi(playwright, baseURL!, owner.email, owner.password);
  const community = await createCommunity(ownerApi, { name: `${Word} Walkers`, urlSlug: `${word}-walkers` });
  const event = await createEventViaApi(ownerApi, { title: `${Word} sunset walk`, visibility: 'members' });
  const post = await createPost(ownerApi, null, `Who joins the ${word} walk this Saturday? Bring water.`);
  // Issue 21: a place is found by name; a community in Tampa about yoga by "tampa yoga" (city and topics are fields).
  const placeRes = await ownerApi.post('/api/locations', { data: { name: `${Word} Boathouse`, category: 'venue', address: '1 Bayshore Blvd', city: 'tampa' } });
  expect(placeRes.status(), await placeRes.text()).toBe(201);
  const place = (await placeRes.json()) as { id: string };
  const yogis = await createCommunity(ownerApi, { name: `${Word} Mornings`, urlSlug: `${word}-mornings`, description: 'Mats at dawn.', city: 'tampa', interests: ['Yoga'] });
  await ownerApi.dispose();
  const named = { ...newApplicant('srcn'), name: `Tess ${Word}` };
  const applicant = await playwright.request.newContext({ baseURL });
  expect((await applicant.post('/api/applications', { data: named })).status()).toBe(201);
  await applicant.dispose();
  const admin = await adminApi(await playwright.request.newContext({ baseURL }), baseURL!);
  const pending = ((await (await admin.get('/api/admin/applications?status=pending&limit=100')).json()) as { items: Array<{ id: string; email: string }> }).items;
  const app = pending.find((a) => a.email === named.email)!;
  expect((await admin.post(`/api/admin/applications/${app.id}/approve`, { headers: { origin: baseURL! }, data: {} })).status()).toBe(200);
  await admin.dispose();
  const searcher = await approvedMember(playwright, baseURL!, 'srcs');

  // Desktop: Ctrl+K anywhere (here the events page), type, see the four types with their counts.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInViaUi(page, searcher.email, searcher.password);
  // Earlier searches of this member (ten kept, five shown): the new one goes on top.
  const older: SearchHistoryEntry[] = Array.from({ length: 6 }, (_, i) => ({ query: `older search ${i + 1}`, type: 'all', timestamp: Date.now() - (i + 1) * 60_000 }));
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [SEARCH_HISTORY_KEY, JSON.stringify(older)] as const);
  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(overlay(page)).toBeVisible();
  await expect(input(page)).toBeFocused();
  const recent = overlay(page).getByRole('listbox', { name: 'Recent searches' });
  await expect(recent.getByRole('option')).toHaveText(older.slice(0, SEARCH_LIMITS.historyShown).map((e) => e.query));

  await input(page).fill(word);
  const tabs = overlay(page).getByRole('tab');
  await expect(tabs).toHaveText(['All6', 'Users1', 'Communities2', 'Events1', 'Posts1', 'Places1']);
  const results = overlay(page).getByRole('listbox', { name: 'All results' });
  await expect(results.getByRole('group')).toHaveText([/^Users/, /^Communities/, /^Events/, /^Posts/, /^Places/]);
  await expect(results.getByRole('option')).toHaveCount(6);
  // The matched word is marked in each result.
  await expect(results.locator('mark').first()).toHaveText(Word);
  await expectNoA11yViolations(page);

  // Arrow down to the community (after the newer Mornings) and Enter: its address (/{url_slug}), which the slug
  // handler opens.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(results.getByRole('option', { name: `${Word} Walkers` })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/community/${community.id}`);
  await expect(page.getByRole('heading', { level: 1, name: community.name })).toBeVisible();
  await expect(overlay(page)).toBeHidden();

  // Every word somewhere across the fields: "tampa yoga" finds the Tampa community about yoga (its name says
  // neither); a place is found by its name and opens its page.
  await page.keyboard.press('Control+k');
  await input(page).fill(`tampa yoga ${word}`);
  await expect(overlay(page).getByRole('option', { name: yogis.name })).toBeVisible();
  await input(page).fill(`${word} boathouse`);
  await overlay(page).getByRole('option', { name: `${Word} Boathouse` }).click();
  await expect(page).toHaveURL(`/locations/${place.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `${Word} Boathouse` })).toBeVisible();

  // Again: the search is first among the last five; a typo (one letter wrong) still finds the post; Enter opens it.
  await page.keyboard.press('Control+k');
  await expect(recent.getByRole('option').first()).toHaveText(`${word} boathousePlaces`);
  await input(page).fill(`${word.slice(0, -1)}a`);
  await overlay(page).getByRole('tab', { name: /^Posts/ }).click();
  await expect(overlay(page).getByRole('listbox', { name: 'Posts results' }).getByRole('option')).toHaveCount(1);
  await input(page).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/community/posts/${post.id}`);
  await expect(page.getByText(`Who joins the ${word} walk`)).toBeVisible();

  // The event and the member lead to their pages too.
  await page.keyboard.press('Control+k');
  await input(page).fill(word);
  await overlay(page).getByRole('option', { name: `${Word} sunset walk` }).click();
  await expect(page).toHaveURL(`/events/${event.id}`);
  await page.keyboard.press('Control+k');
  await input(page).fill(word);
  await overlay(page).getByRole('option', { name: `Tess ${Word}` }).click();
  await expect(page).toHaveURL(/\/view-profile\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: `Tess ${Word}` })).toBeVisible();
  await context.close();

  // Phone: the own profile's Settings menu opens the same overlay, full screen; Escape gives focus back.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const mobile = await phone.newPage();
  await signInViaUi(mobile, searcher.email, searcher.password);
  await mobile.goto('/profile');
  const settings = mobile.getByRole('button', { name: 'Settings', exact: true });
  await settings.click();
  await mobile.getByRole('menuitem', { name: 'Search' }).click();
  await expect(input(mobile)).toBeFocused();
  await expectNoA11yViolations(mobile);
  await input(mobile).fill(word);
  await expect(overlay(mobile).getByRole('tab')).toHaveText(['All6', 'Users1', 'Communities2', 'Events1', 'Posts1', 'Places1']);
  await expectNoA11yViolations(mobile);
  // The six tabs at 390 px: the row stays on screen and either fits or says it scrolls (a fade on the edge with
  // more), and the last tab is reachable by keyboard and scrolled into view.
  const tabList = overlay(mobile).getByRole('tablist', { name: 'Result types' });
  const listBox = (await tabList.boundingBox())!;
  expect(listBox.x).toBeGreaterThanOrEqual(0);
  expect(listBox.x + listBox.width).toBeLessThanOrEqual(390);
  const overflows = await tabList.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  if (overflows) await expect(tabList).toHaveAttribute('data-more-after', 'true');
  await overlay(mobile).getByRole('tab', { name: /^All/ }).focus();
  await mobile.keyboard.press('ArrowLeft');
  const places = overlay(mobile).getByRole('tab', { name: /^Places/ });
  await expect(places).toBeFocused();
  await expect
    .poll(async () => {
      const box = (await places.boundingBox())!;
      return box.x >= listBox.x - 1 && box.x + box.width <= listBox.x + listBox.width + 1;
    })
    .toBe(true);
  await input(mobile).fill('qq no such thing zz');
  await expect(overlay(mobile).getByText('No results found for "qq no such thing zz"')).toBeVisible();
  await mobile.keyboard.press('Escape');
  await expect(overlay(mobile)).toBeHidden();
  await expect(settings).toBeFocused();
  await phone.close();
});
