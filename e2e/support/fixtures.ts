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

/** axe finds no violations on the page as it is now. */
export async function expectNoA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

export const sideMenu = (page: Page) => page.getByTestId('side-menu');
export const bottomTabs = (page: Page) => page.getByTestId('bottom-tabs');

export const test = base;
export { expect };
