import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Open Settings from the own profile's Settings menu (Profile Settings), then one of its sections by its side tab
 * (desktop width: below 768 px the sections are a dropdown). Returns the Settings dialog.
 */
export async function openSettingsSection(page: Page, section: 'Earnings' | 'Memberships') {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  // The tab's name carries its marker in words: "Earnings (complete)" once the payout account is enabled.
  await settings.getByRole('tab', { name: new RegExp(`^${section}`) }).click();
  await expect(settings.getByRole('heading', { level: 2, name: section })).toBeVisible();
  return settings;
}

/**
 * Create a paid event in the browser as a host with an enabled payout account: /events, Create event, the details,
 * the Tickets group's price (its refund cut-off and claim window left at their defaults, which it checks), then Done
 * on the cover step. Ends on the new event's page; returns its id.
 */
export async function createPaidEventInBrowser(
  page: Page,
  input: { title: string; day: string; venue: string; capacity: number; price: string },
) {
  await page.goto('/events');
  await page.getByRole('button', { name: 'Create event' }).click();
  const form = page.getByRole('form', { name: 'Create event' });
  await form.getByRole('textbox', { name: 'Title' }).fill(input.title);
  await form.getByLabel('Starts').fill(`${input.day}T19:00`);
  await form.getByLabel('Ends').fill(`${input.day}T22:00`);
  await form.getByRole('textbox', { name: 'Venue' }).fill(input.venue);
  await form.getByRole('spinbutton', { name: /Capacity/ }).fill(String(input.capacity));
  await form.getByRole('combobox', { name: 'Guests (plus-ones)' }).selectOption('0');
  const tickets = form.getByRole('group', { name: 'Tickets' });
  await tickets.getByRole('textbox', { name: 'Price per seat' }).fill(input.price);
  await expect(tickets.getByText('Guests pay the same price. In USD. Empty for a free event.')).toBeVisible();
  await expect(tickets.getByRole('spinbutton', { name: 'Refunds until (hours before start)' })).toHaveValue('24');
  await expect(tickets.getByRole('spinbutton', { name: 'Waitlist claim window (hours)' })).toHaveValue('12');
  await form.getByRole('button', { name: 'Create event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a cover image' });
  await expect(dialog.getByText(`${input.title} is saved.`, { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: input.title })).toBeVisible();
  return new URL(page.url()).pathname.split('/').pop()!;
}

/** The browser is on the local Checkout page (the Stripe double's, served by the app) for this total. */
export async function expectOnLocalCheckout(page: Page, total: string) {
  await expect(page).toHaveURL(/\/stripe-local\/checkout\/cs_[A-Za-z0-9_]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pay Bay Club' })).toBeVisible();
  await expect(page.getByText('Total', { exact: true }).locator('..')).toContainText(total);
}

/**
 * Pay on the local Checkout page with its test card: Stripe sends the browser back to the event page with the
 * session id, which confirms the payment (the ticket shows before the webhook) and then leaves the address.
 */
export async function payOnLocalCheckout(page: Page, eventId: string, total: string) {
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page.getByText("You're going! Your ticket is ready.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/events/${eventId}$`));
}

/** The host's Sales card as label → value ("Gross" → "$75.00"), read from its description list. */
export async function salesFigures(card: Locator) {
  const terms = await card.getByRole('term').allTextContents();
  const values = await card.getByRole('definition').allTextContents();
  return Object.fromEntries(terms.map((term, i) => [term.trim(), values[i]?.trim()]));
}
