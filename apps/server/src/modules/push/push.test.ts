import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pino from 'pino';
import webpush from 'web-push';
import { eq } from 'drizzle-orm';
import { LIMITS, type PushPayload, type PushSubscriptionInput } from '@bayclub/shared';
import { BODY_LIMIT } from '../../app.js';
import { loadConfig, type Config } from '../../config.js';
import { pushSubscriptions, serverSecrets } from '../../db/schema/index.js';
import { frameworkErrors, registerErrorHandler } from '../../platform/errors.js';
import { registerAccessControl } from '../access/request-context.js';
import { registerInputGuard } from '../../platform/input-guard.js';
import { buildTestApp, createMember, isErrorBody, type TestUser } from '../../test/helpers.js';
import { createTestSubscriber, startPushEndpoint, verifyVapid, type TestSubscriber } from '../../test/push-endpoint.js';
import { pushRoutes } from './routes.js';
import { createPushService, fitPayload, vapidSubject, type PushDeps, type PushService } from './service.js';

// The app's own push service accepts the local double's 127.0.0.1 endpoints at subscribe time.
const t = await buildTestApp({ PUSH_ALLOW_PRIVATE_ENDPOINTS: true });
const db = t.ctx.database.db;
const double = await startPushEndpoint();
afterAll(() => double.close());

const silent = pino({ level: 'silent' });
const configWith = (env: Partial<Config> = {}): Config => ({ ...t.ctx.config, PUSH_ALLOW_PRIVATE_ENDPOINTS: true, ...env });

const services: PushService[] = [];
async function service(deps: Partial<PushDeps> = {}): Promise<PushService> {
  const s = await createPushService({ db, config: configWith(), log: silent, ca: double.ca, ...deps });
  services.push(s);
  return s;
}
afterAll(async () => {
  for (const s of services) await s.close();
});

/**
 * The push routes over a service with another configuration, behind the app's real request pipeline (access
 * table, Origin check, input guard, error handler). Sessions come from the test app's auth.
 */
async function routesFor(push: PushService): Promise<FastifyInstance> {
  const api = Fastify({ logger: false, bodyLimit: BODY_LIMIT, frameworkErrors });
  api.setValidatorCompiler(validatorCompiler);
  api.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(api);
  registerAccessControl(api, t.ctx);
  registerInputGuard(api);
  await api.register(pushRoutes(t.ctx, push));
  await api.ready();
  afterAll(() => api.close());
  return api;
}

/**
 * The routes are the app's (t.app); sends go through this service, which trusts the double's certificate and
 * shares the app's database, so it signs with the same stored VAPID key.
 */
const push = await service();
const api = t.app;

const as = (who: TestUser | null, opts: InjectOptions, on = api) =>
  on.inject({ ...opts, headers: { ...(opts.headers ?? {}), ...(who ? { cookie: who.cookie } : {}) } });
const subscribe = (who: TestUser | null, subscription: unknown, opts: { headers?: Record<string, string>; on?: FastifyInstance } = {}) =>
  as(who, { method: 'POST', url: '/api/push/subscriptions', payload: { subscription }, headers: opts.headers }, opts.on);
const unsubscribe = (who: TestUser | null, payload: object) => as(who, { method: 'POST', url: '/api/push/unsubscribe', payload });

/** A browser's subscription on the push double, with real keys. */
function browserSubscription(): { subscription: PushSubscriptionInput; subscriber: TestSubscriber; endpoint: string } {
  const subscriber = createTestSubscriber();
  const endpoint = double.endpoint();
  return { subscription: { endpoint, expirationTime: null, keys: subscriber.keys }, subscriber, endpoint };
}

const rowOf = async (endpoint: string) => (await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0];
const requestsTo = (endpoint: string) => double.requests.filter((r) => r.path === new URL(endpoint).pathname);

async function subscribed(who: TestUser) {
  const s = browserSubscription();
  const res = await subscribe(who, s.subscription);
  expect(res.statusCode).toBe(201);
  return s;
}

const payload: PushPayload = { title: 'New message', body: 'Sam: See you at the beach? 🏖️', url: '/messages/abc', tag: 'conversation-abc' };

let alice: TestUser;
let bob: TestUser;
beforeEach(async () => {
  alice = await createMember(t);
  bob = await createMember(t);
});

describe('GET /api/push/public-key', () => {
  it('answers the VAPID public key to anyone: an uncompressed P-256 point, the same as every other service on this database', async () => {
    const res = await as(null, { method: 'GET', url: '/api/push/public-key' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publicKey: push.publicKey });
    const point = Buffer.from(push.publicKey, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(0x04);
  });

  it('is generated once and stored: every service on the same database answers the same key', async () => {
    const again = await service();
    expect(again.publicKey).toBe(push.publicKey);
    const rows = await db.select().from(serverSecrets).where(eq(serverSecrets.name, 'vapid_keys'));
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.value).publicKey).toBe(push.publicKey);
  });

  it('two processes starting together on a fresh database agree (first writer wins)', async () => {
    const [saved] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, 'vapid_keys'));
    await db.delete(serverSecrets).where(eq(serverSecrets.name, 'vapid_keys'));
    try {
      const [a, b] = await Promise.all([service(), service()]);
      expect(a.publicKey).toBe(b.publicKey);
      expect(a.publicKey).not.toBe(push.publicKey);
    } finally {
      await db.delete(serverSecrets).where(eq(serverSecrets.name, 'vapid_keys'));
      await db.insert(serverSecrets).values(saved!);
    }
  });

  it('takes the key pair from the configuration when both keys are set', async () => {
    const keys = webpush.generateVAPIDKeys();
    const configured = await service({ config: configWith({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }) });
    expect(configured.publicKey).toBe(keys.publicKey);
    const res = await as(null, { method: 'GET', url: '/api/push/public-key' }, await routesFor(configured));
    expect(res.json()).toEqual({ publicKey: keys.publicKey });
  });

  it('refuses to start with a private key that does not belong to the public key', async () => {
    const a = webpush.generateVAPIDKeys();
    const b = webpush.generateVAPIDKeys();
    await expect(service({ config: configWith({ VAPID_PUBLIC_KEY: a.publicKey, VAPID_PRIVATE_KEY: b.privateKey }) })).rejects.toThrow(
      'VAPID_PUBLIC_KEY does not belong to VAPID_PRIVATE_KEY',
    );
  });
});

describe('POST /api/push/subscriptions', () => {
  it('needs a session', async () => {
    const res = await subscribe(null, browserSubscription().subscription);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'You need to sign in' } });
  });

  it('refuses a foreign Origin (403) and stores nothing', async () => {
    const { subscription, endpoint } = browserSubscription();
    const res = await subscribe(alice, subscription, { headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(await rowOf(endpoint)).toBeUndefined();
  });

  it('stores the subscription as active, with the user agent cut to 500 characters', async () => {
    const { subscription, endpoint } = browserSubscription();
    const res = await subscribe(alice, subscription, { headers: { 'user-agent': `Mozilla/5.0 ${'x'.repeat(600)}` } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ active: true });
    const row = await rowOf(endpoint);
    expect(row).toMatchObject({ userId: alice.id, endpoint, isActive: true, subscriptionData: subscription });
    expect(row!.userAgent).toHaveLength(500);
    expect(row!.userAgent!.startsWith('Mozilla/5.0 x')).toBe(true);
  });

  it('saving the same endpoint again updates that row and switches it back on', async () => {
    const { subscription, endpoint } = await subscribed(alice);
    expect((await unsubscribe(alice, { endpoint })).statusCode).toBe(204);
    expect((await rowOf(endpoint))!.isActive).toBe(false);
    const renewed = { ...subscription, keys: createTestSubscriber().keys };
    expect((await subscribe(alice, renewed)).statusCode).toBe(201);
    const rows = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: alice.id, isActive: true, subscriptionData: renewed });
  });

  it('an endpoint saved by another member moves to the caller (one browser profile, one member at a time)', async () => {
    const { subscription, endpoint } = await subscribed(alice);
    expect((await subscribe(bob, subscription)).statusCode).toBe(201);
    expect(await rowOf(endpoint)).toMatchObject({ userId: bob.id, isActive: true });
    push.sendToUser(alice.id, payload);
    await push.flush();
    expect(requestsTo(endpoint)).toHaveLength(0);
    push.sendToUser(bob.id, payload);
    await push.flush();
    expect(requestsTo(endpoint)).toHaveLength(1);
  });

  it('answers 400 per field: an http endpoint, keys that are not base64url, a missing auth key', async () => {
    const { subscription } = browserSubscription();
    const http = await subscribe(alice, { ...subscription, endpoint: subscription.endpoint.replace('https:', 'http:') });
    expect(http.statusCode).toBe(400);
    expect(isErrorBody(http.json())).toBe(true);
    expect(http.json().error.fields).toEqual({ 'subscription.endpoint': 'Push endpoints must use https' });

    const badKey = await subscribe(alice, { ...subscription, keys: { p256dh: 'not base64!', auth: subscription.keys.auth } });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().error.fields).toEqual({ 'subscription.keys.p256dh': 'Must be base64url' });

    const noAuth = await subscribe(alice, { ...subscription, keys: { p256dh: subscription.keys.p256dh } });
    expect(noAuth.statusCode).toBe(400);
    expect(Object.keys(noAuth.json().error.fields)).toEqual(['subscription.keys.auth']);

    const notUrl = await subscribe(alice, { ...subscription, endpoint: 'push me' });
    expect(notUrl.statusCode).toBe(400);
    expect(notUrl.json().error.fields).toEqual({ 'subscription.endpoint': 'Must be a URL' });
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, alice.id))).toHaveLength(0);
  });

  it('refuses an endpoint on a literal loopback, private or link-local address unless private endpoints are allowed', async () => {
    const strict = await routesFor(await service({ config: configWith({ PUSH_ALLOW_PRIVATE_ENDPOINTS: false }) }));
    const keys = createTestSubscriber().keys;
    for (const endpoint of [
      'https://127.0.0.1/push/x',
      'https://[::1]/push/x',
      'https://[::ffff:127.0.0.1]/push/x',
      'https://10.0.0.8/push/x',
      'https://169.254.169.254/latest',
      'https://0x7f.1/push/x',
    ]) {
      const res = await subscribe(alice, { endpoint, keys }, { on: strict });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().error.fields, endpoint).toEqual({ 'subscription.endpoint': 'This push endpoint is not allowed' });
    }
    expect((await subscribe(alice, { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys }, { on: strict })).statusCode).toBe(201);
  });
});

describe('POST /api/push/unsubscribe', () => {
  it('needs a session', async () => {
    const res = await unsubscribe(null, {});
    expect(res.statusCode).toBe(401);
  });

  it('with an endpoint switches off that subscription only', async () => {
    const phone = await subscribed(alice);
    const laptop = await subscribed(alice);
    expect((await unsubscribe(alice, { endpoint: phone.endpoint })).statusCode).toBe(204);
    expect((await rowOf(phone.endpoint))!.isActive).toBe(false);
    expect((await rowOf(laptop.endpoint))!.isActive).toBe(true);
  });

  it('without an endpoint switches off all of the caller’s subscriptions and nobody else’s', async () => {
    const phone = await subscribed(alice);
    const laptop = await subscribed(alice);
    const bobs = await subscribed(bob);
    expect((await unsubscribe(alice, {})).statusCode).toBe(204);
    expect((await rowOf(phone.endpoint))!.isActive).toBe(false);
    expect((await rowOf(laptop.endpoint))!.isActive).toBe(false);
    expect((await rowOf(bobs.endpoint))!.isActive).toBe(true);
  });

  it('another member cannot switch off your subscription: 204 and nothing changes', async () => {
    const { endpoint } = await subscribed(alice);
    const res = await unsubscribe(bob, { endpoint });
    expect(res.statusCode).toBe(204);
    expect(await rowOf(endpoint)).toMatchObject({ userId: alice.id, isActive: true });
  });

  it('an endpoint that is not a URL is a 400 for the field', async () => {
    const res = await unsubscribe(alice, { endpoint: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ endpoint: 'Must be a URL' });
  });
});

describe('sendToUser', () => {
  it('delivers an aes128gcm-encrypted payload with a VAPID signature the browser can read', async () => {
    const { subscriber, endpoint } = await subscribed(alice);
    push.sendToUser(alice.id, payload);
    await push.flush();

    const [req, ...more] = requestsTo(endpoint);
    expect(more).toHaveLength(0);
    expect(req!.method).toBe('POST');
    expect(req!.headers['content-encoding']).toBe('aes128gcm');
    expect(req!.headers['content-type']).toBe('application/octet-stream');
    expect(req!.headers.ttl).toBe(String(LIMITS.pushTtlSeconds));
    expect(req!.headers.urgency).toBe('high');

    const { key, claims } = verifyVapid(req!.headers.authorization);
    expect(key).toBe(push.publicKey);
    expect(claims.aud).toBe(double.origin);
    expect(claims.sub).toBe('mailto:no-reply@bayclub.local');
    const now = Date.now() / 1000;
    expect(claims.exp).toBeGreaterThan(now);
    expect(claims.exp).toBeLessThanOrEqual(now + 24 * 3600);

    // The plaintext is nowhere in the request; only the subscriber's private key opens it.
    expect(req!.body.includes(Buffer.from('See you at the beach'))).toBe(false);
    expect(JSON.parse(subscriber.decrypt(req!.body))).toEqual(payload);
    expect(() => createTestSubscriber().decrypt(req!.body)).toThrow();
  });

  it('sends to every active subscription of the member and to no one else', async () => {
    const phone = await subscribed(alice);
    const laptop = await subscribed(alice);
    const bobs = await subscribed(bob);
    push.sendToUser(alice.id, payload);
    await push.flush();
    expect(JSON.parse(phone.subscriber.decrypt(requestsTo(phone.endpoint)[0]!.body))).toEqual(payload);
    expect(JSON.parse(laptop.subscriber.decrypt(requestsTo(laptop.endpoint)[0]!.body))).toEqual(payload);
    expect(requestsTo(bobs.endpoint)).toHaveLength(0);
  });

  it('returns at once and never throws; flush waits for the sends', async () => {
    const { endpoint } = await subscribed(alice);
    expect(push.sendToUser(alice.id, payload)).toBeUndefined();
    expect(requestsTo(endpoint)).toHaveLength(0);
    await push.flush();
    expect(requestsTo(endpoint)).toHaveLength(1);
    // An unknown member has no subscriptions: nothing happens, nothing fails.
    push.sendToUser('00000000-0000-0000-0000-000000000000', payload);
    await push.flush();
  });

  it.each([404, 410])('a %i from the push service switches the subscription off, and it is not sent to again', async (status) => {
    const gone = await subscribed(alice);
    const kept = await subscribed(alice);
    double.respond(gone.endpoint, status);
    push.sendToUser(alice.id, payload);
    await push.flush();
    expect((await rowOf(gone.endpoint))!.isActive).toBe(false);
    expect((await rowOf(kept.endpoint))!.isActive).toBe(true);

    push.sendToUser(alice.id, payload);
    await push.flush();
    expect(requestsTo(gone.endpoint)).toHaveLength(1);
    expect(requestsTo(kept.endpoint)).toHaveLength(2);
  });

  it('a 500 keeps the subscription, and the warning names the push service but not the endpoint path', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const logged = await service({ log });
    const { endpoint } = await subscribed(alice);
    double.respond(endpoint, 500);
    logged.sendToUser(alice.id, payload);
    await logged.flush();
    expect(requestsTo(endpoint)).toHaveLength(1);
    expect((await rowOf(endpoint))!.isActive).toBe(true);
    const warning = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'push send failed');
    expect(warning).toMatchObject({ level: 40, statusCode: 500, pushService: double.origin });
    expect(lines.join('\n')).not.toContain(new URL(endpoint).pathname);
  });

  it('a subscription switched off by unsubscribe is not sent to', async () => {
    const { endpoint } = await subscribed(alice);
    await unsubscribe(alice, { endpoint });
    push.sendToUser(alice.id, payload);
    await push.flush();
    expect(requestsTo(endpoint)).toHaveLength(0);
  });

  it('a 410 does not switch off a subscription the browser saved again while the send was under way', async () => {
    const { subscription, endpoint } = await subscribed(alice);
    double.respond(endpoint, 410);
    double.delay(150);
    try {
      push.sendToUser(alice.id, payload);
      await waitFor(() => requestsTo(endpoint).length === 1);
      expect((await subscribe(alice, subscription)).statusCode).toBe(201);
      await push.flush();
    } finally {
      double.delay(0);
    }
    expect((await rowOf(endpoint))!.isActive).toBe(true);
  });

  it('keeps at most `concurrency` sends in flight and queues the rest', async () => {
    const limited = await service({ concurrency: 3 });
    const subs = [];
    for (let i = 0; i < 10; i += 1) subs.push(await subscribed(alice));
    const before = double.maxInFlight();
    double.delay(40);
    try {
      limited.sendToUser(alice.id, payload);
      await limited.flush();
    } finally {
      double.delay(0);
    }
    for (const s of subs) expect(requestsTo(s.endpoint)).toHaveLength(1);
    expect(before).toBeLessThanOrEqual(3);
    expect(double.maxInFlight()).toBe(3);
  });

  it('with private endpoints not allowed, a loopback endpoint gets no request at all (literal IP or a name that resolves to it)', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const strict = await service({ config: configWith({ PUSH_ALLOW_PRIVATE_ENDPOINTS: false }), log });
    // A row as an older, laxer server would have stored it (the subscribe route refuses literal loopback now).
    const literal = browserSubscription();
    await db.insert(pushSubscriptions).values({ userId: alice.id, endpoint: literal.endpoint, subscriptionData: literal.subscription });
    // A host name passes the subscribe check; the guarded lookup refuses it when connecting.
    const named = browserSubscription();
    const namedEndpoint = named.endpoint.replace('127.0.0.1', 'localhost');
    expect((await subscribe(alice, { ...named.subscription, endpoint: namedEndpoint })).statusCode).toBe(201);

    const before = double.requests.length;
    strict.sendToUser(alice.id, payload);
    await strict.flush();
    expect(double.requests.length).toBe(before);
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries.find((e) => e.msg === 'push endpoint refused')).toMatchObject({ reason: 'This push endpoint is not allowed' });
    expect(entries.find((e) => e.msg === 'push send failed')).toMatchObject({ code: 'ERR_FORBIDDEN_ADDRESS' });
    // Both stay active: the refusal is ours, not the push service saying the subscription is gone.
    expect(await rowOf(literal.endpoint)).toMatchObject({ isActive: true });

    // The same rows are delivered by a service that allows private endpoints (the double is reachable).
    push.sendToUser(alice.id, payload);
    await push.flush();
    expect(requestsTo(literal.endpoint)).toHaveLength(1);
    expect(requestsTo(namedEndpoint)).toHaveLength(1);
  });

  it('after close, sends are ignored', async () => {
    const closing = await service();
    const { endpoint } = await subscribed(alice);
    await closing.close();
    closing.sendToUser(alice.id, payload);
    await closing.flush();
    expect(requestsTo(endpoint)).toHaveLength(0);
  });
});

async function waitFor(check: () => boolean, timeoutMs = 5000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('payload and subject', () => {
  it('the VAPID subject defaults to mailto: the MAIL_FROM address', () => {
    expect(vapidSubject(loadConfig({}, { MAIL_FROM: 'Bay Club <hello@bay.example>' }))).toBe('mailto:hello@bay.example');
    expect(vapidSubject(loadConfig({}, { MAIL_FROM: 'hello@bay.example' }))).toBe('mailto:hello@bay.example');
    expect(vapidSubject(loadConfig({}, { VAPID_SUBJECT: 'https://bay.example/contact' }))).toBe('https://bay.example/contact');
  });

  it('a long message is shortened to fit a push (about 4 KB), by characters, never splitting one', () => {
    const long = fitPayload({ ...payload, body: '🏖️'.repeat(LIMITS.messageMax) });
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(3000);
    const parsed = JSON.parse(long) as PushPayload;
    expect(parsed.body.endsWith('…')).toBe(true);
    expect(parsed.body).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/); // no half of a pair
    expect(parsed).toMatchObject({ title: payload.title, url: payload.url, tag: payload.tag });
    expect(JSON.parse(fitPayload(payload))).toEqual(payload);
  });
});
