import crypto from 'node:crypto';
import https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import type { SQL } from 'drizzle-orm';
import webpush, { type PushSubscription, type Urgency } from 'web-push';
import { z } from 'zod';
import { LIMITS, pushSubscriptionSchema, type PushPayload, type PushSubscriptionInput } from '@bayclub/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { closeDeliveryStats, countDelivery } from '../../platform/delivery-stats.js';
import { badRequest } from '../../platform/errors.js';
import { guardedLookup } from '../../platform/net-guard.js';
import { getOrCreateSecret } from '../../platform/secrets.js';
import { checkPushEndpoint } from './policy.js';
import * as repo from './repository.js';

export interface PushDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  /** Tests only: a CA to trust for push services (the local HTTPS double). Production uses the system store. */
  ca?: string;
  /** Sends in flight at once in this process (default 8). */
  concurrency?: number;
}

export interface SendOptions {
  /** Default 'high': every push is a person reaching the member (a message, a hello, a match). */
  urgency?: Urgency;
}

export interface PushService {
  /** The VAPID public key browsers subscribe with (base64url, uncompressed P-256 point). */
  readonly publicKey: string;
  subscribe(userId: string, subscription: PushSubscriptionInput, userAgent: string | undefined): Promise<void>;
  unsubscribe(userId: string, endpoint?: string): Promise<void>;
  /** Whether the member `userId` names has an endpoint on: a boolean SQL expression a notifying write selects. */
  subscribed(userId: SQL): SQL<boolean>;
  /** Fire and forget: never throws, never waits for the push services. Failures are logged. */
  sendToUser(userId: string, payload: PushPayload, options?: SendOptions): void;
  /** Resolves once every queued and in-flight send has finished (tests, shutdown). */
  flush(): Promise<void>;
  /** Stop taking sends, wait for the ones under way, release the connections. */
  close(): Promise<void>;
}

const SEND_TIMEOUT_MS = 10_000;
/** Beyond this many waiting tasks, new sends are dropped (and logged): pushes are best effort, memory is not. */
const MAX_QUEUED = 10_000;
/**
 * Push services accept about 4 KB of encrypted payload (RFC 8291 leaves 3993 bytes of plaintext in one record).
 * A 4,000-character message would not fit, and a notification shows a few lines anyway.
 */
const MAX_PAYLOAD_BYTES = 3000;
const TITLE_MAX = 100;
const BODY_MAX = 500;

const vapidKeysSchema = z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) });

export async function createPushService(deps: PushDeps): Promise<PushService> {
  const { db, config, log } = deps;
  const vapid = await vapidKeys(db, config, log);
  const vapidDetails = { subject: vapidSubject(config), ...vapid };
  const allowPrivate = config.PUSH_ALLOW_PRIVATE_ENDPOINTS;
  // Every connection resolves through the guard and connects to the address it checked (no DNS rebinding).
  const agent = new https.Agent({
    keepAlive: true,
    lookup: guardedLookup({ allowPrivate }),
    ...(deps.ca ? { ca: deps.ca } : {}),
  });
  const limiter = createLimiter(deps.concurrency ?? 8, (err) => log.warn({ err }, 'push task failed'));
  let closed = false;

  const enqueue = (task: () => Promise<void>) => {
    if (limiter.queued() >= MAX_QUEUED) {
      log.warn('push queue full: a push was dropped');
      return;
    }
    limiter.run(task);
  };

  async function deliver(sub: { id: string; version: string; subscriptionData: unknown }, body: string, urgency: Urgency) {
    const parsed = pushSubscriptionSchema.safeParse(sub.subscriptionData);
    if (!parsed.success) {
      log.warn({ subscriptionId: sub.id }, 'push subscription data is not valid: skipped');
      return;
    }
    const check = checkPushEndpoint(parsed.data.endpoint, { allowPrivate });
    if (!check.ok) {
      log.warn({ subscriptionId: sub.id, reason: check.reason.text }, 'push endpoint refused');
      return;
    }
    // The path of an endpoint is the capability to push to that device: logs get the push service's origin only.
    const pushService = new URL(check.url).origin;
    const subscription: PushSubscription = { endpoint: check.url, keys: parsed.data.keys };
    try {
      await webpush.sendNotification(subscription, body, {
        vapidDetails,
        TTL: LIMITS.pushTtlSeconds,
        urgency,
        agent,
        timeout: SEND_TIMEOUT_MS,
      });
      countDelivery(db, 'push', 'sent');
    } catch (err) {
      if (err instanceof webpush.WebPushError && (err.statusCode === 404 || err.statusCode === 410)) {
        countDelivery(db, 'push', 'expired');
        // The browser dropped this subscription (unsubscribed, expired, app removed): stop sending to it.
        await repo.deactivateGone(db, sub.id, sub.version);
        log.info({ subscriptionId: sub.id, pushService, statusCode: err.statusCode }, 'push subscription gone: deactivated');
        return;
      }
      countDelivery(
        db,
        'push',
        'failed',
        err instanceof webpush.WebPushError ? `The push service answered ${err.statusCode}` : `${(err as NodeJS.ErrnoException).code ?? ''} ${(err as Error).message}`,
      );
      log.warn(
        err instanceof webpush.WebPushError
          ? { subscriptionId: sub.id, pushService, statusCode: err.statusCode }
          : { subscriptionId: sub.id, pushService, code: (err as NodeJS.ErrnoException).code, reason: (err as Error).message },
        'push send failed',
      );
    }
  }

  return {
    publicKey: vapid.publicKey,

    async subscribe(userId, subscription, userAgent) {
      const check = checkPushEndpoint(subscription.endpoint, { allowPrivate });
      if (!check.ok) throw badRequest(check.reason, { 'subscription.endpoint': check.reason });
      await repo.upsertSubscription(db, {
        userId,
        endpoint: subscription.endpoint,
        subscriptionData: {
          endpoint: subscription.endpoint,
          expirationTime: subscription.expirationTime ?? null,
          keys: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
        },
        userAgent: userAgent?.slice(0, 500) ?? null,
      });
    },

    async unsubscribe(userId, endpoint) {
      await repo.deactivateForUser(db, userId, endpoint);
    },

    subscribed: repo.hasActiveSubscription,

    sendToUser(userId, payload, options = {}) {
      if (closed) return;
      try {
        const body = fitPayload(payload);
        const urgency = options.urgency ?? 'high';
        enqueue(async () => {
          const subs = await repo.activeSubscriptions(db, userId);
          for (const sub of subs) {
            enqueue(() => deliver(sub, body, urgency).catch((err: unknown) => log.warn({ err, subscriptionId: sub.id }, 'push: delivery failed')));
          }
        });
      } catch (err) {
        // The caller's request (a message, a hello) has succeeded; a push problem must not turn it into an error.
        log.warn({ err }, 'push: could not queue a push');
      }
    },

    flush: () => limiter.idle(),

    async close() {
      closed = true;
      await limiter.idle();
      agent.destroy();
      await closeDeliveryStats(db);
    },
  };
}

/** VAPID keys from the configuration, or one pair generated once and shared by every process through the database. */
async function vapidKeys(db: Db, config: Config, log: FastifyBaseLogger) {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    const keys = { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
    assertKeyPair(keys);
    return keys;
  }
  if (config.VAPID_PUBLIC_KEY || config.VAPID_PRIVATE_KEY) {
    log.warn('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together: using the stored key pair instead');
  }
  const stored = await getOrCreateSecret(db, 'vapid_keys', () => JSON.stringify(webpush.generateVAPIDKeys()));
  return vapidKeysSchema.parse(JSON.parse(stored));
}

/** A private key that does not belong to the public key would make every push fail at the push service: fail at start. */
function assertKeyPair(keys: { publicKey: string; privateKey: string }) {
  const ecdh = crypto.createECDH('prime256v1');
  let derived: string;
  try {
    ecdh.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
    derived = ecdh.getPublicKey().toString('base64url');
  } catch {
    throw new Error('VAPID_PRIVATE_KEY is not a valid P-256 private key');
  }
  if (derived !== keys.publicKey) throw new Error('VAPID_PUBLIC_KEY does not belong to VAPID_PRIVATE_KEY');
}

/** VAPID_SUBJECT, or mailto: the address in MAIL_FROM ("Bay Club <no-reply@example.com>" or a bare address). */
export function vapidSubject(config: Pick<Config, 'VAPID_SUBJECT' | 'MAIL_FROM'>): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM.trim();
  return `mailto:${address}`;
}

const clip = (text: string, max: number) => {
  const chars = Array.from(text); // by code point, so an emoji is never cut in half
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
};

/** The JSON the service worker receives, small enough for every push service. */
export function fitPayload(payload: PushPayload): string {
  const fitted = { title: clip(payload.title, TITLE_MAX), body: clip(payload.body, BODY_MAX), url: payload.url, tag: payload.tag };
  let json = JSON.stringify(fitted);
  // Only unusual text (many escaped or 4-byte characters) gets here: shorten the body until it fits.
  while (Buffer.byteLength(json) > MAX_PAYLOAD_BYTES && fitted.body.length > 1) {
    fitted.body = clip(fitted.body, Math.floor(Array.from(fitted.body).length / 2));
    json = JSON.stringify(fitted);
  }
  return json;
}

/** At most `max` tasks at once; the rest wait in order. */
function createLimiter(max: number, onError: (err: unknown) => void) {
  const waiting: Array<() => Promise<void>> = [];
  let active = 0;
  let idleWaiters: Array<() => void> = [];

  const pump = () => {
    while (active < max && waiting.length > 0) {
      const task = waiting.shift()!;
      active += 1;
      void task()
        .catch((err: unknown) => onError(err)) // one failed task must never stop the queue
        .finally(() => {
          active -= 1;
          pump();
          if (active === 0 && waiting.length === 0) {
            const done = idleWaiters;
            idleWaiters = [];
            for (const resolve of done) resolve();
          }
        });
    }
  };

  return {
    run(task: () => Promise<void>) {
      waiting.push(task);
      pump();
    },
    queued: () => waiting.length,
    idle: () => (active === 0 && waiting.length === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve))),
  };
}
