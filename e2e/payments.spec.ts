import { EVENT_MESSAGES, NOTIFICATION_MESSAGES, PAYMENT_MESSAGES } from '@bayclub/shared';
import { test, expect, signInViaUi } from './support/fixtures';
import { approvedMember, memberApi } from './support/members';
import { expectAccessibleAtBothSizes, memberContext } from './support/communities';
import { clubDayFromNow, uniqueEventTitle } from './support/events';
import { createPaidEventInBrowser, expectOnLocalCheckout, openSettingsSection, payOnLocalCheckout, salesFigures } from './support/payments';

// Issue 22 (money) in the browser, on both engines, against the local Stripe double (no STRIPE_SECRET_KEY): its
// onboarding, Checkout and dashboard pages are served by the app under /stripe-local/ and are part of the product in
// local mode, so axe reads them too. One journey: a host sets up payouts, sells the 2 seats of a paid event, a third
// member waits, a ticket is cancelled before the cut-off and refunded, the freed seat is claimed and paid; then the
// money as the members and the host see it. The event is two weeks out: well before the 24-hour refund cut-off.

test('a host sets up payouts and sells 2 seats; B and C pay; D waits; B cancels and is refunded; D claims the seat and pays', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const host = await approvedMember(playwright, baseURL!, 'payhost');
  const b = await approvedMember(playwright, baseURL!, 'paybuyer');
  const c = await approvedMember(playwright, baseURL!, 'paysecond');
  const d = await approvedMember(playwright, baseURL!, 'paywait');
  // D starts with nothing unread (the approval is a notification too), so the claim offer is the one to find.
  const apiD = await memberApi(playwright, baseURL!, d.email, d.password);
  expect((await apiD.post('/api/notifications/mark-read', { data: {} })).status()).toBe(200);
  await apiD.dispose();

  const [ctxHost, ctxB, ctxC, ctxD] = await Promise.all([memberContext(browser), memberContext(browser), memberContext(browser), memberContext(browser)]);
  const [pageHost, pageB, pageC, pageD] = await Promise.all([ctxHost.newPage(), ctxB.newPage(), ctxC.newPage(), ctxD.newPage()]);
  await signInViaUi(pageHost, host.email, host.password);
  await signInViaUi(pageB, b.email, b.password);
  await signInViaUi(pageC, c.email, c.password);
  await signInViaUi(pageD, d.email, d.password);

  // --- The host sets up payouts: Settings → Earnings, no account yet: the setup form.
  const settings = await openSettingsSection(pageHost, 'Earnings');
  await expect(settings.getByRole('heading', { name: 'Payment Setup' })).toBeVisible();
  await expect(settings.getByText('Set up a payout account to receive earnings from the tickets you sell.')).toBeVisible();
  await expect(settings.getByRole('combobox', { name: 'Country' })).toHaveValue('US');
  await expect(settings.getByRole('textbox', { name: 'Email' })).toHaveValue(host.email);
  const setUp = settings.getByRole('button', { name: 'Set Up Payments' });
  await expectAccessibleAtBothSizes(pageHost, () => expect(setUp).toBeVisible());

  // Set Up Payments: Stripe's onboarding opens in a new tab, and the toast says so.
  const opening = ctxHost.waitForEvent('page');
  await setUp.click();
  const onboarding = await opening;
  await expect(pageHost.getByText('Opening Stripe Setup', { exact: true })).toBeVisible();
  await expect(onboarding).toHaveURL(/\/stripe-local\/onboarding\/[^/]+$/);
  await expect(onboarding.getByRole('heading', { level: 1, name: 'Set up payouts with Stripe' })).toBeVisible();
  await expect(onboarding.getByRole('definition').filter({ hasText: host.email })).toBeVisible();
  await expectAccessibleAtBothSizes(onboarding, () => expect(onboarding.getByRole('button', { name: 'Complete onboarding' })).toBeVisible());

  // While the host reads Stripe's page, the first tab reads the account again (3000 ms after the tab opened): it
  // exists now, onboarding not finished.
  await expect(settings.getByText('Setup incomplete')).toBeVisible();
  await expect(settings.getByText(PAYMENT_MESSAGES.continueSetup)).toBeVisible();
  await expect(settings.getByRole('button', { name: 'Continue Setup' })).toBeVisible();

  // Complete onboarding: Stripe sends the tab back to Settings → Earnings, which asks for the account at once.
  await onboarding.getByRole('button', { name: 'Complete onboarding' }).click();
  const returned = onboarding.getByRole('dialog', { name: 'Settings' });
  await expect(returned.getByText('Account Ready')).toBeVisible();
  await expect(returned.getByText(PAYMENT_MESSAGES.accountReady)).toBeVisible();
  // The return's parameters leave the address (a reload does not ask again); Settings stays open.
  await expect(onboarding).toHaveURL(/\/profile$/);
  await onboarding.close();

  // Back on the first tab. It read the account once, 3 s after the click, so after a longer stay on Stripe's page it
  // still says Setup incomplete; Continue Setup finds the account complete: the 'Account Ready' toast and state.
  await settings.getByRole('button', { name: 'Continue Setup' }).click();
  await expect(pageHost.locator('[data-sonner-toast]').filter({ hasText: 'Account Ready' })).toBeVisible();
  await expect(settings.getByText(PAYMENT_MESSAGES.accountReady)).toBeVisible();
  await expect(settings.getByText('United States · USD')).toBeVisible();
  await expect(settings.getByRole('tab', { name: 'Earnings (complete)' })).toBeVisible();
  const openDashboard = settings.getByRole('button', { name: 'Open Dashboard' });
  await expectAccessibleAtBothSizes(pageHost, () => expect(openDashboard).toBeVisible());
  await pageHost.keyboard.press('Escape');

  // --- The host creates a paid event: 2 seats, no guests, $25 a seat.
  const title = uniqueEventTitle('Harbor Dinner');
  const eventId = await createPaidEventInBrowser(pageHost, { title, day: clubDayFromNow(14), venue: 'Pier 60', capacity: 2, price: '25' });
  await expect(pageHost.getByText('$25.00 per seat')).toBeVisible();

  // --- B buys a ticket: the price, Get ticket, the local Checkout page, Pay, back to a ticket.
  await pageB.goto(`/events/${eventId}`);
  const rsvpB = pageB.getByRole('region', { name: 'Your RSVP' });
  await expect(pageB.getByText('$25.00 per seat')).toBeVisible();
  await expect(pageB.getByText(/^Refunds in full until /)).toBeVisible();
  await expect(rsvpB.getByText('2 of 2 seats left')).toBeVisible();
  const getTicketB = rsvpB.getByRole('button', { name: 'Get ticket · $25.00' });
  await expectAccessibleAtBothSizes(pageB, () => expect(getTicketB).toBeVisible());
  await getTicketB.click();
  await expectOnLocalCheckout(pageB, '$25.00');
  await expect(pageB.getByRole('list', { name: 'Order summary' })).toContainText(title);
  await expectAccessibleAtBothSizes(pageB, () => expect(pageB.getByRole('button', { name: 'Pay $25.00' })).toBeVisible());
  await payOnLocalCheckout(pageB, eventId, '$25.00');
  await expect(rsvpB.getByText('Going', { exact: true })).toBeVisible();
  await expect(rsvpB.getByText('Paid $25.00 for 1 seat')).toBeVisible();
  const ticketB = rsvpB.getByRole('img', { name: /Ticket code/ });
  await expect(ticketB).toBeVisible();
  await expectAccessibleAtBothSizes(pageB, () => expect(ticketB).toBeVisible());

  // --- C buys the last seat.
  await pageC.goto(`/events/${eventId}`);
  const rsvpC = pageC.getByRole('region', { name: 'Your RSVP' });
  await expect(rsvpC.getByText('1 of 2 seats left')).toBeVisible();
  await rsvpC.getByRole('button', { name: 'Get ticket · $25.00' }).click();
  await expectOnLocalCheckout(pageC, '$25.00');
  await payOnLocalCheckout(pageC, eventId, '$25.00');
  await expect(rsvpC.getByRole('img', { name: /Ticket code/ })).toBeVisible();

  // --- D finds it sold out and joins the waitlist (nothing to pay until a seat is offered).
  await pageD.goto(`/events/${eventId}`);
  const rsvpD = pageD.getByRole('region', { name: 'Your RSVP' });
  await expect(rsvpD.getByText('Full')).toBeVisible();
  await rsvpD.getByRole('button', { name: EVENT_MESSAGES.joinWaitlist }).click();
  await expect(pageD.getByText("You're on the waitlist", { exact: true })).toBeVisible();
  await expect(rsvpD.getByText('On the waitlist, position 1')).toBeVisible();
  await expect(rsvpD.getByText("If a seat opens up you'll get a claim window to pay.")).toBeVisible();

  // --- B cancels two weeks before the start: refunded in full, at once.
  await rsvpB.getByRole('button', { name: 'Cancel ticket' }).click();
  const confirm = pageB.getByRole('alertdialog', { name: 'Cancel your ticket?' });
  await expect(confirm.getByText("You'll be refunded $25.00 in full.")).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel ticket' }).click();
  await expect(pageB.getByText('Refunded $25.00', { exact: true })).toBeVisible();
  await expect(rsvpB.getByText(/^Refunded \$25\.00 on .+ — You cancelled before the refund cut-off$/)).toBeVisible();
  await expect(rsvpB.getByRole('img', { name: /Ticket code/ })).toHaveCount(0);
  await expect(rsvpB.getByRole('button', { name: 'Cancel ticket' })).toHaveCount(0);

  // --- The freed seat is offered to D, on the page D has open, with a deadline; and the bell says so.
  await expect(rsvpD.getByText('A seat is yours to claim', { exact: true })).toBeVisible();
  const claim = rsvpD.getByText(/^A seat is yours to claim until .+\. Pay to confirm it/);
  await expect(claim).toBeVisible();
  await expect(rsvpD.getByRole('button', { name: 'Decline' })).toBeVisible();
  await expectAccessibleAtBothSizes(pageD, () => expect(claim).toBeVisible());
  await pageD.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  const panel = pageD.getByRole('dialog', { name: NOTIFICATION_MESSAGES.title });
  const offer = panel.getByRole('button', { name: new RegExp(`^A seat is yours to claim: ${title}`) });
  await expect(offer).toBeVisible();
  await expect(offer).toContainText(/Pay by .+ to confirm it/);
  await offer.click();
  await expect(pageD).toHaveURL(new RegExp(`/events/${eventId}$`));

  // D pays within the window: going, with a ticket.
  await rsvpD.getByRole('button', { name: 'Pay now' }).click();
  await expectOnLocalCheckout(pageD, '$25.00');
  await payOnLocalCheckout(pageD, eventId, '$25.00');
  await expect(rsvpD.getByText('Going', { exact: true })).toBeVisible();
  await expect(rsvpD.getByText('Paid $25.00 for 1 seat')).toBeVisible();
  await expect(rsvpD.getByRole('img', { name: /Ticket code/ })).toBeVisible();

  // --- B's payments in Settings → Memberships: paid, then refunded.
  const memberships = await openSettingsSection(pageB, 'Memberships');
  const payment = memberships.getByRole('list', { name: 'Payments' }).getByRole('article', { name: title });
  await expect(payment).toBeVisible();
  await expect(payment.getByText('Paid', { exact: true })).toBeVisible();
  await expect(payment).toContainText('1 seat · $25.00');
  await expect(payment.getByText(/^Refunded \$25\.00 on .+ — You cancelled before the refund cut-off$/)).toBeVisible();
  await expectAccessibleAtBothSizes(pageB, () => expect(payment).toBeVisible());

  // --- The host's Sales card: 3 payments of $25, one refunded; no club fee is set.
  await pageHost.goto(`/events/${eventId}`);
  const sales = pageHost.getByRole('region', { name: 'Sales' });
  await expect(sales.getByRole('term')).toHaveCount(6);
  expect(await salesFigures(sales)).toEqual({
    'Seats sold': '2',
    Gross: '$75.00',
    'Club fees': '$0.00',
    Refunds: '$25.00',
    Net: '$50.00',
    'Seats on resale': '0',
  });
  await expectAccessibleAtBothSizes(pageHost, () => expect(sales.getByRole('term').first()).toBeVisible());

  // The Stripe dashboard (a new tab) lists the same three payments, B's refunded.
  const dashboardOpening = ctxHost.waitForEvent('page');
  await sales.getByRole('button', { name: 'Open Stripe dashboard' }).click();
  const dashboard = await dashboardOpening;
  await expect(dashboard).toHaveURL(/\/stripe-local\/dashboard\/[^/]+$/);
  const rows = dashboard.getByRole('table', { name: 'Payments to this account, newest first' }).getByRole('row');
  await expect(rows).toHaveCount(4);
  // Gross, application fee, refunded, net of each payment (after the date and description).
  const money = await rows.evaluateAll((trs) => trs.slice(1).map((tr) => [...tr.querySelectorAll('td')].slice(2).map((td) => td.textContent).join(' ')));
  expect(money.sort()).toEqual(['$25.00 $0.00 $0.00 $25.00', '$25.00 $0.00 $0.00 $25.00', '$25.00 $0.00 $25.00 $0.00']);
  await expectAccessibleAtBothSizes(dashboard, () => expect(dashboard.getByRole('heading', { level: 1, name: 'Express dashboard' })).toBeVisible());

  await Promise.all([ctxHost.close(), ctxB.close(), ctxC.close(), ctxD.close()]);
});
