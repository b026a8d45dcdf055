// Webhook delivery as Stripe does it: each event signed with its endpoint's secret, sent after the call that caused
// it, retried when the endpoint fails. Tests can hold, reorder, duplicate and lose deliveries, which Stripe does too
// (it promises neither order nor exactly-once), to prove the app copes.
import Stripe from 'stripe';
import { newId, type DeliveryLogEntry, type Endpoint } from './store.js';

export type DeliverFn = (endpoint: Endpoint, payload: string, signatureHeader: string) => Promise<number>;

/** Pauses before the 2nd, 3rd and 4th attempt: Stripe's backoff (hours), scaled down so a test sees it. */
export const RETRY_DELAYS_MS = [50, 200, 1000];

interface Delivery {
  id: string;
  type: string;
  endpoint: Endpoint;
  payload: string;
}

export interface WebhookQueueOptions {
  secrets: { platform: string; connect: string };
  nowSeconds: () => number;
  /** Each attempt's outcome (status 0: not delivered: no deliver function, or it threw). */
  record: (entry: DeliveryLogEntry) => void;
  retryDelaysMs?: number[];
}

export function createWebhookQueue(opts: WebhookQueueOptions) {
  const delays = opts.retryDelaysMs ?? RETRY_DELAYS_MS;
  let deliver: DeliverFn | undefined;
  let held = false;
  const heldQueue: Delivery[] = [];
  const drops = new Map<string, number>();
  // One chain: deliveries go out one at a time, in the order they were caused.
  let chain: Promise<void> = Promise.resolve();
  let closed = false;
  const sleepers = new Set<() => void>();

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      // Unref'd: a retry waiting must not keep the app (or a test run) alive.
      const timer = setTimeout(wake, ms);
      timer.unref();
      sleepers.add(wake);
    });
  }

  async function attempt(d: Delivery): Promise<number> {
    if (!deliver) return 0;
    const secret = opts.secrets[d.endpoint];
    // Signed at each attempt with the real clock (as Stripe re-signs its retries): the receiver checks the timestamp
    // against its own clock, whatever clock the double's objects use.
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: d.payload, secret });
    try {
      return await deliver(d.endpoint, d.payload, signature);
    } catch {
      return 0;
    }
  }

  async function deliverWithRetries(d: Delivery) {
    for (let i = 0; i <= delays.length && !closed; i++) {
      const hadDeliver = !!deliver;
      const status = await attempt(d);
      opts.record({ id: d.id, type: d.type, endpoint: d.endpoint, status });
      // Without a deliver function the event is only recorded (seed:demo, a double nobody listens to).
      if (!hadDeliver || (status >= 200 && status < 300)) return;
      if (i < delays.length) await sleep(delays[i]!);
    }
  }

  function send(items: Delivery[]): Promise<void> {
    chain = chain
      // After the call that caused them has answered (its response is written before the next turn).
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(async () => {
        for (const d of items) {
          if (closed) return;
          // A failure of ours (the state file could not be written) must not stop the deliveries behind it.
          await deliverWithRetries(d).catch((err: unknown) => process.emitWarning(`stripe-local: delivery of ${d.id} failed: ${String(err)}`));
        }
      });
    return chain;
  }

  return {
    setDeliver(fn: DeliverFn | undefined) {
      deliver = fn;
    },

    /** Queue an event about `object`; an account's events (`account`) go to the Connect endpoint. */
    emit(type: string, object: unknown, account?: string) {
      const left = drops.get(type) ?? 0;
      if (left > 0) {
        drops.set(type, left - 1);
        return;
      }
      const event = {
        id: newId('evt_'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: opts.nowSeconds(),
        type,
        // A snapshot: the object as it was when the event happened, whatever changes later.
        data: { object: structuredClone(object) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        ...(account ? { account } : {}),
      };
      const delivery: Delivery = { id: event.id, type, endpoint: account ? 'connect' : 'platform', payload: JSON.stringify(event, null, 2) };
      if (held) heldQueue.push(delivery);
      else void send([delivery]);
    },

    hold() {
      held = true;
    },

    /** Send what was held (reversed, and/or each one twice: the whole batch again after it), then deliver as usual. */
    release(opts: { reverse?: boolean; duplicate?: boolean } = {}): Promise<void> {
      held = false;
      let items = heldQueue.splice(0);
      if (opts.reverse) items.reverse();
      if (opts.duplicate) items = [...items, ...items];
      return send(items);
    },

    drop(type: string, count = 1) {
      drops.set(type, (drops.get(type) ?? 0) + count);
    },

    /** Resolves once nothing is queued or in flight (held deliveries wait for release and do not count). */
    async idle(): Promise<void> {
      let seen: Promise<void>;
      do {
        seen = chain;
        await seen;
      } while (seen !== chain);
    },

    async close() {
      closed = true;
      heldQueue.length = 0;
      for (const wake of [...sleepers]) wake();
      await chain;
    },
  };
}

export type WebhookQueue = ReturnType<typeof createWebhookQueue>;
