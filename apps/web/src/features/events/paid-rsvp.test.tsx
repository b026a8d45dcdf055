import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import axe from 'axe-core';
import {
  PAYMENT_MESSAGES,
  REFUND_REASON_LABELS,
  type EventPriceView,
  type EventView,
  type PaymentView,
  type RsvpResult,
} from '@bayclub/shared';
import { api } from '#/lib/api';
import { apiError, json, mockApi, renderApp, renderInProviders, signedInAs, type Handler } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { pageNavigation } from '#/features/payments/browser';
import { EventCard } from './event-card';
import { makeEventSummary } from './event-fixtures';
import { eventKeys } from './keys';
import { RsvpBar } from './rsvp-bar';
import { RsvpPanel } from './rsvp-panel';
import { EVENT_ID, makeEvent, makeMine, makeTicket } from './rsvp-fixtures';

// The event starts Friday 4 December 2026, 7:00 PM in New York (00:00 UTC on the 5th); "now" is 3:30 PM there.
const NOW = new Date('2026-12-04T20:30:00.000Z');
const HELD_UNTIL = '2026-12-04T20:45:00.000Z';
const BEFORE_CUTOFF: EventPriceView = {
  amount: 2500,
  currency: 'usd',
  refundCutoffHours: 2,
  claimWindowHours: 12,
  refundsUntil: '2026-12-04T22:00:00.000Z',
};
const AFTER_CUTOFF: EventPriceView = { ...BEFORE_CUTOFF, refundCutoffHours: 24, refundsUntil: '2026-12-04T00:00:00.000Z' };

const DETAIL = `GET /api/events/${EVENT_ID}`;
const CHECKOUT = `POST /api/events/${EVENT_ID}/checkout`;
const CANCEL = `POST /api/events/${EVENT_ID}/ticket/cancel`;
const PAYMENT = `GET /api/events/${EVENT_ID}/payment`;
const RSVP = `PUT /api/events/${EVENT_ID}/rsvp`;
const SALES = `GET /api/events/${EVENT_ID}/sales`;
const CONFIRM = `POST /api/events/${EVENT_ID}/checkout/confirm`;

const paidEvent = (over: Partial<EventView> = {}) => makeEvent({ paid: BEFORE_CUTOFF, price: { amount: 2500, currency: 'usd' }, ...over });
const paidPayment = (over: Partial<PaymentView> = {}): PaymentView => ({
  id: 'p1',
  event: { id: EVENT_ID, title: 'Sunset Social', startsAt: '2026-12-05T00:00:00.000Z' },
  seats: 2,
  amount: 5000,
  currency: 'usd',
  status: 'paid',
  refund: null,
  createdAt: '2026-12-01T12:00:00.000Z',
  paidAt: '2026-12-01T12:01:00.000Z',
  ...over,
});

function Page() {
  const query = useQuery({ queryKey: eventKeys.detail(EVENT_ID), queryFn: () => api.get<EventView>(`/api/events/${EVENT_ID}`) });
  return query.data ? (
    <main>
      <RsvpPanel event={query.data} />
      <RsvpBar event={query.data} />
    </main>
  ) : null;
}

async function setup(initial: EventView, handlers: Record<string, Handler> = {}) {
  let current = initial;
  const fetchMock = mockApi({
    ...signedInAs(makeMe()),
    [DETAIL]: () => json(current),
    [`GET /api/events/${EVENT_ID}/ticket`]: () => json(makeTicket()),
    [PAYMENT]: () => json({ payment: null }),
    ...handlers,
  });
  const utils = renderInProviders(<Page />);
  await screen.findByRole('region', { name: 'Your RSVP' });
  return { ...utils, fetchMock, setEvent: (e: EventView) => (current = e), user: userEvent.setup() };
}

const callsTo = (fetchMock: ReturnType<typeof mockApi>, key: string) =>
  fetchMock.mock.calls.filter(([url, init]) => `${(init?.method ?? 'GET').toUpperCase()} ${new URL(String(url), 'http://x').pathname}` === key);
const bodiesOf = (fetchMock: ReturnType<typeof mockApi>, key: string) => callsTo(fetchMock, key).map(([, init]) => JSON.parse(String(init?.body)) as unknown);
const panel = () => within(screen.getByRole('region', { name: 'Your RSVP' }));
const bar = () => within(screen.getByRole('region', { name: 'RSVP bar' }));

let assign: MockInstance<(url: string) => void>;
beforeEach(() => {
  // Only the clock: the hold's "3:45 PM" and the refund cut-off are judged against it; timers stay real.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  assign.mockRestore();
  vi.useRealTimers();
});

describe('paid event RSVP', () => {
  it('gets a ticket for the party at the price per seat and sends the browser to Checkout', async () => {
    const { user, fetchMock } = await setup(paidEvent(), {
      [CHECKOUT]: () => json({ outcome: 'checkout', checkoutUrl: '/stripe-local/checkout/cs_test_1' }),
    });
    expect(await panel().findByRole('button', { name: 'Get ticket · $25.00' })).toBeInTheDocument();
    expect(bar().getByRole('button', { name: 'Get ticket · $25.00' })).toBeInTheDocument();
    await user.click(panel().getByRole('button', { name: 'More guests' }));
    await user.click(panel().getByRole('button', { name: 'Get ticket · $50.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/stripe-local/checkout/cs_test_1'));
    expect(bodiesOf(fetchMock, CHECKOUT)).toEqual([{ guests: 1 }]);
    // Busy while the browser leaves.
    expect(panel().getByRole('button', { name: 'Get ticket · $50.00' })).toBeDisabled();
    expect(callsTo(fetchMock, RSVP)).toHaveLength(0);
  });

  it("joins the waitlist when the seats are gone: says so and reads the event again", async () => {
    const waitlisted = paidEvent({ goingCount: 20, mine: makeMine({ status: 'waitlisted', waitlistPosition: 3 }) });
    const { user, fetchMock, setEvent } = await setup(paidEvent({ goingCount: 19 }), {
      [CHECKOUT]: () => {
        setEvent(waitlisted);
        return json({ outcome: 'waitlisted', checkoutUrl: null });
      },
    });
    await user.click(await panel().findByRole('button', { name: 'Get ticket · $25.00' }));
    expect(await screen.findByText("You're on the waitlist")).toBeInTheDocument();
    expect(await panel().findByText('On the waitlist, position 3')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    expect(callsTo(fetchMock, DETAIL).length).toBeGreaterThanOrEqual(2);
  });

  it('says why a member cannot buy (no paid-events flag) and keeps the choice', async () => {
    const { user } = await setup(paidEvent(), { [CHECKOUT]: () => apiError(403, 'FORBIDDEN', PAYMENT_MESSAGES.noPaidEventsFlag) });
    await user.click(await panel().findByRole('button', { name: 'More guests' }));
    await user.click(panel().getByRole('button', { name: 'Get ticket · $50.00' }));
    expect(await panel().findByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.noPaidEventsFlag);
    expect(panel().getByRole('button', { name: 'Get ticket · $50.00' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('holds the seats while the member pays: Pay now goes back to Checkout', async () => {
    const held = paidEvent({ mine: makeMine({ status: 'awaiting_payment', guests: 1, hold: { kind: 'checkout', expiresAt: HELD_UNTIL } }) });
    const { user, fetchMock } = await setup(held, {
      [CHECKOUT]: () => json({ outcome: 'checkout', checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_2' }),
    });
    expect(await panel().findByText('Your seats are held until 3:45 PM')).toBeInTheDocument();
    expect(bar().getByText('Awaiting payment until 3:45 PM')).toBeInTheDocument();
    await user.click(panel().getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_2'));
    expect(bodiesOf(fetchMock, CHECKOUT)).toEqual([{ guests: 1 }]);
    // The browser is on its way to Checkout: nothing else can be pressed meanwhile.
    expect(panel().getByRole('button', { name: 'Release seats' })).toBeDisabled();
  });

  it('Release seats gives held seats back', async () => {
    const held = paidEvent({ mine: makeMine({ status: 'awaiting_payment', guests: 1, hold: { kind: 'checkout', expiresAt: HELD_UNTIL } }) });
    const { user, fetchMock, setEvent } = await setup(held, {
      [CANCEL]: () => {
        setEvent(paidEvent({ mine: makeMine() }));
        return json({ refund: 'none' });
      },
    });
    await user.click(panel().getByRole('button', { name: 'Release seats' }));
    expect(await panel().findByRole('button', { name: 'Get ticket · $25.00' })).toBeInTheDocument();
    expect(callsTo(fetchMock, CANCEL)).toHaveLength(1);
    expect(assign).not.toHaveBeenCalled();
  });

  it('offers a waitlist seat to claim by paying before its deadline; Decline passes it on', async () => {
    const offered = paidEvent({
      goingCount: 20,
      mine: makeMine({ status: 'awaiting_payment', hold: { kind: 'claim', expiresAt: '2026-12-05T08:00:00.000Z' } }),
    });
    const { user, fetchMock, setEvent } = await setup(offered, {
      [RSVP]: () => {
        const declined = paidEvent({ goingCount: 20, mine: makeMine() });
        setEvent(declined);
        return json({ mine: declined.mine!, capacity: 20, goingCount: 20, waitlistCount: 0 } satisfies RsvpResult);
      },
    });
    expect(
      await panel().findByText(
        'A seat is yours to claim until Sat, Dec 5, 3:00 AM. Pay to confirm it — after that it passes to the next person on the waitlist.',
      ),
    ).toBeInTheDocument();
    expect(panel().getByRole('button', { name: 'Pay now' })).toBeEnabled();
    expect(bar().getByRole('button', { name: 'Pay now' })).toBeInTheDocument();
    await user.click(panel().getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(bodiesOf(fetchMock, RSVP)).toEqual([{ status: 'not_going' }]));
    expect(await panel().findByRole('button', { name: 'Join waitlist' })).toBeInTheDocument();
  });

  it('on the waitlist: the place, the reason, what happens when a seat opens, and Leave waitlist', async () => {
    const waiting = paidEvent({
      goingCount: 20,
      mine: makeMine({ status: 'waitlisted', guests: 1, waitlistPosition: 2, waitlistReason: 'Your party of 2 needs 2 seats; 1 is free. You keep your place.' }),
    });
    const { user, fetchMock } = await setup(waiting, { [RSVP]: () => json({ mine: makeMine(), capacity: 20, goingCount: 20, waitlistCount: 0 }) });
    expect(await panel().findByText('On the waitlist, position 2')).toBeInTheDocument();
    expect(panel().getByText(/Your party of 2 needs 2 seats/)).toBeInTheDocument();
    expect(panel().getByText("If a seat opens up you'll get a claim window to pay.")).toBeInTheDocument();
    await user.click(panel().getByRole('button', { name: 'Leave waitlist' }));
    await waitFor(() => expect(bodiesOf(fetchMock, RSVP)).toEqual([{ status: 'not_going' }]));
  });

  it('going: the ticket, what was paid, and Cancel ticket refunds in full before the cut-off', async () => {
    const going = paidEvent({ mine: makeMine({ status: 'going', guests: 1 }), myStatus: 'going' });
    const { user, fetchMock, setEvent } = await setup(going, {
      [PAYMENT]: () => json({ payment: paidPayment() }),
      [CANCEL]: () => {
        setEvent(paidEvent({ mine: makeMine() }));
        return json({ refund: 'refunded' });
      },
    });
    expect(await panel().findByRole('img', { name: /Ticket code/ })).toBeInTheDocument();
    expect(await panel().findByText('Paid $50.00 for 2 seats')).toBeInTheDocument();
    await user.click(panel().getByRole('button', { name: 'Cancel ticket' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Cancel your ticket?' }));
    expect(dialog.getByText("You'll be refunded $50.00 in full.")).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel ticket' }));
    expect(await screen.findByText('Refunded $50.00')).toBeInTheDocument();
    expect(callsTo(fetchMock, CANCEL)).toHaveLength(1);
    expect(await panel().findByRole('button', { name: 'Get ticket · $25.00' })).toBeInTheDocument();
  });

  it('after the cut-off, Cancel ticket puts the seats back on sale, and the page then says so', async () => {
    const going = paidEvent({ paid: AFTER_CUTOFF, mine: makeMine({ status: 'going', guests: 1 }) });
    let payment = paidPayment();
    const { user, setEvent } = await setup(going, {
      [PAYMENT]: () => json({ payment }),
      [CANCEL]: () => {
        payment = paidPayment({ refund: { state: 'on_resale', amount: 5000, reason: 'resold', at: null } });
        setEvent(paidEvent({ paid: AFTER_CUTOFF, mine: makeMine() }));
        return json({ refund: 'on_resale' });
      },
    });
    await user.click(await panel().findByRole('button', { name: 'Cancel ticket' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Cancel your ticket?' }));
    expect(
      dialog.getByText("Refunds closed on Dec 3, 2026, 7:00 PM. Your seats go back on sale and you're refunded when someone buys them."),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel ticket' }));
    expect(await screen.findByText('Your seats are back on sale')).toBeInTheDocument();
    expect(await panel().findByText('Given back: refunded when someone buys your seats')).toBeInTheDocument();
  });

  it('shows a refund once the ticket is cancelled (refunded or pending)', async () => {
    const refunded: PaymentView['refund'] = { state: 'succeeded', amount: 5000, reason: 'cancelled_in_time', at: '2026-12-02T12:00:00.000Z' };
    await setup(paidEvent({ mine: makeMine() }), { [PAYMENT]: () => json({ payment: paidPayment({ refund: refunded }) }) });
    expect(await panel().findByText(`Refunded $50.00 on Dec 2, 2026 — ${REFUND_REASON_LABELS.cancelled_in_time}`)).toBeInTheDocument();
    cleanup();
    const pending: PaymentView['refund'] = { state: 'pending', amount: 5000, reason: 'event_cancelled', at: null };
    await setup(paidEvent({ mine: makeMine({ status: 'cancelled' }), status: 'cancelled' }), {
      [PAYMENT]: () => json({ payment: paidPayment({ refund: pending }) }),
    });
    expect(await panel().findByText('Refund pending')).toBeInTheDocument();
  });

  it('has no structural accessibility problems in its states', async () => {
    await setup(paidEvent({ mine: makeMine({ status: 'awaiting_payment', hold: { kind: 'claim', expiresAt: HELD_UNTIL } }) }));
    await panel().findByRole('button', { name: 'Decline' });
    const { violations } = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(violations.map((v) => v.id)).toEqual([]);
  });
});

describe('paid event page', () => {
  const member = (event: EventView, extra: Record<string, Handler> = {}) =>
    mockApi({ ...signedInAs(makeMe()), [DETAIL]: () => json(event), [PAYMENT]: () => json({ payment: null }), ...extra });

  it('shows the price per seat and, back from Checkout, confirms the payment and cleans the address', async () => {
    let event = paidEvent({ mine: makeMine({ status: 'awaiting_payment', hold: { kind: 'checkout', expiresAt: HELD_UNTIL } }) });
    const fetchMock = member(event, {
      [DETAIL]: () => json(event),
      [CONFIRM]: () => {
        event = paidEvent({ mine: makeMine({ status: 'going' }) });
        return json({ mine: event.mine!, capacity: 20, goingCount: 18, waitlistCount: 0 } satisfies RsvpResult);
      },
      [`GET /api/events/${EVENT_ID}/ticket`]: () => json(makeTicket()),
    });
    const { router } = renderApp(`/events/${EVENT_ID}?checkout=success&session_id=cs_test_9`);
    expect(await screen.findByText('$25.00 per seat')).toBeInTheDocument();
    expect(await screen.findByText("You're going! Your ticket is ready.")).toBeInTheDocument();
    expect(bodiesOf(fetchMock, CONFIRM)).toEqual([{ sessionId: 'cs_test_9' }]);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await panel().findByText('Going')).toBeInTheDocument();
  });

  it('back from a cancelled Checkout: says until when the seats are held', async () => {
    member(paidEvent({ mine: makeMine({ status: 'awaiting_payment', hold: { kind: 'checkout', expiresAt: HELD_UNTIL } }) }));
    const { router } = renderApp(`/events/${EVENT_ID}?checkout=cancelled`);
    expect(await screen.findByText('Payment cancelled. Your seats are held until 3:45 PM')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows hosts the sales and the way to their Stripe dashboard', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    member(paidEvent({ permissions: { ...makeEvent().permissions, canEdit: true, canCheckIn: true } }), {
      [SALES]: () => json({ currency: 'usd', seatsSold: 6, gross: 15000, fees: 750, refunds: 2500, net: 11750, seatsOnResale: 1 }),
      [`GET /api/events/${EVENT_ID}/attendance`]: () => json({ going: 0, checkedIn: 0, noShows: 0, seatsGoing: 0, seatsCheckedIn: 0, members: [] }),
      'POST /api/payments/payout-account/dashboard': () => json({ error: null, dashboardUrl: 'https://connect.stripe.com/express/x' }),
    });
    renderApp(`/events/${EVENT_ID}`);
    const sales = within(await screen.findByRole('region', { name: 'Sales' }));
    const figures = await sales.findAllByRole('definition');
    expect(sales.getAllByRole('term').map((t) => t.textContent)).toEqual(['Seats sold', 'Gross', 'Club fees', 'Refunds', 'Net', 'Seats on resale']);
    expect(figures.map((d) => d.textContent)).toEqual(['6', '$150.00', '$7.50', '$25.00', '$117.50', '1']);
    await userEvent.setup().click(sales.getByRole('button', { name: 'Open Stripe dashboard' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://connect.stripe.com/express/x', '_blank', 'noopener'));
    open.mockRestore();
  });

  it('shows no Sales card to members who are not hosts', async () => {
    const fetchMock = member(paidEvent());
    renderApp(`/events/${EVENT_ID}`);
    await screen.findByText('$25.00 per seat');
    expect(screen.queryByRole('region', { name: 'Sales' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, SALES)).toHaveLength(0);
  });
});

describe('paid event card', () => {
  it('shows the price per seat as a chip; a free event shows none', async () => {
    mockApi({ ...signedInAs(makeMe()) });
    renderInProviders(
      <main>
        <EventCard event={makeEventSummary({ title: 'Harbor Supper', price: { amount: 2500, currency: 'usd' } })} />
        <EventCard event={makeEventSummary({ title: 'Beach Walk' })} />
      </main>,
    );
    const [paid, free] = await screen.findAllByRole('article');
    expect(paid).toHaveTextContent('Price per seat: $25.00');
    expect(free).not.toHaveTextContent(/\$|Free/);
  });
});

