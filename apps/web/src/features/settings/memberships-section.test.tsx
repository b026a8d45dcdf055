import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { REFUND_REASON_LABELS, type PaymentView } from '@bayclub/shared';
import { apiError, json } from '#/test/render-app';
import { renderSettings } from './settings-test-harness';

let seq = 0;
function payment(over: Partial<PaymentView> = {}): PaymentView {
  seq += 1;
  return {
    id: `9a1b2c3d-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    event: { id: `e0e0e0e0-0000-4000-8000-${String(seq).padStart(12, '0')}`, title: 'Sunset Social', startsAt: '2026-03-14T23:00:00.000Z' },
    seats: 2,
    amount: 5000,
    currency: 'usd',
    status: 'paid',
    refund: null,
    createdAt: '2026-03-01T15:00:00.000Z',
    paidAt: '2026-03-01T15:02:00.000Z',
    ...over,
  };
}

describe('Settings → Memberships', () => {
  it("keeps the spec's two empty states exactly while there are no payments", async () => {
    const { dialog, fetchMock } = await renderSettings({ initialSection: 'memberships' });
    expect(await dialog.findByRole('heading', { name: 'No subscription history' })).toBeInTheDocument();
    expect(dialog.getByRole('heading', { name: 'No active memberships' })).toBeInTheDocument();
    expect(dialog.queryByRole('list', { name: 'Payments' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/payments')).toBe(true);
  });

  it('lists the payments with their event, date, seats, amount, status and refund, and pages with Load more', async () => {
    const first = [
      payment({ event: { id: 'e1e1e1e1-0000-4000-8000-000000000001', title: 'Sunset Social', startsAt: '2026-03-14T23:00:00.000Z' } }),
      payment({
        event: { id: 'e1e1e1e1-0000-4000-8000-000000000002', title: 'Harbor Supper', startsAt: '2026-03-20T23:00:00.000Z' },
        seats: 1,
        amount: 2550,
        refund: { state: 'succeeded', amount: 2550, reason: 'cancelled_in_time', at: '2026-03-05T12:00:00.000Z' },
      }),
      payment({ status: 'open', paidAt: null, seats: 1, amount: 1200, currency: 'eur' }),
    ];
    const second = [
      payment({ status: 'expired', paidAt: null }),
      payment({ refund: { state: 'pending', amount: 5000, reason: 'event_cancelled', at: null } }),
      payment({ refund: { state: 'on_resale', amount: 5000, reason: 'resold', at: null } }),
      payment({ refund: { state: 'failed', amount: 5000, reason: 'event_cancelled', at: null } }),
    ];
    const { dialog, user, fetchMock } = await renderSettings({
      initialSection: 'memberships',
      handlers: {
        'GET /api/payments': ({ url }) =>
          json(new URL(url, 'http://x').searchParams.get('cursor') === 'c2' ? { items: second, nextCursor: null } : { items: first, nextCursor: 'c2' }),
      },
    });
    const list = await dialog.findByRole('list', { name: 'Payments' });
    expect(dialog.getByRole('heading', { name: 'Subscription history' })).toBeInTheDocument();
    expect(dialog.getByRole('heading', { name: 'No active memberships' })).toBeInTheDocument();
    expect(dialog.queryByText('No subscription history')).not.toBeInTheDocument();

    const rows = within(list).getAllByRole('article');
    expect(within(rows[0]!).getByRole('link', { name: 'Sunset Social' })).toHaveAttribute('href', '/events/e1e1e1e1-0000-4000-8000-000000000001');
    expect(rows[0]).toHaveTextContent('Mar 1, 2026 · 2 seats · $50.00');
    expect(within(rows[0]!).getByText('Paid')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('1 seat · $25.50');
    expect(within(rows[1]!).getByText(`Refunded $25.50 on Mar 5, 2026 — ${REFUND_REASON_LABELS.cancelled_in_time}`)).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Awaiting payment')).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('€12.00');

    await user.click(dialog.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByText('Expired')).toBeInTheDocument();
    expect(within(list).getByText('Refund pending')).toBeInTheDocument();
    expect(within(list).getByText('Given back: refunded when someone buys your seats')).toBeInTheDocument();
    expect(within(list).getByText('Refund failed — contact the host')).toBeInTheDocument();
    expect(within(list).getAllByRole('article')).toHaveLength(7);
    expect(dialog.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith('/api/payments?'))).toEqual(['/api/payments?cursor=c2']);
  });

  it('says when the payments cannot be read, with Retry', async () => {
    let fail = true;
    const { dialog, user } = await renderSettings({
      initialSection: 'memberships',
      handlers: { 'GET /api/payments': () => (fail ? apiError(409, 'CONFLICT', 'Try again in a moment') : json({ items: [], nextCursor: null })) },
    });
    expect(await dialog.findByText('Could not load your payments')).toBeInTheDocument();
    fail = false;
    await user.click(dialog.getByRole('button', { name: 'Retry' }));
    expect(await dialog.findByText('No subscription history')).toBeInTheDocument();
  });
});
