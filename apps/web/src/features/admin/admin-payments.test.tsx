import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SETTING_DEFAULTS, SETTING_KEYS, type AllSettings, type PaymentsModeView } from '@bayclub/shared';
import { json, mockApi, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';

const admin = makeMe({}, { isAdmin: true, roles: ['admin'] });
const LOCAL_TEXT = 'Payments are in local test mode: no real money moves. Set STRIPE_SECRET_KEY to go live.';

// The fee keys are listed explicitly: the admin form edits them whether or not the stored settings carry them yet.
const storedSettings = (): AllSettings =>
  ({
    ...Object.fromEntries(SETTING_KEYS.map((k) => [k, SETTING_DEFAULTS[k] ?? null])),
    payments_fee_percent: '0',
    payments_fee_fixed: '0',
  }) as AllSettings;

function openAdmin(mode: PaymentsModeView['mode'], handlers: Record<string, Handler> = {}) {
  const fetchMock = mockApi({
    ...signedInAs(admin),
    'GET /api/admin/applications': () => json({ items: [], nextCursor: null }),
    'GET /api/admin/settings': () => json({ settings: storedSettings() }),
    'GET /api/payments/mode': () => json({ mode }),
    ...handlers,
  });
  renderApp('/admin');
  return { fetchMock, user: userEvent.setup() };
}

describe('admin: payments', () => {
  it('says at the top when payments run against the local double', async () => {
    openAdmin('local');
    const banner = await screen.findByText(LOCAL_TEXT);
    expect(banner.closest('[role="status"]')).not.toBeNull();
  });

  it("says when payments use Stripe's test mode", async () => {
    openAdmin('test');
    expect(await screen.findByText('Payments use Stripe test mode.')).toBeInTheDocument();
  });

  it('shows no banner for live payments', async () => {
    const { fetchMock } = openAdmin('live');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/payments/mode')).toBe(true));
    expect(screen.queryByText(/Payments (are in|use)/)).not.toBeInTheDocument();
  });

  it('edits the platform fee with the shared rules and saves it as strings', async () => {
    let body: unknown;
    const { user } = openAdmin('test', {
      'PUT /api/admin/settings': (req) => {
        body = req.body;
        return json({ settings: { ...storedSettings(), payments_fee_percent: '2.5', payments_fee_fixed: '30' } });
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Settings' }));
    const percent = await screen.findByLabelText('Platform fee (%)');
    const fixed = screen.getByLabelText('Platform fee per payment (cents)');
    expect(screen.getByText(/taken as Stripe's application fee on each paid seat purchase/)).toBeInTheDocument();
    expect(percent).toHaveValue('0');

    await user.clear(percent);
    await user.type(percent, '31');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Must be a percent from 0 to 30, with at most 2 decimals')).toBeInTheDocument();
    expect(body).toBeUndefined();

    await user.clear(percent);
    await user.type(percent, '2.5');
    await user.clear(fixed);
    await user.type(fixed, '30');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings Updated')).toBeInTheDocument();
    expect(body).toEqual({ settings: { payments_fee_percent: '2.5', payments_fee_fixed: '30' } });
  });
});
