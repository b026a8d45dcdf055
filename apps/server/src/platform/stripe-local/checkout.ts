// Checkout Sessions for paid seats: a destination charge to the host's account with the club's application fee.
// Paying one (the hosted page, act.pay) makes the payment intent, charge, application fee and transfer Stripe would.
import type { FormObject } from './form-body.js';
import {
  array,
  atLeast,
  email,
  formatMoney,
  hash,
  int,
  invalid,
  metadata,
  missing,
  noSuch,
  oneOf,
  rejectUnknown,
  str,
  url,
  type Shape,
} from './params.js';
import { CURRENCIES, newId, own, type Charge, type CheckoutSession, type Ctx, type Currency, type LineItem, type PaymentIntent, type SessionRecord } from './store.js';

/** Stripe's smallest charge per currency (in the smallest unit), and its largest. */
const MINIMUM: Readonly<Record<Currency, number>> = { usd: 50, cad: 50, gbp: 30, aud: 50, eur: 50 };
const MAXIMUM = 99_999_999;
/** A session lives from 30 minutes to 24 hours (24 hours when not said). */
const MIN_LIFETIME_S = 30 * 60;
const MAX_LIFETIME_S = 24 * 3600;

export const MESSAGES = {
  declined: 'Your card was declined.',
  expired: 'This Checkout Session has expired.',
  complete: 'This Checkout Session is already complete.',
  sellerDisabled: 'This business cannot accept payments right now.',
  notExpirable: 'Only Checkout Sessions with a status in ["open"] can be expired.',
  feeWithoutDestination:
    'Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).',
  noTransfers: 'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
  expiresTooSoon: 'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
  expiresTooLate: 'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
} as const;

const CREATE_SHAPE: Shape = {
  mode: 'any',
  success_url: 'any',
  cancel_url: 'any',
  client_reference_id: 'any',
  customer_email: 'any',
  expires_at: 'any',
  metadata: 'any',
  expand: 'any',
  line_items: [{ quantity: 'any', price: 'any', price_data: { currency: 'any', unit_amount: 'any', product_data: { name: 'any', description: 'any' } } }],
  payment_intent_data: { application_fee_amount: 'any', transfer_data: { destination: 'any' }, metadata: 'any' },
};

function lineItemsOf(p: FormObject): LineItem[] {
  const items = array(p.line_items, 'line_items');
  if (!items?.length) throw missing('line_items');
  if (items.length > 100) throw invalid('You may only specify up to 100 line items.', 'line_items');
  return items.map((item, i): LineItem => {
    const at = `line_items[${i}]`;
    const li = hash(item, at) ?? {};
    const price = str(li.price, `${at}[price]`);
    // The double has no Price objects: any price id is one Stripe would not find here either.
    if (price !== undefined) throw noSuch('price', price, `${at}[price]`, 400);
    const data = hash(li.price_data, `${at}[price_data]`);
    if (!data) throw invalid(`You must specify either \`price\` or \`price_data\` in ${at}.`, at);
    const given = str(data.currency, `${at}[price_data][currency]`);
    if (!given) throw missing(`${at}[price_data][currency]`);
    const currency = given.toLowerCase() as Currency;
    if (!CURRENCIES.includes(currency)) {
      throw invalid(`Invalid currency: ${given}. Stripe currently supports these currencies: ${CURRENCIES.join(', ')}`, `${at}[price_data][currency]`);
    }
    const unitAmount = atLeast(int(data.unit_amount, `${at}[price_data][unit_amount]`), 0, `${at}[price_data][unit_amount]`);
    if (unitAmount === undefined) throw missing(`${at}[price_data][unit_amount]`);
    const product = hash(data.product_data, `${at}[price_data][product_data]`);
    if (!product) throw missing(`${at}[price_data][product_data]`);
    const name = str(product.name, `${at}[price_data][product_data][name]`);
    if (!name) throw missing(`${at}[price_data][product_data][name]`);
    const quantity = atLeast(int(li.quantity, `${at}[quantity]`), 1, `${at}[quantity]`);
    if (quantity === undefined) throw missing(`${at}[quantity]`);
    return { name, currency, unit_amount: unitAmount, quantity };
  });
}

/** POST /v1/checkout/sessions */
export function createSession(ctx: Ctx, p: FormObject): CheckoutSession {
  rejectUnknown(p, CREATE_SHAPE);
  const mode = oneOf(p.mode, 'mode', ['payment', 'setup', 'subscription'] as const);
  if (!mode) throw missing('mode');
  if (mode !== 'payment') throw invalid("Bay Club's local Stripe double supports only `mode=payment`.", 'mode');
  const successUrl = url(p.success_url, 'success_url');
  if (!successUrl) throw missing('success_url');
  const cancelUrl = url(p.cancel_url, 'cancel_url') ?? null;
  const lineItems = lineItemsOf(p);
  const currency = lineItems[0]!.currency;
  lineItems.forEach((li, i) => {
    if (li.currency !== currency) throw invalid('All line items must use the same currency.', `line_items[${i}][price_data][currency]`);
  });
  const total = lineItems.reduce((sum, li) => sum + li.unit_amount * li.quantity, 0);
  // Stripe checks the total due, not each unit price.
  if (total < MINIMUM[currency]) {
    throw invalid(`The Checkout Session's total amount due must add up to at least ${formatMoney(MINIMUM[currency], currency)} ${currency}`);
  }
  if (total > MAXIMUM) {
    throw invalid(`The Checkout Session's total amount due must be no more than ${formatMoney(MAXIMUM, currency)} ${currency}`);
  }

  const intentData = hash(p.payment_intent_data, 'payment_intent_data') ?? {};
  const feeParam = 'payment_intent_data[application_fee_amount]';
  const fee = atLeast(int(intentData.application_fee_amount, feeParam), 0, feeParam);
  const transferData = hash(intentData.transfer_data, 'payment_intent_data[transfer_data]');
  const destParam = 'payment_intent_data[transfer_data][destination]';
  const destination = str(transferData?.destination, destParam);
  if (transferData && !destination) throw missing(destParam);
  if (fee !== undefined && !destination) throw invalid(MESSAGES.feeWithoutDestination, feeParam);
  if (fee !== undefined && fee > total) {
    throw invalid(`The application fee (${formatMoney(fee, currency)}) cannot be greater than the Checkout Session's total (${formatMoney(total, currency)}).`, feeParam);
  }
  if (destination) {
    const seller = own(ctx.state.accounts, destination);
    if (!seller) throw noSuch('destination', destination, destParam, 400);
    if (seller.capabilities.transfers !== 'active') throw invalid(MESSAGES.noTransfers, destParam, 'insufficient_capabilities_for_transfer');
  }
  const intentMetadata = metadata(intentData.metadata, 'payment_intent_data[metadata]');
  const sessionMetadata = metadata(p.metadata, 'metadata');
  const reference = str(p.client_reference_id, 'client_reference_id');
  if (reference !== undefined && reference.length > 200) {
    throw invalid(`Invalid string: ${reference.slice(0, 20)}...; must be at most 200 characters`, 'client_reference_id');
  }
  const customerEmail = email(p.customer_email, 'customer_email') ?? null;
  const now = ctx.nowSeconds();
  const expiresAt = int(p.expires_at, 'expires_at') ?? now + MAX_LIFETIME_S;
  if (expiresAt < now + MIN_LIFETIME_S) throw invalid(MESSAGES.expiresTooSoon, 'expires_at');
  if (expiresAt > now + MAX_LIFETIME_S) throw invalid(MESSAGES.expiresTooLate, 'expires_at');

  const id = newId('cs_test_');
  const session: CheckoutSession = {
    id,
    object: 'checkout.session',
    mode: 'payment',
    status: 'open',
    payment_status: 'unpaid',
    amount_subtotal: total,
    amount_total: total,
    currency,
    client_reference_id: reference || null,
    customer_email: customerEmail,
    customer_details: null,
    metadata: sessionMetadata,
    payment_intent: null,
    payment_method_types: ['card'],
    success_url: successUrl,
    cancel_url: cancelUrl,
    url: `${ctx.publicUrl}/stripe-local/checkout/${id}`,
    expires_at: expiresAt,
    created: now,
    livemode: false,
  };
  ctx.state.sessions[id] = { session, lineItems, intent: { application_fee_amount: fee ?? null, destination: destination ?? null, metadata: intentMetadata } };
  return session;
}

export function sessionRecord(ctx: Ctx, id: string): SessionRecord {
  const record = own(ctx.state.sessions, id);
  if (!record) throw noSuch('checkout.session', id, 'session');
  return record;
}

/** The session can no longer be paid (expired at Stripe, or by the expire call): checkout.session.expired. */
export function markExpired(ctx: Ctx, record: SessionRecord) {
  record.session.status = 'expired';
  record.session.url = null;
  ctx.emit('checkout.session.expired', record.session);
}

/** POST /v1/checkout/sessions/:id/expire */
export function expireSession(ctx: Ctx, id: string, p: FormObject): CheckoutSession {
  rejectUnknown(p, { expand: 'any' });
  const record = sessionRecord(ctx, id);
  if (record.session.status !== 'open') throw invalid(MESSAGES.notExpirable);
  markExpired(ctx, record);
  return record.session;
}

/** Open sessions whose expires_at has passed expire now, as Stripe expires them; true when any did. */
export function sweepExpired(ctx: Ctx): boolean {
  const now = ctx.nowSeconds();
  let changed = false;
  for (const record of Object.values(ctx.state.sessions)) {
    if (record.session.status === 'open' && record.session.expires_at <= now) {
      markExpired(ctx, record);
      changed = true;
    }
  }
  return changed;
}

export type PayResult = { ok: true } | { ok: false; message: string };

/** A person pays on the hosted page (or is declined): what Stripe does when the card is charged. */
export function paySession(ctx: Ctx, id: string, opts: { decline?: boolean; email?: string | null } = {}): PayResult {
  const record = sessionRecord(ctx, id);
  const { session, intent } = record;
  if (session.status === 'expired') return { ok: false, message: MESSAGES.expired };
  if (session.status === 'complete') return { ok: false, message: MESSAGES.complete };
  if (opts.decline) return { ok: false, message: MESSAGES.declined };
  const seller = intent.destination ? own(ctx.state.accounts, intent.destination) : undefined;
  // The host's account was restricted after the session was made: the charge could not be sent to it.
  if (intent.destination && seller?.capabilities.transfers !== 'active') return { ok: false, message: MESSAGES.sellerDisabled };

  const now = ctx.nowSeconds();
  const amount = session.amount_total;
  const currency = session.currency;
  const payer = session.customer_email ?? opts.email ?? null;
  const [piId, chargeId] = [newId('pi_'), newId('ch_')];
  const feeId = intent.destination && intent.application_fee_amount !== null ? newId('fee_') : null;
  const transferId = intent.destination ? newId('tr_') : null;
  const transferData = intent.destination ? { destination: intent.destination } : null;

  const paymentIntent: PaymentIntent = {
    id: piId,
    object: 'payment_intent',
    amount,
    amount_received: amount,
    currency,
    status: 'succeeded',
    application_fee_amount: intent.application_fee_amount,
    transfer_data: transferData,
    latest_charge: chargeId,
    metadata: { ...intent.metadata },
    payment_method_types: ['card'],
    receipt_email: payer,
    created: now,
    livemode: false,
  };
  const charge: Charge = {
    id: chargeId,
    object: 'charge',
    amount,
    amount_captured: amount,
    amount_refunded: 0,
    currency,
    paid: true,
    captured: true,
    refunded: false,
    status: 'succeeded',
    payment_intent: piId,
    application_fee: feeId,
    application_fee_amount: intent.application_fee_amount,
    transfer: transferId,
    transfer_data: transferData,
    destination: intent.destination,
    billing_details: { email: payer },
    description: record.lineItems.map((li) => (li.quantity > 1 ? `${li.name} × ${li.quantity}` : li.name)).join(', '),
    metadata: { ...intent.metadata },
    created: now,
    livemode: false,
  };
  ctx.state.paymentIntents[piId] = paymentIntent;
  ctx.state.charges[chargeId] = charge;
  if (feeId) {
    const fee = intent.application_fee_amount ?? 0;
    ctx.state.applicationFees[feeId] = {
      id: feeId,
      object: 'application_fee',
      account: intent.destination!,
      amount: fee,
      amount_refunded: 0,
      refunded: false,
      charge: chargeId,
      currency,
      created: now,
    };
  }
  if (transferId) {
    // A destination charge: the host gets the amount less the club's fee.
    ctx.state.transfers[transferId] = {
      id: transferId,
      object: 'transfer',
      amount: amount - (intent.application_fee_amount ?? 0),
      amount_reversed: 0,
      reversed: false,
      currency,
      destination: intent.destination!,
      source_transaction: chargeId,
      created: now,
    };
  }
  session.status = 'complete';
  session.payment_status = 'paid';
  session.payment_intent = piId;
  session.customer_details = { email: payer };
  session.url = null;
  ctx.emit('checkout.session.completed', session);
  return { ok: true };
}

export function retrievePaymentIntent(ctx: Ctx, id: string): PaymentIntent {
  const pi = own(ctx.state.paymentIntents, id);
  if (!pi) throw noSuch('payment_intent', id, 'intent');
  return pi;
}
