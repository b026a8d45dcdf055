import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { PAYMENT_MESSAGES, type PayoutAccountView, type PayoutSetupResult } from '@bayclub/shared';
import { apiError, json, mockApi, renderInProviders, type Handler } from '#/test/render-app';
import { PaymentSetupCard } from './payment-setup-card';
import { PAYOUT_REFETCH_MS } from './use-payout-actions';

const ACCOUNT = 'GET /api/payments/payout-account';
const SETUP = 'POST /api/payments/payout-account';
const DASHBOARD = 'POST /api/payments/payout-account/dashboard';
const REFRESH = 'POST /api/payments/payout-account/refresh';

const account = (over: Partial<PayoutAccountView> = {}): PayoutAccountView => ({
  state: 'none',
  country: null,
  currency: null,
  chargesEnabled: false,
  payoutsEnabled: false,
  detailsSubmitted: false,
  requirementsDue: [],
  ...over,
});
const INCOMPLETE = account({ state: 'incomplete', country: 'GB', currency: 'gbp', requirementsDue: ['A bank account for payouts'] });
const ENABLED = account({ state: 'enabled', country: 'US', currency: 'usd', chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true });
const RESTRICTED = account({
  state: 'restricted',
  country: 'US',
  currency: 'usd',
  detailsSubmitted: true,
  requirementsDue: ['A photo of your ID', 'Your date of birth'],
});
const ONBOARDING: PayoutSetupResult = {
  error: null,
  isComplete: false,
  message: 'Finish setting up your payout account with Stripe.',
  onboardingUrl: 'https://connect.stripe.com/setup/e/acct_1/abc',
};

/** The tab window.open('', '_blank') hands back, pointed later at Stripe's page. */
function fakeTab() {
  return { opener: {} as unknown, closed: false, location: { href: '' }, close: vi.fn() };
}

function setup(handlers: Record<string, Handler>, { path = '/profile', tab = fakeTab() as ReturnType<typeof fakeTab> | null } = {}) {
  const fetchMock = mockApi(handlers);
  const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  restores.push(() => open.mockRestore());
  const utils = renderInProviders(
    <main>
      <PaymentSetupCard email="sam@example.com" />
    </main>,
    path,
  );
  return { ...utils, fetchMock, open, tab, user: userEvent.setup() };
}

const callsTo = (fetchMock: ReturnType<typeof mockApi>, key: string) =>
  fetchMock.mock.calls.filter(([url, init]) => `${(init?.method ?? 'GET').toUpperCase()} ${new URL(String(url), 'http://x').pathname}` === key);
const bodiesOf = (fetchMock: ReturnType<typeof mockApi>, key: string) => callsTo(fetchMock, key).map(([, init]) => JSON.parse(String(init?.body)) as unknown);

const restores: Array<() => void> = [];
afterEach(() => {
  vi.useRealTimers();
  restores.splice(0).forEach((restore) => restore());
});

describe('Payment Setup (Settings → Earnings)', () => {
  it('shows a skeleton while loading, then the setup form: US by default and the member’s email', async () => {
    let answer!: (r: Response) => void;
    const reply = new Promise<Response>((resolve) => (answer = resolve));
    setup({ [ACCOUNT]: () => reply });
    expect(await screen.findByRole('status', { name: 'Loading payment setup' })).toBeInTheDocument();
    act(() => answer(json(account())));
    const country = await screen.findByRole('combobox', { name: 'Country' });
    expect(country).toHaveValue('US');
    expect(within(country).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'United States', 'Canada', 'United Kingdom', 'Australia', 'France', 'Germany', 'Italy', 'Spain', 'Netherlands',
    ]);
    expect(screen.getByLabelText('Email')).toHaveValue('sam@example.com');
    expect(screen.getByRole('button', { name: 'Set Up Payments' })).toBeEnabled();
    expect(screen.queryByText(/later update/)).not.toBeInTheDocument();
    const { violations } = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(violations.map((v) => v.id)).toEqual([]);
  });

  it('checks the email with the shared schema and opens nothing for a form that is not sent', async () => {
    const { user, fetchMock, open } = setup({ [ACCOUNT]: () => json(account()) });
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.click(screen.getByRole('button', { name: 'Set Up Payments' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.emailRequired)).toBeInTheDocument();
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Set Up Payments' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.email)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(open).not.toHaveBeenCalled();
    expect(callsTo(fetchMock, SETUP)).toHaveLength(0);
  });

  it('opens a tab in the click, sends it to Stripe’s onboarding, says so, and reads the status again 3000 ms later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reply!: (r: Response) => void;
    const answer = new Promise<Response>((resolve) => (reply = resolve));
    const { fetchMock, open, tab } = setup({ [ACCOUNT]: () => json(account()), [SETUP]: () => answer });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Country' }), 'CA');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), '  payouts@example.com ');
    await user.click(screen.getByRole('button', { name: 'Set Up Payments' }));
    // Before the server answered: the blank tab is already open, cut off from this page, and the button busy.
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab!.opener).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Set Up Payments' })).toBeDisabled());
    expect(bodiesOf(fetchMock, SETUP)).toEqual([{ email: 'payouts@example.com', country: 'CA' }]);

    const reads = callsTo(fetchMock, ACCOUNT).length;
    await act(async () => reply(json(ONBOARDING)));
    expect(await screen.findByText('Opening Stripe Setup')).toBeInTheDocument();
    expect(screen.getByText(ONBOARDING.message)).toBeInTheDocument();
    expect(tab!.location.href).toBe(ONBOARDING.onboardingUrl);
    expect(tab!.close).not.toHaveBeenCalled();
    expect(callsTo(fetchMock, ACCOUNT)).toHaveLength(reads);
    await act(async () => {
      vi.advanceTimersByTime(PAYOUT_REFETCH_MS);
    });
    await waitFor(() => expect(callsTo(fetchMock, ACCOUNT)).toHaveLength(reads + 1));
    expect(PAYOUT_REFETCH_MS).toBe(3000);
  });

  it('opens Stripe in a new tab once the link is there when the browser refused the blank one', async () => {
    const { user, open } = setup({ [ACCOUNT]: () => json(account()), [SETUP]: () => json(ONBOARDING) }, { tab: null });
    await user.click(await screen.findByRole('button', { name: 'Set Up Payments' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith(ONBOARDING.onboardingUrl, '_blank', 'noopener'));
  });

  it("says 'Setup Failed' with Stripe's refusal and closes the blank tab; the form keeps what was typed", async () => {
    const { user, tab } = setup({
      [ACCOUNT]: () => json(account()),
      [SETUP]: () => json({ error: 'Stripe does not support this country yet', isComplete: false, message: '', onboardingUrl: null }),
    });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Country' }), 'NL');
    await user.click(screen.getByRole('button', { name: 'Set Up Payments' }));
    expect(await screen.findByText('Setup Failed')).toBeInTheDocument();
    expect(screen.getByText('Stripe does not support this country yet')).toBeInTheDocument();
    expect(tab!.close).toHaveBeenCalled();
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('NL');
    expect(screen.getByRole('button', { name: 'Set Up Payments' })).toBeEnabled();
  });

  it("says 'Account Ready' when the account is already complete, and shows it", async () => {
    let current = account();
    const { user, tab } = setup({
      [ACCOUNT]: () => json(current),
      [SETUP]: () => {
        current = ENABLED;
        return json({ error: null, isComplete: true, message: PAYMENT_MESSAGES.accountReady, onboardingUrl: null });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Set Up Payments' }));
    expect(await screen.findByText('Account Ready', { selector: '[data-title]' })).toBeInTheDocument();
    expect(tab!.close).toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: 'Open Dashboard' })).toBeInTheDocument();
  });

  it("says 'Setup Failed' with the server's words, or the spec's fallback without them, and puts field errors on the form", async () => {
    let answer: Handler = () => apiError(503, 'UNAVAILABLE', PAYMENT_MESSAGES.stripeUnavailable);
    const { user } = setup({ [ACCOUNT]: () => json(account()), [SETUP]: (r) => answer(r) });
    await user.click(await screen.findByRole('button', { name: 'Set Up Payments' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.stripeUnavailable)).toBeInTheDocument();
    expect(screen.getByText('Setup Failed')).toBeInTheDocument();

    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await user.click(screen.getByRole('button', { name: 'Set Up Payments' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.setupFailed)).toBeInTheDocument();

    answer = () => json({ error: { code: 'VALIDATION', message: 'Check the form', fields: { email: PAYMENT_MESSAGES.email } } }, 400);
    await user.click(screen.getByRole('button', { name: 'Set Up Payments' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.email)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('Continue Setup asks for a fresh link with the account’s country and the member’s email', async () => {
    const { user, fetchMock, tab } = setup({ [ACCOUNT]: () => json(INCOMPLETE), [SETUP]: () => json(ONBOARDING) });
    expect(await screen.findByText('Setup incomplete')).toBeInTheDocument();
    expect(screen.getByText(PAYMENT_MESSAGES.continueSetup)).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('A bank account for payouts');
    await user.click(screen.getByRole('button', { name: 'Continue Setup' }));
    await waitFor(() => expect(tab!.location.href).toBe(ONBOARDING.onboardingUrl));
    expect(bodiesOf(fetchMock, SETUP)).toEqual([{ email: 'sam@example.com', country: 'GB' }]);
    expect(screen.queryByRole('combobox', { name: 'Country' })).not.toBeInTheDocument();
  });

  it('shows a restricted account with what Stripe needs, and Update Details asks for a new link', async () => {
    const { user, fetchMock } = setup({ [ACCOUNT]: () => json(RESTRICTED), [SETUP]: () => json(ONBOARDING) });
    expect(await screen.findByText('Restricted')).toBeInTheDocument();
    const needs = screen.getByRole('region', { name: 'What Stripe still needs' });
    expect(within(needs).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['A photo of your ID', 'Your date of birth']);
    await user.click(screen.getByRole('button', { name: 'Update Details' }));
    await waitFor(() => expect(bodiesOf(fetchMock, SETUP)).toEqual([{ email: 'sam@example.com', country: 'US' }]));
  });

  it('opens the Stripe dashboard of an enabled account in a new tab', async () => {
    const { user, tab, open } = setup({
      [ACCOUNT]: () => json(ENABLED),
      [DASHBOARD]: () => json({ error: null, dashboardUrl: 'https://connect.stripe.com/express/acct_1/xyz' }),
    });
    expect(await screen.findByText('Account Ready')).toBeInTheDocument();
    expect(screen.getByText(PAYMENT_MESSAGES.accountReady)).toBeInTheDocument();
    expect(screen.getByText(/United States · USD/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open Dashboard' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab!.location.href).toBe('https://connect.stripe.com/express/acct_1/xyz'));
  });

  it("says 'Dashboard Error' with the refusal, or the spec's fallback when the request fails", async () => {
    let answer: Handler = () => json({ error: PAYMENT_MESSAGES.noDashboard, dashboardUrl: null });
    const { user, tab } = setup({ [ACCOUNT]: () => json(ENABLED), [DASHBOARD]: (r) => answer(r) });
    await user.click(await screen.findByRole('button', { name: 'Open Dashboard' }));
    expect(await screen.findByText('Dashboard Error')).toBeInTheDocument();
    expect(screen.getByText(PAYMENT_MESSAGES.noDashboard)).toBeInTheDocument();
    expect(tab!.close).toHaveBeenCalled();
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await user.click(screen.getByRole('button', { name: 'Open Dashboard' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.dashboardFailed)).toBeInTheDocument();
  });

  it('says when the account cannot be read, and Retry reads it again', async () => {
    let fail = true;
    const { user } = setup({ [ACCOUNT]: () => (fail ? apiError(409, 'CONFLICT', 'Your account is being updated') : json(account())) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your payout account. Your account is being updated');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Set Up Payments' })).toBeInTheDocument();
  });

  it('back from onboarding: asks Stripe for the account, shows it, and takes the parameters off the address', async () => {
    let refreshed = false;
    const { router, fetchMock } = setup(
      {
        [ACCOUNT]: () => json(refreshed ? ENABLED : INCOMPLETE),
        [REFRESH]: () => {
          refreshed = true;
          return json(ENABLED);
        },
      },
      { path: '/profile?settings=earnings&payouts=return' },
    );
    expect(await screen.findByRole('button', { name: 'Open Dashboard' })).toBeInTheDocument();
    expect(callsTo(fetchMock, REFRESH)).toHaveLength(1);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/profile');
  });
});
