import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAYMENT_MESSAGES, type EventView, type PayoutAccountView } from '@bayclub/shared';
import { json, mockApi, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { eventsPage, HOST_PERMISSIONS, makeEvent } from './event-fixtures';

const account = (over: Partial<PayoutAccountView> = {}): PayoutAccountView => ({
  state: 'enabled',
  country: 'US',
  currency: 'usd',
  chargesEnabled: true,
  payoutsEnabled: true,
  detailsSubmitted: true,
  requirementsDue: [],
  ...over,
});
const CREATED = makeEvent({ title: 'Sunset Social', permissions: HOST_PERMISSIONS });

function setup(payout: PayoutAccountView, extra: Record<string, Handler> = {}) {
  const post = vi.fn((_: { body: unknown }) => json(CREATED, 201));
  const fetchMock = mockApi({
    ...signedInAs(makeMe()),
    'GET /api/events': () => json(eventsPage([])),
    'GET /api/communities/mine': () => json({ items: [] }),
    'GET /api/payments/payout-account': () => json(payout),
    [`GET /api/events/${CREATED.id}`]: () => json(CREATED),
    'POST /api/events': (r) => post(r),
    ...extra,
  });
  renderApp('/events');
  return { fetchMock, post, user: userEvent.setup() };
}

async function openCreate(user: ReturnType<typeof userEvent.setup>) {
  await user.click((await screen.findAllByRole('button', { name: 'Create event' }))[0]!);
  const dialog = within(await screen.findByRole('dialog', { name: 'Create event' }));
  await user.type(dialog.getByLabelText('Title'), 'Sunset Social');
  await user.type(dialog.getByLabelText('Venue'), 'The Pier');
  return dialog;
}

describe('the event form’s Tickets', () => {
  it('says where to set up payouts when the account is not enabled, and sends no price', async () => {
    const { user, post, fetchMock } = setup(account({ state: 'incomplete', detailsSubmitted: false }));
    const dialog = await openCreate(user);
    const tickets = within(dialog.getByRole('group', { name: 'Tickets' }));
    expect(await tickets.findByText((_, el) => el?.textContent === 'To sell tickets, set up payouts in Settings → Earnings.')).toBeInTheDocument();
    expect(tickets.getByRole('link', { name: 'Settings → Earnings' })).toHaveAttribute('href', '/profile?settings=earnings');
    expect(dialog.queryByLabelText('Price per seat')).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Create event' }));
    await screen.findByRole('dialog', { name: 'Add a cover image' });
    expect(post.mock.calls[0]![0].body).not.toHaveProperty('priceAmount');
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/payments/payout-account')).toHaveLength(1);
  });

  it('reads the payout account only once the form opens', async () => {
    const { fetchMock } = setup(account());
    await screen.findAllByRole('button', { name: 'Create event' });
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/payments/payout-account')).toBe(false);
  });

  it('takes the price in major units and sends minor units with the refund cut-off and claim window', async () => {
    const { user, post } = setup(account());
    const dialog = await openCreate(user);
    const price = await dialog.findByLabelText('Price per seat');
    expect(dialog.getByText('USD')).toBeInTheDocument();
    expect(dialog.getByText(/Guests pay the same price/)).toBeInTheDocument();
    expect(dialog.getByText('A member promoted from the waitlist has this long to pay; shorter close to the event')).toBeInTheDocument();
    expect(dialog.getByLabelText('Refunds until (hours before start)')).toHaveValue(24);
    expect(dialog.getByLabelText('Waitlist claim window (hours)')).toHaveValue(12);

    await user.type(price, '25.5x');
    await user.click(dialog.getByRole('button', { name: 'Create event' }));
    expect(await dialog.findByText(PAYMENT_MESSAGES.price)).toBeInTheDocument();
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(post).not.toHaveBeenCalled();

    await user.clear(price);
    await user.type(price, '25.5');
    const cutoff = dialog.getByLabelText('Refunds until (hours before start)');
    await user.clear(cutoff);
    await user.type(cutoff, '48');
    await user.click(dialog.getByRole('button', { name: 'Create event' }));
    await screen.findByRole('dialog', { name: 'Add a cover image' });
    expect(post.mock.calls[0]![0].body).toMatchObject({ priceAmount: 2550, refundCutoffHours: 48, claimWindowHours: 12 });
  });

  it('shows the account’s currency and refuses a price under the minimum', async () => {
    const { user, post } = setup(account({ country: 'GB', currency: 'gbp' }));
    const dialog = await openCreate(user);
    expect(await dialog.findByText('GBP')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Price per seat'), '0.29');
    await user.click(dialog.getByRole('button', { name: 'Create event' }));
    expect(await dialog.findByText(PAYMENT_MESSAGES.price)).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('edits a paid event’s price and shows the server’s refusal once members have registered', async () => {
    const paid: EventView = makeEvent({
      permissions: HOST_PERMISSIONS,
      price: { amount: 2550, currency: 'usd' },
      paid: { amount: 2550, currency: 'usd', refundCutoffHours: 24, claimWindowHours: 12, refundsUntil: '2026-03-13T23:00:00.000Z' },
    });
    const patch = vi.fn((_: { body: unknown }) =>
      json({ error: { code: 'CONFLICT', message: 'Check the form', fields: { priceAmount: PAYMENT_MESSAGES.priceLocked } } }, 409),
    );
    mockApi({
      ...signedInAs(makeMe()),
      [`GET /api/events/${paid.id}`]: () => json(paid),
      'GET /api/payments/payout-account': () => json(account()),
      [`PATCH /api/events/${paid.id}`]: (r) => patch(r),
    });
    const user = userEvent.setup();
    renderApp(`/events/${paid.id}`);
    expect(await screen.findByText('$25.50 per seat')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit event' }));
    const price = dialog.getByLabelText('Price per seat');
    expect(price).toHaveValue('25.50');
    await user.clear(price);
    await user.type(price, '30');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await dialog.findByText(PAYMENT_MESSAGES.priceLocked)).toBeInTheDocument();
    expect(patch.mock.calls[0]![0].body).toEqual({ priceAmount: 3000 });
    expect(price).toHaveValue('30');
  });
});
