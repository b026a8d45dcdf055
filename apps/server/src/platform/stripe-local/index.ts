// A local double of the Stripe API (decision 028): when no STRIPE_SECRET_KEY is set, the app's money path
// (Connect payout accounts, Checkout for paid seats, refunds, webhooks) runs against it through the real SDK,
// `new Stripe('sk_test_local', { host, port, protocol: 'http', maxNetworkRetries: 0 })`. It refuses what Stripe
// refuses for those calls, in Stripe's error shape, and serves the hosted pages a person would use on Stripe.
import type { AddressInfo } from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import { applyOnboarding, type OnboardingOutcome } from './accounts.js';
import { createApiServer } from './api.js';
import { markExpired, paySession, sessionRecord, sweepExpired } from './checkout.js';
import { stripeLocalPages } from './pages.js';
import { settleRefund } from './refunds.js';
import { openStore, type Ctx, type Endpoint } from './store.js';
import { createWebhookQueue, type DeliverFn } from './webhooks.js';

export interface StripeLocalOptions {
  /** The app's public URL: hosted pages are served by the app under `${publicUrl}/stripe-local/...`. */
  publicUrl: string;
  /** JSON file the state persists to (the app passes `${DATA_DIR}/stripe-local.json`); null/undefined: memory only (tests). */
  stateFile?: string | null;
  /** Endpoint secrets; events of connected accounts (account.updated) go to 'connect', the rest to 'platform'. */
  webhookSecrets: { platform: string; connect: string };
  /** Delivers one webhook to the app; resolves to the HTTP status. The app wires this to app.inject. Set later via setDeliver if needed. */
  deliver?: (endpoint: 'platform' | 'connect', payload: string, signatureHeader: string) => Promise<number>;
  /** Clock in ms (tests); default Date.now. */
  now?: () => number;
}

export interface StripeLocal {
  /** Where the SDK connects: 127.0.0.1 and the API listener's ephemeral port (node:http server on port 0). */
  host: string;
  port: number;
  /** A Fastify plugin serving the hosted pages under /stripe-local/ on the app's own server (app.ts registers it). */
  pages: FastifyPluginAsync;
  setDeliver(fn: StripeLocalOptions['deliver']): void;
  webhooks: {
    /** Hold deliveries in a queue until release(); release can reverse the order and/or send each one twice. */
    hold(): void;
    release(opts?: { reverse?: boolean; duplicate?: boolean }): Promise<void>;
    /** Never deliver the next event(s) of this type (a lost webhook, for the reconciliation test). */
    drop(type: string, count?: number): void;
    /**
     * Resolves once nothing is queued or in flight (deliveries are async, right after the API call that caused them).
     * Held deliveries do not count: they wait for release(), which resolves once they are delivered.
     */
    idle(): Promise<void>;
    /**
     * What was delivered: event id, type, endpoint, status. One entry per attempt (a retried event appears once per
     * try); status 0: not delivered (no deliver function, or it threw). Dropped events are not in it.
     */
    log(): Array<{ id: string; type: string; endpoint: Endpoint; status: number }>;
  };
  /** What a person does on the hosted pages, for tests without a browser (the pages call the same functions). */
  act: {
    onboard(accountId: string, outcome: OnboardingOutcome): Promise<void>;
    pay(sessionId: string, opts?: { decline?: boolean }): Promise<{ ok: boolean; message?: string }>;
    /** Time passes: the session reaches its expires_at → status expired + checkout.session.expired. */
    expire(sessionId: string): Promise<void>;
    /** With refunds set to settle later, settle one (emits refund.updated). */
    settleRefund(refundId: string, status: 'succeeded' | 'failed'): Promise<void>;
  };
  /** 'now' (default): refunds are created with status succeeded; 'later': pending until act.settleRefund. */
  setRefundMode(mode: 'now' | 'later'): void;
  close(): Promise<void>;
}

export async function startStripeLocal(opts: StripeLocalOptions): Promise<StripeLocal> {
  const now = opts.now ?? Date.now;
  const nowSeconds = () => Math.floor(now() / 1000);
  const store = openStore(opts.stateFile, nowSeconds);
  const save = () => store.save();
  const queue = createWebhookQueue({
    secrets: opts.webhookSecrets,
    nowSeconds,
    record: (entry) => {
      store.state.webhookLog.push(entry);
      save();
    },
  });
  queue.setDeliver(opts.deliver as DeliverFn | undefined);
  const ctx: Ctx = {
    state: store.state,
    publicUrl: opts.publicUrl.replace(/\/+$/, ''),
    nowSeconds,
    emit: (type, object, account) => queue.emit(type, object, account),
  };
  const sweep = () => {
    if (sweepExpired(ctx)) save();
  };

  const server = createApiServer(ctx, save);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // The SDK keeps connections alive between calls; an idle one must not hold close() up.
  server.keepAliveTimeout = 1000;

  /** Run a change as a person's action: expired sessions first, then the change, then save. */
  const action = async <T>(change: () => T): Promise<T> => {
    sweep();
    const result = change();
    save();
    return result;
  };

  return {
    host: '127.0.0.1',
    port: (server.address() as AddressInfo).port,
    pages: stripeLocalPages({ ctx, save, sweep }),
    setDeliver: (fn) => queue.setDeliver(fn as DeliverFn | undefined),
    webhooks: {
      hold: () => queue.hold(),
      release: (o) => queue.release(o),
      drop: (type, count) => queue.drop(type, count),
      idle: () => queue.idle(),
      log: () => store.state.webhookLog.map((e) => ({ ...e })),
    },
    act: {
      onboard: (accountId, outcome) => action(() => void applyOnboarding(ctx, accountId, outcome)),
      pay: (sessionId, o) => action(() => paySession(ctx, sessionId, { decline: o?.decline })),
      expire: (sessionId) =>
        action(() => {
          const record = sessionRecord(ctx, sessionId);
          if (record.session.status !== 'open') throw new Error(`Checkout Session ${sessionId} is ${record.session.status}: only an open one expires`);
          markExpired(ctx, record);
        }),
      settleRefund: (refundId, status) => action(() => void settleRefund(ctx, refundId, status)),
    },
    setRefundMode(mode) {
      store.state.refundMode = mode;
      save();
    },
    async close() {
      await queue.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
