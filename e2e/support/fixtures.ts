import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { E2E_ADMIN } from './accounts';

let seq = 0;
/** A unique applicant for one test (the e2e database lives for the whole run). */
export function newApplicant(label = 'm') {
  seq += 1;
  const tag = `${label}${Date.now().toString(36)}${seq}`.toLowerCase();
  return {
    name: `Jordan Test ${seq}`,
    email: `${tag}@e2e.test`,
    password: 'member-pass-1',
    username: tag.slice(0, 30),
    age: 29,
    city: 'st_pete' as const,
  };
}

/**
 * A word no other journey (nor an earlier run or retry on the same database) writes: letters only, so a search for it
 * finds exactly what this run made, and typos stay typos.
 */
export function uniqueWord() {
  const n = Date.now();
  return `zeph${Array.from({ length: 7 }, (_, i) => 'bcdfghjklmnpqrstvwxz'[Math.floor(n / 20 ** i) % 20]).join('')}`;
}

/** Apply through the API, as a script would; returns the applicant. */
export async function applyViaApi(request: APIRequestContext, applicant = newApplicant()) {
  const res = await request.post('/api/applications', { data: applicant });
  expect(res.status(), await res.text()).toBe(201);
  return applicant;
}

export async function signInViaUi(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

export async function signInAsAdmin(page: Page) {
  await signInViaUi(page, E2E_ADMIN.email, E2E_ADMIN.password);
}

/** An API client signed in as the e2e admin (for setting up state the journey is not about). */
export async function adminApi(request: APIRequestContext, origin: string) {
  // better-auth refuses cookie-bearing requests without an Origin, as a browser would send it.
  const res = await request.post('/api/auth/sign-in/email', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    headers: { origin },
  });
  expect(res.status(), await res.text()).toBe(200);
  return request;
}

/**
 * Show the page in a theme the way a switch does, without storing it (the member's choice stays): the classes
 * app/theme.tsx applyTheme puts on <html>, and the theme the toast outlet (sonner) gets from the theme store.
 */
async function showTheme(page: Page, theme: 'dark' | 'light') {
  await page.evaluate((t) => {
    const root = document.documentElement;
    root.classList.toggle('dark', t === 'dark');
    root.classList.toggle('light', t === 'light');
    root.style.colorScheme = t;
    document.querySelectorAll('[data-sonner-toaster]').forEach((toaster) => toaster.setAttribute('data-sonner-theme', t));
  }, theme);
  await settled(page);
}

/**
 * Let the browser restyle, and every animation end, before axe reads colours: a toast or a dialog caught in its
 * first frame is not what a member reads (under load in CI, axe once measured a half-drawn frame). Reduced motion
 * makes animations and transitions near instant, so this waits a frame or two.
 */
async function settled(page: Page) {
  await page.evaluate(async () => {
    // A spinner's animation never ends: only the ones that do are waited for.
    const ending = document.getAnimations().filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
    const ended = Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 1000))]);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * axe finds no violations on the page as it is now, in both themes: the page's own theme first, then the other
 * one, then the page is put back as it was. Every journey that calls this checks every page it visits twice.
 */
export async function expectNoA11yViolations(page: Page) {
  // No colour transitions half-way while axe measures contrast (index.css honours reduced motion).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const own = (await page.evaluate(() => document.documentElement.classList.contains('dark'))) ? 'dark' : 'light';
  const themes = own === 'dark' ? (['dark', 'light'] as const) : (['light', 'dark'] as const);
  const found: string[] = [];
  try {
    for (const theme of themes) {
      if (theme !== own) await showTheme(page, theme);
      else await settled(page);
      const results = await new AxeBuilder({ page }).analyze();
      found.push(...results.violations.map((v) => `[${theme}] ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`));
    }
  } finally {
    await showTheme(page, own);
  }
  expect(found).toEqual([]);
}

export const sideMenu = (page: Page) => page.getByTestId('side-menu');
export const bottomTabs = (page: Page) => page.getByTestId('bottom-tabs');

export const test = base;
export { expect };
