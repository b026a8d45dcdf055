import type { APIRequestContext, Browser, BrowserContextOptions, Page, PlaywrightWorkerArgs } from '@playwright/test';
import type { CommunityView, CreateCommunityInput, PostView } from '@bayclub/shared';
import { expect, adminApi, expectNoA11yViolations } from './fixtures';

let seq = 0;
/** A community name and address no other journey (nor an earlier run on the same database) uses. */
export function uniqueCommunity(label: string) {
  seq += 1;
  const tag = `${Date.now().toString(36)}${seq}`;
  return { name: `${label} ${tag}`, urlSlug: `${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${tag}` };
}

/** Create a community as the member behind `api` (set-up the journey is not about). */
export async function createCommunity(api: APIRequestContext, input: Partial<CreateCommunityInput> & { name: string; urlSlug: string }) {
  const res = await api.post('/api/communities', {
    data: { description: 'Set up by a browser journey.', visibility: 'public', joinPolicy: 'open', city: 'tampa', ...input },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as CommunityView;
}

export async function joinCommunity(api: APIRequestContext, communityId: string, expected: 'active' | 'pending' = 'active') {
  const res = await api.post(`/api/communities/${communityId}/join`, { data: {} });
  expect(res.status(), await res.text()).toBe(200);
  expect(((await res.json()) as { status: string }).status).toBe(expected);
}

export async function createPost(api: APIRequestContext, communityId: string | null, content: string) {
  const res = await api.post('/api/posts', { data: { communityId, content, imageKeys: [] } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as PostView;
}

export async function userId(api: APIRequestContext) {
  return ((await (await api.get('/api/me')).json()) as { user: { id: string } }).user.id;
}

/** Approve a pending application by the applicant's email, as an admin would (optionally as community_only). */
export async function approveApplication(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  email: string,
  data: { accountType?: 'full_platform' | 'community_only' } = {},
) {
  const admin = await adminApi(await playwright.request.newContext({ baseURL }), baseURL);
  const list = await admin.get('/api/admin/applications?status=pending&limit=100');
  expect(list.status()).toBe(200);
  const app = ((await list.json()) as { items: Array<{ id: string; email: string }> }).items.find((a) => a.email === email);
  expect(app, `pending application of ${email}`).toBeTruthy();
  const approved = await admin.post(`/api/admin/applications/${app!.id}/approve`, { headers: { origin: baseURL }, data });
  expect(approved.status(), await approved.text()).toBe(200);
  await admin.dispose();
}

/** Set admin settings (limited members' flags) through the admin API. */
export async function putSettings(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string, settings: Record<string, string>) {
  const admin = await adminApi(await playwright.request.newContext({ baseURL }), baseURL);
  const res = await admin.put('/api/admin/settings', { headers: { origin: baseURL }, data: { settings } });
  expect(res.status(), await res.text()).toBe(200);
  await admin.dispose();
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * axe in both themes at phone and desktop sizes; `ready` is what must be on screen at each size before axe reads
 * it (a layout change may swap the side menu for the bottom tabs). At both sizes the page must fit the window's
 * width: nothing may push it sideways (a long one-line text in an auto-sized grid column did, on /events).
 * The window is left at desktop size.
 */
export async function expectAccessibleAtBothSizes(page: Page, ready: () => Promise<void>) {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await ready();
    await expectNoA11yViolations(page);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
        message: `the page scrolls sideways at ${size.width} px`,
      })
      .toBeLessThanOrEqual(0);
  }
}

/**
 * A browser context for a member: desktop size unless told, and the push prompt (its own journey:
 * notifications.spec) already answered, so it never sits over the page 5 s in.
 */
export async function memberContext(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ viewport: DESKTOP, ...options });
  // Answered on this device just now (the prompt keeps the time in localStorage and stays away for 30 days).
  await context.addInitScript(() => localStorage.setItem('bayclub:push-prompt-dismissed', String(Date.now())));
  return context;
}
