import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { PayoutAccountView } from '@bayclub/shared';
import { activateLocale } from '#/lib/i18n';
import { json, mockApi, renderInProviders } from '#/test/render-app';
import { seatsText, timeUntil } from './money';
import { PaymentSetupCard } from './payment-setup-card';

const none: PayoutAccountView = {
  state: 'none',
  country: null,
  currency: null,
  chargesEnabled: false,
  payoutsEnabled: false,
  detailsSubmitted: false,
  requirementsDue: [],
};

describe('payments in Spanish (issue 26)', () => {
  it('shows the payout setup and its countries in Spanish', async () => {
    await activateLocale('es');
    mockApi({ 'GET /api/payments/payout-account': () => json(none) });
    renderInProviders(<PaymentSetupCard email="sam@example.com" />);
    const country = await screen.findByRole('combobox', { name: 'País' });
    expect(within(country).getByRole('option', { name: 'Estados Unidos' })).toBeInTheDocument();
    expect(screen.getByText('Configuración de pagos')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Configurar pagos' })).toBeInTheDocument();
  });

  it('says a shared payment message in Spanish (an unfinished payout account)', async () => {
    await activateLocale('es');
    mockApi({ 'GET /api/payments/payout-account': () => json({ ...none, state: 'incomplete', country: 'US', currency: 'usd' }) });
    renderInProviders(<PaymentSetupCard email="sam@example.com" />);
    expect(await screen.findByText('Termina de configurar tu cuenta de cobro con Stripe.')).toBeInTheDocument();
  });

  it('counts seats and says times in the page’s language', async () => {
    await activateLocale('es');
    expect(seatsText(1)).toBe('1 lugar');
    expect(seatsText(3)).toBe('3 lugares');
    const now = new Date('2026-12-04T20:30:00.000Z');
    // es-US, not en-US: no "PM".
    expect(timeUntil('2026-12-04T20:45:00.000Z', 'America/New_York', now)).not.toMatch(/PM/);
  });
});
