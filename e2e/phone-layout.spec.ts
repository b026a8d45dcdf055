import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DIRECTORY_MESSAGES, LIMITS, PUSH_MESSAGES } from '@bayclub/shared';
import { test, expect, signInViaUi, expectNoA11yViolations, bottomTabs, sideMenu } from './support/fixtures';
import { approvedMember, memberApi, photoFile } from './support/members';
import { createCommunity, uniqueCommunity } from './support/communities';

// Measured layout checks of issue 21's rough edges, at a phone's size and a desktop's: every number is read from
// the page (boundingBox, computed styles), never from a screenshot.
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, 'element on screen').not.toBeNull();
  return found!;
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 && inner.y >= outer.y - 0.5 && inner.x + inner.width <= outer.x + outer.width + 0.5 && inner.y + inner.height <= outer.y + outer.height + 0.5;

const prompt = (page: Page) => page.getByRole('region', { name: PUSH_MESSAGES.promptTitle });
const title = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 }).first();

async function upload(api: APIRequestContext, url: string, files: Array<Awaited<ReturnType<typeof photoFile>>>, captions = false) {
  const form = new FormData();
  if (captions) form.append('captions', JSON.stringify(files.map(() => null)));
  for (const file of files) form.append('file', new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  const res = await api.post(url, { multipart: form });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

/** The toast a member causes with Share on their profile (copied, or the link to copy by hand). */
async function expectToastClearOfTitle(page: Page) {
  await page.goto('/profile');
  const heading = title(page);
  await expect(heading).toBeVisible();
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const toast = page.locator('[data-sonner-toast]').first();
  await expect(toast).toBeVisible();
  // Let it finish sliding in before measuring: two reads in a row agree.
  let last = Number.NaN;
  await expect
    .poll(async () => {
      const y = (await box(toast)).y;
      const settled = y === last;
      last = y;
      return settled;
    })
    .toBe(true);
  expect(overlaps(await box(toast), await box(heading)), 'the toast covers the page title').toBe(false);
  return box(toast);
}

test('the rough edges a new member meets, measured on a phone and a desktop', async ({ browser, playwright, baseURL }) => {
  test.setTimeout(180_000);
  const member = await approvedMember(playwright, baseURL!, 'edges');
  const api = await memberApi(playwright, baseURL!, member.email, member.password);
  // A community with a light cover (the name nearly vanished on one) and two photos for the viewer.
  const community = await createCommunity(api, uniqueCommunity('Sunny Deck'));
  await upload(api, `/api/communities/${community.id}/cover`, [await photoFile('light.jpg', { r: 245, g: 245, b: 240 }, 1500, 500)]);
  await upload(api, '/api/me/images', [await photoFile('one.jpg', { r: 30, g: 110, b: 190 }), await photoFile('two.jpg', { r: 190, g: 90, b: 40 })], true);

  // ---- Phone ----
  const phone = await browser.newContext({ viewport: PHONE });
  const page = await phone.newPage();
  await signInViaUi(page, member.email, member.password);
  await page.goto('/user-directory');
  await expect(title(page)).toBeVisible();
  const titleBefore = await box(title(page));

  // People's search box has the row to itself (it was 88 px wide: "Sea...").
  const search = page.getByRole('searchbox', { name: DIRECTORY_MESSAGES.searchLabel });
  expect((await box(search)).width).toBeGreaterThanOrEqual(PHONE.width - 2 * 16 - 2);

  // The push prompt floats above the tab bar 5 s in: the page does not move, the title is not covered.
  await expect(prompt(page)).toBeVisible({ timeout: LIMITS.pushPromptDelay + 10_000 });
  const promptBox = await box(prompt(page));
  expect((await box(title(page))).y).toBe(titleBefore.y);
  expect(promptBox.y + promptBox.height).toBeLessThanOrEqual((await box(bottomTabs(page))).y);
  expect(overlaps(promptBox, await box(title(page)))).toBe(false);
  await prompt(page).getByRole('button', { name: PUSH_MESSAGES.dismiss }).click();
  await expect(prompt(page)).toHaveCount(0);
  // A new tab on this device does not ask again.
  const secondTab = await phone.newPage();
  await secondTab.goto('/user-directory');
  await expect(title(secondTab)).toBeVisible();
  await secondTab.waitForTimeout(LIMITS.pushPromptDelay + 1500);
  await expect(prompt(secondTab)).toHaveCount(0);
  await secondTab.close();

  // The Post-to select shows its text whole: a full line inside its padding, nothing cut sideways.
  await page.goto('/community');
  const postTo = page.getByRole('combobox', { name: 'Post to' });
  await expect(postTo).toBeVisible();
  const fit = await postTo.evaluate((el: HTMLSelectElement) => {
    const style = getComputedStyle(el);
    const inner = el.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
    return { inner, line, overflowX: el.scrollWidth - el.clientWidth };
  });
  expect(fit.inner, `a ${fit.line} px line in ${fit.inner} px`).toBeGreaterThanOrEqual(fit.line - 0.5);
  expect(fit.overflowX).toBeLessThanOrEqual(0);

  // Toasts come above the tab bar, clear of the title.
  const phoneToast = await expectToastClearOfTitle(page);
  expect(phoneToast.y + phoneToast.height).toBeLessThanOrEqual((await box(bottomTabs(page))).y);

  // The photo viewer fills the screen; a sideways swipe turns the page, a swipe down closes it.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Photo 1 of 2', exact: true }).click();
  const viewer = page.getByRole('dialog');
  await expect(viewer).toBeVisible();
  await expect.poll(async () => box(viewer)).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
  const stage = await box(page.getByTestId('photo-viewer-stage'));
  const cx = stage.x + stage.width / 2;
  const cy = stage.y + stage.height / 2;
  const swipe = async (dx: number, dy: number) => {
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx + dx, cy + dy, { steps: 5 });
    await page.mouse.up();
  };
  await swipe(-150, 0);
  await expect(page.getByTestId('photo-viewer-position')).toHaveText('2 / 2');
  await swipe(0, 200);
  await expect(viewer).toHaveCount(0);

  // A community's name reads on a light cover: white, on the scrim, axe-clean in both themes; the Community tab
  // is the one marked.
  await page.goto(`/community/${community.id}`);
  const name = page.getByRole('heading', { level: 1, name: community.name });
  await expect(name).toBeVisible();
  expect(await name.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)');
  expect(inside(await box(name), await box(page.getByTestId('community-cover-scrim')))).toBe(true);
  await expect(bottomTabs(page).getByRole('link', { name: 'Community' })).toHaveAttribute('aria-current', 'page');
  await expectNoA11yViolations(page);
  await phone.close();

  // ---- Desktop ----
  const desktop = await browser.newContext({ viewport: DESKTOP });
  const wide = await desktop.newPage();
  await signInViaUi(wide, member.email, member.password);
  await wide.goto('/user-directory');
  await expect(title(wide)).toBeVisible();
  const wideTitle = await box(title(wide));
  // The prompt sits in the side menu: over no page (and so over no chat), and the page does not move.
  await expect(prompt(wide)).toBeVisible({ timeout: LIMITS.pushPromptDelay + 10_000 });
  expect(inside(await box(prompt(wide)), await box(sideMenu(wide)))).toBe(true);
  expect(overlaps(await box(prompt(wide)), await box(wide.getByRole('main')))).toBe(false);
  expect((await box(title(wide))).y).toBe(wideTitle.y);
  await expectNoA11yViolations(wide);
  await prompt(wide).getByRole('button', { name: PUSH_MESSAGES.dismiss }).click();

  await expectToastClearOfTitle(wide);

  // On a community's page Home is not the marked entry.
  await wide.goto(`/community/${community.id}`);
  await expect(wide.getByRole('heading', { level: 1, name: community.name })).toBeVisible();
  await expect(sideMenu(wide).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
  await expectNoA11yViolations(wide);
  await desktop.close();
  await api.dispose();
});
