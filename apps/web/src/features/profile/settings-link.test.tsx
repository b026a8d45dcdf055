import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PayoutAccountView } from '@bayclub/shared';
import { json, mockApi, renderApp, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { OWN_ID } from '#/features/gallery/gallery-fixtures';

const LOAD = { timeout: 5000 };
const ENABLED: PayoutAccountView = {
  state: 'enabled',
  country: 'US',
  currency: 'usd',
  chargesEnabled: true,
  payoutsEnabled: true,
  detailsSubmitted: true,
  requirementsDue: [],
};

describe('Settings opened from a link', () => {
  it('back from Stripe onboarding: Settings opens on Earnings, reads the account from Stripe and cleans the address', async () => {
    let refreshed = false;
    const fetchMock = mockApi({
      ...signedInAs(makeMe()),
      [`GET /api/profiles/${OWN_ID}/images`]: () => json({ items: [] }),
      'GET /api/payments/payout-account': () => json(refreshed ? ENABLED : { ...ENABLED, state: 'incomplete', detailsSubmitted: false }),
      'POST /api/payments/payout-account/refresh': () => {
        refreshed = true;
        return json(ENABLED);
      },
    });
    const { router } = renderApp('/profile?settings=earnings&payouts=return');
    const dialog = within(await screen.findByRole('dialog', { name: 'Settings' }, LOAD));
    expect(dialog.getByRole('tab', { name: /^Earnings/ })).toHaveAttribute('aria-selected', 'true');
    expect(await dialog.findByRole('button', { name: 'Open Dashboard' })).toBeInTheDocument();
    expect(dialog.getByRole('tab', { name: 'Earnings (complete)' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // The modal stays open once the address is clean.
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/payments/payout-account/refresh')).toHaveLength(1);
  });

  it('?settings=earnings opens that section, and closing takes the parameter off', async () => {
    mockApi({
      ...signedInAs(makeMe()),
      [`GET /api/profiles/${OWN_ID}/images`]: () => json({ items: [] }),
      'GET /api/payments/payout-account': () => json(ENABLED),
    });
    const { router } = renderApp('/profile?settings=earnings');
    const dialog = within(await screen.findByRole('dialog', { name: 'Settings' }, LOAD));
    expect(dialog.getByRole('tab', { name: /^Earnings/ })).toHaveAttribute('aria-selected', 'true');
    await userEvent.setup().keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Settings' })).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
  });
});
