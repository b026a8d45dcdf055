// The double's whole state: one JSON-serialisable object, kept in memory and (with a state file) written after
// every change, so another process (`npm run seed:demo`) and a later start of the app see the same accounts.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const CURRENCIES = ['usd', 'cad', 'gbp', 'aud', 'eur'] as const;
export type Currency = (typeof CURRENCIES)[number];
export type Metadata = Record<string, string>;
export type Endpoint = 'platform' | 'connect';

export interface Requirements {
  currently_due: string[];
  eventually_due: string[];
  past_due: string[];
  disabled_reason: string | null;
}

export interface Account {
  id: string;
  object: 'account';
  type: 'express';
  country: string;
  email: string | null;
  default_currency: Currency;
  business_type: null;
  controller: Record<string, unknown>;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  capabilities: Record<string, 'active' | 'inactive'>;
  requirements: Requirements;
  metadata: Metadata;
  created: number;
}

export interface AccountLinkRecord {
  account: string;
  type: 'account_onboarding' | 'account_update';
  refresh_url: string;
  return_url: string;
  created: number;
  expires_at: number;
  /** new → opened (the page was shown: the link is used) → done (a choice was made). */
  state: 'new' | 'opened' | 'done';
}

export interface LineItem {
  name: string;
  currency: Currency;
  unit_amount: number;
  quantity: number;
}

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_subtotal: number;
  amount_total: number;
  currency: Currency;
  client_reference_id: string | null;
  customer_email: string | null;
  customer_details: { email: string | null } | null;
  metadata: Metadata;
  payment_intent: string | null;
  payment_method_types: string[];
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  expires_at: number;
  created: number;
  livemode: false;
}

export interface SessionRecord {
  session: CheckoutSession;
  lineItems: LineItem[];
  /** payment_intent_data: what the payment intent gets when the session is paid. */
  intent: { application_fee_amount: number | null; destination: string | null; metadata: Metadata };
}

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: Currency;
  status: 'succeeded';
  application_fee_amount: number | null;
  transfer_data: { destination: string } | null;
  latest_charge: string;
  metadata: Metadata;
  payment_method_types: string[];
  receipt_email: string | null;
  created: number;
  livemode: false;
}

export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  currency: Currency;
  paid: true;
  captured: true;
  refunded: boolean;
  status: 'succeeded';
  payment_intent: string;
  application_fee: string | null;
  application_fee_amount: number | null;
  transfer: string | null;
  transfer_data: { destination: string } | null;
  destination: string | null;
  billing_details: { email: string | null };
  description: string;
  metadata: Metadata;
  created: number;
  livemode: false;
}

export interface ApplicationFee {
  id: string;
  object: 'application_fee';
  account: string;
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  charge: string;
  currency: Currency;
  created: number;
}

export interface Transfer {
  id: string;
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  reversed: boolean;
  currency: Currency;
  destination: string;
  source_transaction: string;
  created: number;
}

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  currency: Currency;
  status: 'pending' | 'succeeded' | 'failed';
  failure_reason: string | null;
  reason: string | null;
  payment_intent: string;
  charge: string;
  transfer_reversal: string | null;
  metadata: Metadata;
  created: number;
}

export interface IdempotencyRecord {
  endpoint: string;
  fingerprint: string;
  status: number;
  body: string;
  requestId: string;
  created: number;
}

export interface DeliveryLogEntry {
  id: string;
  type: string;
  endpoint: Endpoint;
  status: number;
}

export interface State {
  version: 1;
  refundMode: 'now' | 'later';
  accounts: Record<string, Account>;
  accountLinks: Record<string, AccountLinkRecord>;
  loginLinks: Record<string, { account: string; created: number }>;
  sessions: Record<string, SessionRecord>;
  paymentIntents: Record<string, PaymentIntent>;
  charges: Record<string, Charge>;
  applicationFees: Record<string, ApplicationFee>;
  transfers: Record<string, Transfer>;
  refunds: Record<string, Refund>;
  /** What each refund took back from the application fee and the transfer: given back if it fails. */
  refundEffects: Record<string, { fee: number; transfer: number }>;
  idempotency: Record<string, IdempotencyRecord>;
  webhookLog: DeliveryLogEntry[];
}

/** What the resources' functions work with: the state, the clock, the public URL, and the event queue. */
export interface Ctx {
  state: State;
  /** The app's public URL without a trailing slash: the hosted pages live under it. */
  publicUrl: string;
  nowSeconds(): number;
  /** Queue an event about `object`; `account` marks a connected account's event (the Connect endpoint). */
  emit(type: string, object: unknown, account?: string): void;
}

export const emptyState = (): State => ({
  version: 1,
  refundMode: 'now',
  accounts: {},
  accountLinks: {},
  loginLinks: {},
  sessions: {},
  paymentIntents: {},
  charges: {},
  applicationFees: {},
  transfers: {},
  refunds: {},
  refundEffects: {},
  idempotency: {},
  webhookLog: [],
});

/** A record's own entry: ids come from URLs, and `constructor` must not find Object's. */
export function own<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random alphanumerics (crypto: link tokens are the only credential of the hosted pages). */
export function randomAlphanumeric(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[crypto.randomInt(ALPHANUMERIC.length)];
  return out;
}

/** An id shaped like Stripe's: `acct_`, `cs_test_`, `pi_`... and 24 random alphanumerics. */
export const newId = (prefix: string) => `${prefix}${randomAlphanumeric(24)}`;

/** Stripe keeps idempotency keys for 24 hours; older records are dropped when the state is written. */
const IDEMPOTENCY_TTL_S = 24 * 3600;
/** The delivery log is for tests and debugging: the newest entries are enough. */
const LOG_KEEP = 1000;
/**
 * The SDK sends a key with every POST, so a long-running app piles up records, each with its answer: past this
 * many, the oldest go first, keeping the file small (a retry comes within seconds, not thousands of calls later).
 */
const IDEMPOTENCY_KEEP = 2000;

export interface Store {
  state: State;
  /** Write the state (after each change); a no-op without a state file. */
  save(): void;
}

/**
 * The state, loaded from `stateFile` when it exists. Writes are synchronous and atomic (a temporary file renamed
 * over the old one): the file is small, and a seeding process that exits right after its last call must not lose
 * it, nor may a crash mid-write leave half a file.
 */
export function openStore(stateFile: string | null | undefined, nowSeconds: () => number): Store {
  let state = emptyState();
  if (stateFile && fs.existsSync(stateFile)) {
    try {
      state = { ...emptyState(), ...(JSON.parse(fs.readFileSync(stateFile, 'utf8')) as Partial<State>) };
    } catch (err) {
      throw new Error(`The local Stripe state file ${stateFile} could not be read (${(err as Error).message}); move it aside to start afresh.`);
    }
  }
  const store: Store = {
    state,
    save() {
      const cutoff = nowSeconds() - IDEMPOTENCY_TTL_S;
      const records = Object.entries(store.state.idempotency);
      records.forEach(([key, record], i) => {
        if (record.created < cutoff || i < records.length - IDEMPOTENCY_KEEP) delete store.state.idempotency[key];
      });
      if (store.state.webhookLog.length > LOG_KEEP) store.state.webhookLog.splice(0, store.state.webhookLog.length - LOG_KEEP);
      if (!stateFile) return;
      fs.mkdirSync(path.dirname(stateFile), { recursive: true });
      const temp = `${stateFile}.${process.pid}.tmp`;
      fs.writeFileSync(temp, JSON.stringify(store.state));
      fs.renameSync(temp, stateFile);
    },
  };
  return store;
}
