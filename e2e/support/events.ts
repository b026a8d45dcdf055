import type { APIRequestContext, Download, Page } from '@playwright/test';
import { CLUB_TIME_ZONE, type EventView } from '@bayclub/shared';
import { expect } from './fixtures';

/**
 * The club's calendar day `days` from now ('YYYY-MM-DD' in America/New_York), so an event set up by a journey is
 * always upcoming whenever the suite runs (never a hard-coded date that a later run would find in the past).
 */
export function clubDayFromNow(days: number, now = new Date()): string {
  const later = new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: CLUB_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(later);
}

let seq = 0;
/** An event title no other journey (nor an earlier run on the same database) uses. */
export function uniqueEventTitle(label: string) {
  seq += 1;
  return `${label} ${Date.now().toString(36)}${seq}`;
}

/** Create an event through the API as the member behind `api` (set-up the journey is not about), 19:00-22:00. */
export async function createEventViaApi(
  api: APIRequestContext,
  input: { title: string; visibility: 'public' | 'members'; day?: string; capacity?: number | null; guestsAllowed?: number },
) {
  const day = input.day ?? clubDayFromNow(14);
  const res = await api.post('/api/events', {
    data: {
      title: input.title,
      description: 'Set up by a browser journey.',
      startsAtLocal: `${day}T19:00`,
      endsAtLocal: `${day}T22:00`,
      timeZone: CLUB_TIME_ZONE,
      // Long on purpose: the list's one-line venue must not push a phone's page sideways.
      venue: 'Pier 60 pavilion at the north end of Clearwater Beach',
      visibility: input.visibility,
      capacity: input.capacity ?? null,
      guestsAllowed: input.guestsAllowed ?? 0,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as EventView;
}

/**
 * Create an event in the browser as a member would: /events, Create event, the details, then Done on the cover
 * step (no cover). Ends on the new event's page; returns its id.
 */
export async function createEventInBrowser(
  page: Page,
  input: { title: string; day: string; venue: string; capacity: number; guestsAllowed: number },
) {
  await page.goto('/events');
  await page.getByRole('button', { name: 'Create event' }).click();
  const form = page.getByRole('form', { name: 'Create event' });
  await form.getByRole('textbox', { name: 'Title' }).fill(input.title);
  await form.getByLabel('Starts').fill(`${input.day}T19:00`);
  await form.getByLabel('Ends').fill(`${input.day}T22:00`);
  await form.getByRole('textbox', { name: 'Venue' }).fill(input.venue);
  await form.getByRole('spinbutton', { name: /Capacity/ }).fill(String(input.capacity));
  await form.getByRole('combobox', { name: 'Guests (plus-ones)' }).selectOption(String(input.guestsAllowed));
  await form.getByRole('button', { name: 'Create event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a cover image' });
  await expect(dialog.getByText(`${input.title} is saved.`, { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: input.title })).toBeVisible();
  return new URL(page.url()).pathname.split('/').pop()!;
}

/** The text of a downloaded file. */
export async function downloadedText(download: Download) {
  const fs = await import('node:fs/promises');
  return fs.readFile(await download.path(), 'utf8');
}
