import type { APIRequestContext, Browser, PlaywrightWorkerArgs } from '@playwright/test';
import sharp from 'sharp';
import { expect, adminApi, applyViaApi, newApplicant } from './fixtures';

/** A member whose application an admin approved (full_platform), created through the API. */
export async function approvedMember(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string, label = 'p') {
  const applicantApi = await playwright.request.newContext({ baseURL });
  const member = await applyViaApi(applicantApi, newApplicant(label));
  await applicantApi.dispose();

  const admin = await adminApi(await playwright.request.newContext({ baseURL }), baseURL);
  const list = await admin.get('/api/admin/applications?status=pending&limit=100');
  expect(list.status()).toBe(200);
  const app = ((await list.json()) as { items: Array<{ id: string; email: string }> }).items.find((a) => a.email === member.email);
  expect(app, `pending application of ${member.email}`).toBeTruthy();
  const approved = await admin.post(`/api/admin/applications/${app!.id}/approve`, { headers: { origin: baseURL }, data: {} });
  expect(approved.status(), await approved.text()).toBe(200);
  await admin.dispose();
  return member;
}

/** An API client signed in as this member. */
export async function memberApi(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string, email: string, password: string) {
  const api: APIRequestContext = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const res = await api.post('/api/auth/sign-in/email', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return api;
}

/** A small real photo (a colour gradient), as a file the browser can upload. */
export async function photoFile(name: string, colour: { r: number; g: number; b: number }, width = 640, height = 480) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="white"/></svg>`) }])
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

export type { Browser };
