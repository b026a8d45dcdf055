// Connect accounts (Express dashboard, created with controller properties), their onboarding links and the
// dashboard login links.
import type { FormObject } from './form-body.js';
import { bool, email, hash, invalid, metadata, missing, noSuch, oneOf, rejectUnknown, str, url, type Shape } from './params.js';
import { newId, own, randomAlphanumeric, type Account, type Ctx, type Currency, type Requirements } from './store.js';

/** The countries Bay Club pays out to, and each one's currency. */
export const COUNTRY_CURRENCY: Readonly<Record<string, Currency>> = {
  US: 'usd',
  CA: 'cad',
  GB: 'gbp',
  AU: 'aud',
  FR: 'eur',
  DE: 'eur',
  IT: 'eur',
  ES: 'eur',
  NL: 'eur',
};

/** An Account Link lives five minutes, as Stripe's do. */
const LINK_TTL_S = 300;

export type OnboardingOutcome = 'complete' | 'incomplete' | 'restricted';

/** What Stripe asks of a new account before it may take payments (all of it overdue: capabilities were requested). */
const NEW_ACCOUNT_DUE = ['business_type', 'external_account', 'tos_acceptance.date', 'tos_acceptance.ip'];
const INCOMPLETE_DUE = ['individual.first_name', 'individual.last_name', 'individual.dob.day', 'external_account', 'tos_acceptance.date'];
const RESTRICTED_DUE = ['individual.verification.document', 'external_account'];

const overdue = (due: string[]): Requirements => ({
  currently_due: [...due],
  eventually_due: [...due],
  past_due: [...due],
  disabled_reason: 'requirements.past_due',
});

const ONLY_EXPRESS =
  "Bay Club's local Stripe double creates Express accounts only: pass controller[stripe_dashboard][type]=express (or the legacy type=express).";

const CREATE_SHAPE: Shape = {
  type: 'any',
  country: 'any',
  email: 'any',
  metadata: 'any',
  expand: 'any',
  controller: { fees: { payer: 'any' }, losses: { payments: 'any' }, stripe_dashboard: { type: 'any' }, requirement_collection: 'any' },
  capabilities: { card_payments: { requested: 'any' }, transfers: { requested: 'any' } },
};

function controllerOf(p: FormObject): Record<string, unknown> {
  const type = oneOf(p.type, 'type', ['custom', 'express', 'standard'] as const);
  const controller = hash(p.controller, 'controller');
  if (type && controller) {
    throw invalid('You cannot specify `type` together with `controller`: use the `controller` properties only.', 'type');
  }
  if (type) {
    if (type !== 'express') throw invalid(ONLY_EXPRESS, 'type');
    // What Stripe reports for a legacy Express account.
    return {
      type: 'application',
      is_controller: true,
      fees: { payer: 'application_express' },
      losses: { payments: 'application' },
      requirement_collection: 'stripe',
      stripe_dashboard: { type: 'express' },
    };
  }
  // Neither: Stripe would create a Standard account.
  if (!controller) throw invalid(ONLY_EXPRESS, 'controller');
  const fees = hash(controller.fees, 'controller[fees]') ?? {};
  const losses = hash(controller.losses, 'controller[losses]') ?? {};
  const dashboard = hash(controller.stripe_dashboard, 'controller[stripe_dashboard]') ?? {};
  const payer = oneOf(fees.payer, 'controller[fees][payer]', ['account', 'application'] as const) ?? 'application';
  const payments = oneOf(losses.payments, 'controller[losses][payments]', ['application', 'stripe'] as const) ?? 'application';
  const collection = oneOf(controller.requirement_collection, 'controller[requirement_collection]', ['application', 'stripe'] as const) ?? 'stripe';
  const dashboardType = oneOf(dashboard.type, 'controller[stripe_dashboard][type]', ['express', 'full', 'none'] as const);
  if (dashboardType !== 'express' || collection !== 'stripe') throw invalid(ONLY_EXPRESS, 'controller[stripe_dashboard][type]');
  return {
    type: 'application',
    is_controller: true,
    fees: { payer },
    losses: { payments },
    requirement_collection: collection,
    stripe_dashboard: { type: 'express' },
  };
}

function countryOf(v: FormObject[string] | undefined): string {
  const given = str(v, 'country');
  const country = (given ?? 'US').toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) {
    throw invalid(
      `Country '${given}' is unknown. Try using a 2-character alpha-2 country code instead, such as 'US', 'EG', or 'GB'.`,
      'country',
    );
  }
  if (!Object.hasOwn(COUNTRY_CURRENCY, country)) {
    const supported = Object.keys(COUNTRY_CURRENCY).sort().join(', ');
    throw invalid(`Connected accounts cannot be created in ${country}. Supported countries: ${supported}.`, 'country');
  }
  return country;
}

/** POST /v1/accounts */
export function createAccount(ctx: Ctx, p: FormObject): Account {
  rejectUnknown(p, CREATE_SHAPE);
  const controller = controllerOf(p);
  const country = countryOf(p.country);
  const capabilities: Account['capabilities'] = {};
  const requested = hash(p.capabilities, 'capabilities') ?? {};
  for (const name of ['card_payments', 'transfers'] as const) {
    const capability = hash(requested[name], `capabilities[${name}]`);
    if (bool(capability?.requested, `capabilities[${name}][requested]`)) capabilities[name] = 'inactive';
  }
  const account: Account = {
    id: newId('acct_'),
    object: 'account',
    type: 'express',
    country,
    email: email(p.email, 'email') ?? null,
    default_currency: COUNTRY_CURRENCY[country]!,
    business_type: null,
    controller,
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: false,
    capabilities,
    requirements: overdue(NEW_ACCOUNT_DUE),
    metadata: metadata(p.metadata, 'metadata'),
    created: ctx.nowSeconds(),
  };
  ctx.state.accounts[account.id] = account;
  return account;
}

export function retrieveAccount(ctx: Ctx, id: string): Account {
  const account = own(ctx.state.accounts, id);
  if (!account) throw noSuch('account', id, 'account');
  return account;
}

/** What a person's onboarding ends in (page buttons, act.onboard); Stripe then sends account.updated. */
export function applyOnboarding(ctx: Ctx, accountId: string, outcome: OnboardingOutcome): Account {
  const account = retrieveAccount(ctx, accountId);
  const complete = outcome === 'complete';
  for (const name of Object.keys(account.capabilities)) account.capabilities[name] = complete ? 'active' : 'inactive';
  account.details_submitted = outcome !== 'incomplete';
  account.charges_enabled = complete && account.capabilities.card_payments === 'active';
  account.payouts_enabled = complete;
  switch (outcome) {
    case 'complete':
      account.requirements = { currently_due: [], eventually_due: [], past_due: [], disabled_reason: null };
      break;
    case 'incomplete':
      account.requirements = overdue(INCOMPLETE_DUE);
      break;
    case 'restricted':
      account.requirements = overdue(RESTRICTED_DUE);
      break;
  }
  ctx.emit('account.updated', account, account.id);
  return account;
}

const LINK_SHAPE: Shape = { account: 'any', type: 'any', refresh_url: 'any', return_url: 'any', collect: 'any', expand: 'any' };

/** POST /v1/account_links */
export function createAccountLink(ctx: Ctx, p: FormObject) {
  rejectUnknown(p, LINK_SHAPE);
  const accountId = str(p.account, 'account');
  if (!accountId) throw missing('account');
  const type = oneOf(p.type, 'type', ['account_onboarding', 'account_update'] as const);
  if (!type) throw missing('type');
  const refreshUrl = url(p.refresh_url, 'refresh_url');
  if (!refreshUrl) throw missing('refresh_url');
  const returnUrl = url(p.return_url, 'return_url');
  if (!returnUrl) throw missing('return_url');
  oneOf(p.collect, 'collect', ['currently_due', 'eventually_due'] as const);
  if (!own(ctx.state.accounts, accountId)) throw noSuch('account', accountId, 'account', 400);
  const created = ctx.nowSeconds();
  const token = randomAlphanumeric(32);
  ctx.state.accountLinks[token] = {
    account: accountId,
    type,
    refresh_url: refreshUrl,
    return_url: returnUrl,
    created,
    expires_at: created + LINK_TTL_S,
    state: 'new',
  };
  return { object: 'account_link', created, expires_at: created + LINK_TTL_S, url: `${ctx.publicUrl}/stripe-local/onboarding/${token}` };
}

export const LOGIN_LINK_REFUSED = 'Cannot create a login link for an account that has not completed onboarding.';

/** POST /v1/accounts/:id/login_links */
export function createLoginLink(ctx: Ctx, accountId: string, p: FormObject) {
  rejectUnknown(p, { expand: 'any' });
  const account = retrieveAccount(ctx, accountId);
  if (!account.details_submitted) throw invalid(LOGIN_LINK_REFUSED, 'account');
  const created = ctx.nowSeconds();
  const token = randomAlphanumeric(32);
  ctx.state.loginLinks[token] = { account: account.id, created };
  return { object: 'login_link', created, url: `${ctx.publicUrl}/stripe-local/dashboard/${token}` };
}
