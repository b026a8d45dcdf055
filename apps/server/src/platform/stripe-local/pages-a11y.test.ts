// @vitest-environment jsdom
// axe's rules on every hosted page in each of its states (names, labels, landmarks, headings, lang, title). Colour
// contrast needs a real browser's layout: the colours were chosen at 7:1 or better, and a Playwright journey with
// @axe-core/playwright checks them in full.
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { checkoutPage, dashboardPage, messagePage, onboardingPage } from './html.js';
import type { Account, Charge, SessionRecord } from './store.js';

const account: Account = {
  id: 'acct_1',
  object: 'account',
  type: 'express',
  country: 'US',
  email: 'host@example.com',
  default_currency: 'usd',
  business_type: null,
  controller: {},
  charges_enabled: false,
  payouts_enabled: false,
  details_submitted: true,
  capabilities: { transfers: 'inactive' },
  requirements: { currently_due: ['external_account'], eventually_due: [], past_due: [], disabled_reason: 'requirements.past_due' },
  metadata: {},
  created: 1_800_000_000,
};

const record = (status: 'open' | 'complete' | 'expired', email: string | null): SessionRecord => ({
  session: {
    id: 'cs_test_1',
    object: 'checkout.session',
    mode: 'payment',
    status,
    payment_status: status === 'complete' ? 'paid' : 'unpaid',
    amount_subtotal: 5000,
    amount_total: 5000,
    currency: 'usd',
    client_reference_id: null,
    customer_email: email,
    customer_details: status === 'complete' ? { email } : null,
    metadata: {},
    payment_intent: null,
    payment_method_types: ['card'],
    success_url: 'http://bay.test/ok',
    cancel_url: 'http://bay.test/back',
    url: null,
    expires_at: 1_800_003_600,
    created: 1_800_000_000,
    livemode: false,
  },
  lineItems: [
    { name: 'Sunset <Sail>', currency: 'usd', unit_amount: 2000, quantity: 2 },
    { name: 'Dinner', currency: 'usd', unit_amount: 1000, quantity: 1 },
  ],
  intent: { application_fee_amount: 500, destination: 'acct_1', metadata: {} },
});

const charge = { id: 'ch_1', amount: 5000, amount_refunded: 1000, currency: 'usd', created: 1_800_000_000, description: 'Sunset <Sail> × 2' } as Charge;

const PAGES: Record<string, string> = {
  'onboarding': onboardingPage(account),
  'onboarding with an alert': onboardingPage(account, 'Choose one of the three ways to end onboarding.'),
  'checkout, open': checkoutPage(record('open', 'guest@example.com')),
  'checkout, asking for an email, declined': checkoutPage(record('open', null), { alert: 'Your card was declined.' }),
  'checkout, complete': checkoutPage(record('complete', 'guest@example.com'), { successUrl: 'http://bay.test/ok' }),
  'checkout, expired': checkoutPage(record('expired', null)),
  'dashboard with payments': dashboardPage(account, [{ charge, fee: 500, net: 3600 }]),
  'dashboard, no payments': dashboardPage({ ...account, details_submitted: false }, []),
  'a link that is not valid': messagePage('Link not valid', 'This link is not valid.'),
};

/** Put a whole page into jsdom's document (html lang, head and title included). */
function load(html: string) {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  document.replaceChild(document.importNode(parsed.documentElement, true), document.documentElement);
}

describe('hosted pages are accessible', () => {
  it.each(Object.entries(PAGES))('%s', async (_name, html) => {
    load(html);
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toMatch(/· Bay Club \(Stripe test mode\)$/);
    expect(document.querySelector('meta[name=viewport]')?.getAttribute('content')).toBe('width=device-width, initial-scale=1');
    expect(document.querySelectorAll('script')).toHaveLength(0);
    const result = await axe.run(document, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});
