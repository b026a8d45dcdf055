import { afterAll, describe, expect, it, vi } from 'vitest';
import type { PushPayload } from '@bayclub/shared';
import { buildTestApp, createMember, injectAs, type TestUser } from '../../test/helpers.js';
import { createTestSubscriber, startPushEndpoint, verifyVapid, type TestSubscriber } from '../../test/push-endpoint.js';
import { sendMessage } from '../../test/social.js';

/**
 * The whole path of a push: a member enables push (the subscription is saved), another member's action (a hello,
 * a match, a message) makes the app send a real Web Push request, encrypted for that subscription and signed
 * with the app's VAPID key, to a local HTTPS push service that decrypts it as a browser would.
 */
const double = await startPushEndpoint();
afterAll(() => double.close());
const t = await buildTestApp({ PUSH_ALLOW_PRIVATE_ENDPOINTS: true }, { pushCa: double.ca });

async function subscribe(user: TestUser): Promise<{ endpoint: string; subscriber: TestSubscriber }> {
  const subscriber = createTestSubscriber();
  const endpoint = double.endpoint();
  const res = await injectAs(t, user, {
    method: 'POST',
    url: '/api/push/subscriptions',
    payload: { subscription: { endpoint, expirationTime: null, keys: subscriber.keys } },
  });
  expect(res.statusCode).toBe(201);
  return { endpoint, subscriber };
}

async function received(endpoint: string, subscriber: TestSubscriber, count: number): Promise<PushPayload[]> {
  const path = new URL(endpoint).pathname;
  const until = Date.now() + 5000;
  while (Date.now() < until) {
    await t.services.push.flush();
    const got = double.requests.filter((r) => r.path === path);
    if (got.length >= count) {
      return got.map((r) => {
        expect(r.headers['content-encoding']).toBe('aes128gcm');
        expect(verifyVapid(r.headers.authorization).key).toBe(t.services.push.publicKey);
        return JSON.parse(subscriber.decrypt(r.body)) as PushPayload;
      });
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`expected ${count} push(es) at ${path}, got ${double.requests.filter((r) => r.path === path).length}`);
}

describe('pushes for hellos, matches and messages', () => {
  it('reach the member subscribed, encrypted, with the page a click opens', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const atB = await subscribe(b);
    const atA = await subscribe(a);

    const hi = await injectAs(t, a, { method: 'POST', url: '/api/hellos', payload: { userId: b.id } });
    expect(hi.statusCode).toBe(201);
    const [hello] = await received(atB.endpoint, atB.subscriber, 1);
    expect(hello).toMatchObject({ title: 'New hello', url: '/connections?tab=received' });

    expect((await injectAs(t, b, { method: 'POST', url: `/api/hellos/${hi.json().hello.id}/accept` })).statusCode).toBe(200);
    const [matchAtA] = await received(atA.endpoint, atA.subscriber, 1);
    expect(matchAtA).toMatchObject({ title: "It's a match!", url: '/connections?tab=matches' });

    const conversation = (await injectAs(t, a, { method: 'POST', url: '/api/conversations', payload: { userId: b.id } })).json();
    expect((await sendMessage(t, a, conversation.id, 'Coffee on Saturday?')).statusCode).toBe(201);
    const pushes = await received(atB.endpoint, atB.subscriber, 3);
    expect(pushes[2]).toEqual({ title: expect.stringMatching(/^Test Member \d+$/), body: 'Coffee on Saturday?', url: `/chat/${conversation.id}`, tag: `chat-${conversation.id}` });
  });

  it('asks the push service only about members with push on: the write itself says who has it (issue 25)', async () => {
    const [a, b, c] = [await createMember(t), await createMember(t), await createMember(t)];
    const atB = await subscribe(b);
    const sends = vi.spyOn(t.services.push, 'sendToUser');
    try {
      // b has push: the hello is queued for them. c has none: nothing is queued, so no lookup runs after the commit.
      expect((await injectAs(t, a, { method: 'POST', url: '/api/hellos', payload: { userId: b.id } })).statusCode).toBe(201);
      expect((await injectAs(t, a, { method: 'POST', url: '/api/hellos', payload: { userId: c.id } })).statusCode).toBe(201);
      expect(sends.mock.calls.map(([userId]) => userId)).toEqual([b.id]);
      const [hello] = await received(atB.endpoint, atB.subscriber, 1);
      expect(hello).toMatchObject({ title: 'New hello' });
    } finally {
      sends.mockRestore();
    }
  });

  it('sends nothing to a member who turned push off', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const atB = await subscribe(b);
    const before = double.requests.length;
    expect((await injectAs(t, b, { method: 'POST', url: '/api/push/unsubscribe', payload: {} })).statusCode).toBe(204);
    expect((await injectAs(t, a, { method: 'POST', url: '/api/hellos', payload: { userId: b.id } })).statusCode).toBe(201);
    await t.services.push.flush();
    expect(double.requests.filter((r) => r.path === new URL(atB.endpoint).pathname)).toHaveLength(0);
    expect(double.requests.length).toBe(before);
  });

  it('stops pushing to a member who signed out (on every device)', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const atB = await subscribe(b);
    expect((await injectAs(t, b, { method: 'POST', url: '/api/session/sign-out' })).statusCode).toBeLessThan(300);
    expect((await injectAs(t, a, { method: 'POST', url: '/api/hellos', payload: { userId: b.id } })).statusCode).toBe(201);
    await t.services.push.flush();
    expect(double.requests.filter((r) => r.path === new URL(atB.endpoint).pathname)).toHaveLength(0);
  });
});
