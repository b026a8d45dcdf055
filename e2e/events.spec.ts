import { EVENT_MESSAGES, NOTIFICATION_MESSAGES } from '@bayclub/shared';
import { test, expect, signInViaUi } from './support/fixtures';
import { approvedMember, memberApi } from './support/members';
import { expectAccessibleAtBothSizes, memberContext } from './support/communities';
import { clubDayFromNow, createEventInBrowser, createEventViaApi, downloadedText, uniqueEventTitle } from './support/events';

// Issue 11 (events) in the browser, on both engines. Two long journeys: what a visitor sees, and a member's event
// from creation to the door (RSVP with a guest, the waitlist promoted live with a notification, the .ics, a door
// helper, check-in by typed code). Every event is dated two weeks after the run, in club time.

test('a visitor sees a public event, not a members-only one, no attendees, and is sent to Apply', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const host = await approvedMember(playwright, baseURL!, 'evpub');
  const hostApi = await memberApi(playwright, baseURL!, host.email, host.password);
  const open = await createEventViaApi(hostApi, { title: uniqueEventTitle('Open Beach Cleanup'), visibility: 'public' });
  const closed = await createEventViaApi(hostApi, { title: uniqueEventTitle('Members Rooftop'), visibility: 'members' });
  // The host is going to their own event (decision 025), so "who's going" would have someone to show if the page leaked it.

  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  const card = page.getByRole('link', { name: open.title });
  await expect(card).toBeVisible();
  await expect(page.getByText(closed.title)).toHaveCount(0);
  await expect(page.getByText(EVENT_MESSAGES.visitorApply)).toBeVisible();
  await expectAccessibleAtBothSizes(page, () => expect(card).toBeVisible());

  await card.click();
  await expect(page).toHaveURL(new RegExp(`/events/${open.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: open.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Who’s going' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Members going' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Your RSVP' })).toHaveCount(0);
  await expectAccessibleAtBothSizes(page, () => expect(page.getByRole('link', { name: 'Apply to join' })).toBeVisible());

  // The members-only event is the same "not found" as an unknown one.
  await page.goto(`/events/${closed.id}`);
  await expect(page.getByRole('heading', { level: 1, name: EVENT_MESSAGES.notFound })).toBeVisible();

  await page.goto(`/events/${open.id}`);
  await page.getByRole('link', { name: 'Apply to join' }).click();
  await expect(page).toHaveURL(/\/#apply$/);
  await expect(page.getByRole('form', { name: 'Membership application' })).toBeVisible();
  await hostApi.dispose();
});

test('A creates an event with 2 seats; B goes with a guest; C waits and is promoted live; the .ics; the door', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const a = await approvedMember(playwright, baseURL!, 'evhost');
  const b = await approvedMember(playwright, baseURL!, 'evguest');
  const c = await approvedMember(playwright, baseURL!, 'evwait');
  // C starts with nothing unread (the approval is a notification too), so the promotion is the one to find.
  const apiC = await memberApi(playwright, baseURL!, c.email, c.password);
  expect((await apiC.post('/api/notifications/mark-read', { data: {} })).status()).toBe(200);
  await apiC.dispose();

  const [ctxA, ctxB, ctxC] = await Promise.all([memberContext(browser), memberContext(browser), memberContext(browser)]);
  const [pageA, pageB, pageC] = await Promise.all([ctxA.newPage(), ctxB.newPage(), ctxC.newPage()]);
  await signInViaUi(pageA, a.email, a.password);
  await signInViaUi(pageB, b.email, b.password);
  await signInViaUi(pageC, c.email, c.password);

  // A creates the event in the dialog: capacity 2, one guest each.
  const title = uniqueEventTitle('Sunset Social');
  const eventId = await createEventInBrowser(pageA, { title, day: clubDayFromNow(14), venue: 'Pier 60', capacity: 2, guestsAllowed: 1 });
  await expect(pageA.getByText('2 of 2 seats left')).toBeVisible();

  // B RSVPs with one guest: going, both seats taken, a ticket for the party.
  await pageB.goto(`/events/${eventId}`);
  const rsvpB = pageB.getByRole('region', { name: 'Your RSVP' });
  await expect(rsvpB.getByText('2 of 2 seats left')).toBeVisible();
  await rsvpB.getByRole('button', { name: 'More guests' }).click();
  await rsvpB.getByRole('button', { name: EVENT_MESSAGES.rsvp, exact: true }).click();
  await expect(rsvpB.getByText('Going, with 1 guest')).toBeVisible();
  // Who's going: the host (going to their own event, holding no seat) and B with a guest (decision 025).
  await expect(pageB.getByText('2 members · 1 guest')).toBeVisible();
  await expect(pageB.getByRole('list', { name: 'Members going' }).getByRole('link', { name: new RegExp(`^${a.name}\\s*Host$`) })).toBeVisible();
  const codeB = (await rsvpB.getByRole('img', { name: /Ticket code/ }).textContent())!.trim();
  await expect(rsvpB.getByText('Party of 2 (you and 1 guest)')).toBeVisible();
  await expect(rsvpB.getByRole('img', { name: /QR code/ })).toBeVisible();

  // C finds it full and joins the waitlist.
  await pageC.goto(`/events/${eventId}`);
  const rsvpC = pageC.getByRole('region', { name: 'Your RSVP' });
  await expect(rsvpC.getByText('Full')).toBeVisible();
  await rsvpC.getByRole('button', { name: EVENT_MESSAGES.joinWaitlist }).click();
  await expect(rsvpC.getByText('On the waitlist, position 1')).toBeVisible();
  await expectAccessibleAtBothSizes(pageC, () => expect(rsvpC.getByText('On the waitlist, position 1')).toBeVisible());

  // B can't go: C is promoted on the page they have open, and told.
  await rsvpB.getByRole('button', { name: EVENT_MESSAGES.notGoing }).click();
  await expect(rsvpB.getByText('Not going')).toBeVisible();
  await expect(pageC.getByText(`You're in! A seat opened up for ${title}.`)).toBeVisible();
  await expect(rsvpC.getByText('Going', { exact: true })).toBeVisible();
  const ticketC = rsvpC.getByRole('img', { name: /Ticket code/ });
  await expect(ticketC).toBeVisible();
  const codeC = (await ticketC.textContent())!.trim();
  expect(codeC).toMatch(/^[A-Z0-9]{6}$/);
  expect(codeC).not.toBe(codeB);
  await expectAccessibleAtBothSizes(pageC, () => expect(ticketC).toBeVisible());

  // C downloads the event for a calendar.
  const downloading = pageC.waitForEvent('download');
  await pageC.getByRole('link', { name: `${EVENT_MESSAGES.addToCalendar} (.ics)` }).click();
  const ics = await downloadedText(await downloading);
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(ics).toContain(`UID:${eventId}@bayclub`);
  expect(ics).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\n/);
  expect(ics).toContain(`SUMMARY:${title}`);

  // C's notifications panel holds the promotion.
  await pageC.goto('/profile');
  await pageC.getByRole('button', { name: 'Settings' }).click();
  await pageC.getByRole('menuitem', { name: /Notifications\s*, 1 unread/ }).click();
  const panel = pageC.getByRole('dialog', { name: NOTIFICATION_MESSAGES.title });
  await expect(panel.getByText(`You're in: ${title}`)).toBeVisible();
  await expect(panel.getByText('A seat opened up and you moved off the waitlist. See you there!')).toBeVisible();
  await panel.getByRole('button', { name: new RegExp(`You're in: ${title}`) }).click();
  await expect(pageC).toHaveURL(new RegExp(`/events/${eventId}$`));

  // A names C a door helper in the Hosts dialog; C's event page then leads to the door view.
  await pageA.reload();
  await pageA.getByRole('button', { name: 'Hosts' }).click();
  const hosts = pageA.getByRole('dialog', { name: 'Hosts and door helpers' });
  await hosts.getByRole('button', { name: `Door helper: add ${c.name}`, exact: true }).click();
  await expect(hosts.getByRole('combobox', { name: `Role of ${c.name}` })).toHaveValue('door');
  await pageA.keyboard.press('Escape');
  await pageC.reload();
  await pageC.getByRole('link', { name: 'Door check-in' }).click();
  await expect(pageC.getByRole('heading', { level: 1, name: `Door: ${title}` })).toBeVisible();
  await expect(pageC.getByLabel('Ticket code')).toBeVisible();

  // A at the door types C's code: checked in, with C's name and party; again: already used.
  await pageA.getByRole('link', { name: 'Door check-in' }).click();
  await expect(pageA.getByRole('heading', { level: 1, name: `Door: ${title}` })).toBeVisible();
  await expect(pageA.getByText('0 checked in of 1 going')).toBeVisible();
  await pageA.getByLabel('Ticket code').fill(codeC.toLowerCase());
  await pageA.getByRole('button', { name: 'Check in' }).click();
  const admitted = pageA.getByRole('status').filter({ hasText: EVENT_MESSAGES.checkedIn });
  await expect(admitted).toBeVisible();
  // One confirmation (issue 21): the answer card, no toast beside it.
  await expect(admitted).toHaveCount(1);
  await expect(pageA.locator('[data-sonner-toast]')).toHaveCount(0);
  await expect(admitted).toContainText(c.name);
  await expect(admitted).toContainText('Party of 1');
  await expect(pageA.getByText('1 checked in of 1 going')).toBeVisible();
  // The helper's door view follows A's check-in live.
  await expect(pageC.getByText('1 checked in of 1 going')).toBeVisible();
  await pageA.getByLabel('Ticket code').fill(codeC);
  await pageA.getByRole('button', { name: 'Check in' }).click();
  await expect(pageA.getByRole('alert').filter({ hasText: 'This ticket was already used' })).toBeVisible();
  // B's ticket went with B's RSVP.
  await pageA.getByLabel('Ticket code').fill(codeB);
  await pageA.getByRole('button', { name: 'Check in' }).click();
  await expect(pageA.getByRole('alert').filter({ hasText: 'cancelled' })).toBeVisible();
  await expectAccessibleAtBothSizes(pageA, () => expect(pageA.getByRole('heading', { level: 1, name: `Door: ${title}` })).toBeVisible());

  // The host's event page (member view, with attendance) is accessible too.
  await pageA.goto(`/events/${eventId}`);
  await expectAccessibleAtBothSizes(pageA, () => expect(pageA.getByRole('heading', { name: 'Attendance' })).toBeVisible());

  // C's own ticket says so.
  await pageC.goto(`/events/${eventId}`);
  await expect(pageC.getByRole('region', { name: 'Your RSVP' }).getByText(`${EVENT_MESSAGES.checkedIn} at`)).toBeVisible();

  await Promise.all([ctxA.close(), ctxB.close(), ctxC.close()]);
});

test('phone layout: events first, filters in a sheet, covers, the zone named once, faces with names, the RSVP bar; desktop filters inline', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const host = await approvedMember(playwright, baseURL!, 'evphost');
  const reader = await approvedMember(playwright, baseURL!, 'evpread');
  const hostApi = await memberApi(playwright, baseURL!, host.email, host.password);
  // A long description, so the event page scrolls on a phone.
  const event = await createEventViaApi(hostApi, { title: uniqueEventTitle('Phone Social'), visibility: 'members', day: clubDayFromNow(1), capacity: 10 });
  const long = Array.from({ length: 40 }, (_, i) => `Line ${i + 1}: bring a friend and a smile.`).join('\n');
  expect((await hostApi.patch(`/api/events/${event.id}`, { data: { description: long } })).status()).toBeLessThan(300);
  await hostApi.dispose();

  // A viewer in London: New York times need their zone named, once for the page.
  const context = await memberContext(browser, { viewport: { width: 390, height: 844 }, timezoneId: 'Europe/London' });
  const page = await context.newPage();
  await signInViaUi(page, reader.email, reader.password);
  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  const firstCard = page.getByRole('list', { name: EVENT_MESSAGES.upcoming }).getByRole('article').first();
  await expect(firstCard).toBeVisible();
  const top = (await firstCard.boundingBox())!.y;
  expect(top, 'the first event card starts within the first screen').toBeLessThan(400);
  // Every card has a cover (the event's image or one drawn from its id).
  await expect(firstCard.locator('[data-slot="event-cover"]')).toBeVisible();
  expect((await firstCard.locator('[data-slot="event-cover"]').boundingBox())!.height).toBeGreaterThan(80);
  // The zone once for the page, never on a card.
  await expect(page.getByText('All times are New York time.')).toBeVisible();
  await expect(page.getByRole('list', { name: EVENT_MESSAGES.upcoming }).getByText(/New York time/)).toHaveCount(0);
  // Filters wait behind one button, in a bottom sheet.
  await expect(page.getByRole('combobox', { name: 'City' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Filters' }).click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expect(sheet.getByRole('combobox', { name: 'City' })).toBeVisible();
  const sheetBox = (await sheet.boundingBox())!;
  expect(Math.round(sheetBox.y + sheetBox.height), 'the sheet sits on the bottom edge').toBeGreaterThanOrEqual(843);
  await sheet.getByRole('button', { name: 'This week', exact: true }).click();
  await sheet.getByRole('button', { name: 'Show events' }).click();
  await expect(page.getByRole('button', { name: 'Filters, 1 on' })).toBeVisible();
  await expectAccessibleAtBothSizes(page, () => expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible());

  // Desktop: the filters are inline, no Filters button.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByRole('combobox', { name: 'City' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Filters/ })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });

  // The event page: the host counted as going, faces with names; the RSVP bar stays on screen above the tabs.
  await page.goto(`/events/${event.id}`);
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
  const faces = page.getByRole('list', { name: 'Members going' });
  await expect(faces.getByRole('link', { name: new RegExp(`^${host.name}\\s*Host$`) })).toBeVisible();
  await expect(page.getByText('1 member', { exact: true })).toBeVisible();
  const bar = page.getByRole('region', { name: 'RSVP bar' });
  await page.mouse.wheel(0, 1500);
  await expect(bar).toBeInViewport();
  const barBox = (await bar.boundingBox())!;
  const tabsBox = (await page.getByTestId('bottom-tabs').boundingBox())!;
  expect(barBox.y + barBox.height, 'the bar stays above the tab bar').toBeLessThanOrEqual(tabsBox.y + 1);
  await bar.getByRole('button', { name: EVENT_MESSAGES.rsvp }).click();
  await expect(bar.getByText('Going', { exact: true })).toBeVisible();
  await expect(page.getByText('2 members', { exact: true })).toBeVisible();
  await context.close();
});
