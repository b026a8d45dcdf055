import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_CLOSE } from '@bayclub/shared';
import { applyAs, buildTestApp, createAdmin, createLimitedMember, createMember, injectAs, type TestApp, type TestUser } from '../../test/helpers.js';
import { matchAndOpen, sendMessage } from '../../test/social.js';
import { socketPool, openSocket, upgradeStatus } from '../../test/socket-client.js';

let t: TestApp;
let base: string;
const sockets = socketPool(() => base);
const open = sockets.open;

beforeAll(async () => {
  t = await buildTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => sockets.closeAll());

describe('the realtime socket: who may open it', () => {
  it('refuses an upgrade without a session (401), from a foreign or missing Origin (403)', async () => {
    const a = await createMember(t);
    expect(await upgradeStatus(base, { origin: 'http://localhost:3000' })).toBe(401);
    expect(await upgradeStatus(base, { cookie: a.cookie, origin: 'https://evil.example' })).toBe(403);
    expect(await upgradeStatus(base, { cookie: a.cookie })).toBe(403);
    expect(await upgradeStatus(base, { cookie: a.cookie, origin: 'http://localhost:3000' })).toBe(101);
  });

  it('lets a community_only member open it (notifications are for everyone signed in)', async () => {
    const limited = await createLimitedMember(t);
    const s = await open(limited);
    const unread = await s.next('unread');
    expect(unread).toEqual({ type: 'unread', messages: 0, notifications: expect.any(Number) });
  });

  it('closes the socket on a frame above 16 KB (1009) and on unreadable frames (1007)', async () => {
    const a = await createMember(t);
    const big = await open(a);
    big.ws.send('x'.repeat(17 * 1024));
    expect(await big.closed()).toBe(SOCKET_CLOSE.tooBig);
    const bad = await open(a);
    bad.ws.send('{not json');
    expect(await bad.closed()).toBe(1007);
  });
});

describe('the realtime socket: what it carries', () => {
  it('delivers a message live to both participants and to nobody else, with the unread total', async () => {
    const [a, b, c] = [await createMember(t), await createMember(t), await createMember(t)];
    const { conversationId } = await matchAndOpen(t, a, b);
    const [sa, sb, sc] = [await open(a), await open(b), await open(c)];
    const sent = await sendMessage(t, a, conversationId, 'Hello over the wire');
    expect(sent.statusCode).toBe(201);
    const atB = await sb.next('message');
    expect(atB.message).toMatchObject({ id: sent.json().id, content: 'Hello over the wire', senderId: a.id, clientId: null });
    const atA = await sa.next('message');
    expect(atA.message.clientId).toBe(sent.json().clientId);
    const unread = await sb.next('unread', (e) => e.messages > 0);
    expect(unread.messages).toBe(1);
    const note = await sb.next('notification');
    expect(note.notification).toMatchObject({ type: 'message', relatedId: conversationId, href: `/chat/${conversationId}` });
    await new Promise((r) => setTimeout(r, 300));
    expect(sc.events.filter((e) => e.type === 'message')).toHaveLength(0);
    expect(sc.events.filter((e) => e.type === 'notification')).toHaveLength(0);
  });

  it('tells both members about a read, and the reader their new totals', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const { conversationId } = await matchAndOpen(t, a, b);
    const [sa, sb] = [await open(a), await open(b)];
    const sent = await sendMessage(t, a, conversationId, 'Read me');
    await sb.next('message');
    expect((await injectAs(t, b, { method: 'POST', url: `/api/conversations/${conversationId}/read` })).statusCode).toBe(200);
    const read = await sa.next('read');
    expect(read).toEqual({ type: 'read', conversationId, userId: b.id, lastReadSeq: sent.json().seq });
    await sb.next('unread', (e) => e.messages === 0);
  });

  it('replays missed messages on resume and says ready', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const { conversationId } = await matchAndOpen(t, a, b);
    const first = await sendMessage(t, a, conversationId, 'seen');
    const missed = [];
    for (let i = 0; i < 3; i++) missed.push((await sendMessage(t, a, conversationId, `missed ${i}`)).json().id);
    const s = await openSocket(base, b.cookie);
    sockets.track(s);
    s.send({ type: 'resume', lastSeq: first.json().seq });
    const ready = await s.next('ready');
    const replayed = s.events.filter((e) => e.type === 'message').map((e) => (e.type === 'message' ? e.message.id : ''));
    expect(ready.replayed).toBe(replayed.length);
    expect(ready.truncated).toBe(false);
    // Everything missed is there, once; the grace window may repeat the last seen one, which clients drop by id.
    for (const id of missed) expect(replayed.filter((x) => x === id)).toHaveLength(1);
    expect(new Set(replayed).size).toBe(replayed.length);
  });

  it('sends connection changes to both members, and closes a conversation on block', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const { conversationId } = await matchAndOpen(t, a, b);
    const sa = await open(a);
    const sb = await open(b);
    expect((await injectAs(t, b, { method: 'POST', url: '/api/blocks', payload: { userId: a.id } })).statusCode).toBe(204);
    await sa.next('connections');
    expect(await sa.next('conversation')).toEqual({ type: 'conversation', conversationId, canMessage: false });
    await sb.next('conversation');
    // Nothing more flows between them: the send is refused.
    expect((await sendMessage(t, a, conversationId, 'still there?')).statusCode).toBeGreaterThanOrEqual(403);
  });

  it('closes every socket of a member who signs out (4401), and of one who deactivates', async () => {
    const a = await createMember(t);
    const [s1, s2] = [await open(a), await open(a)];
    expect((await injectAs(t, a, { method: 'POST', url: '/api/session/sign-out' })).statusCode).toBeLessThan(300);
    expect(await s1.closed()).toBe(SOCKET_CLOSE.signedOut);
    expect(await s2.closed()).toBe(SOCKET_CLOSE.signedOut);

    const b = await createMember(t);
    const sb = await open(b);
    const res = await injectAs(t, b, { method: 'POST', url: '/api/account/deactivate', payload: { confirmation: 'DEACTIVATE' } });
    expect(res.statusCode).toBe(200);
    expect(await sb.closed()).toBe(SOCKET_CLOSE.signedOut);
  });

  it("tells an applicant's every tab to reload the session when the application is decided, and nobody else", async () => {
    const admin = await createAdmin(t);
    const [approved, rejected, bystander] = [await applyAs(t), await applyAs(t), await createMember(t)];
    const [s1, s2, sr, sb] = [await open(approved), await open(approved), await open(rejected), await open(bystander)];
    const decide = (who: TestUser, verb: 'approve' | 'reject') =>
      injectAs(t, admin, { method: 'POST', url: `/api/admin/applications/${who.applicationId}/${verb}`, payload: {} });
    expect((await decide(approved, 'approve')).statusCode).toBe(200);
    expect(await s1.next('session')).toEqual({ type: 'session' });
    await s2.next('session');
    // The notification comes too; the session event is what switches the layout at once.
    await s1.next('notification');
    expect((await decide(rejected, 'reject')).statusCode).toBe(200);
    await sr.next('session');
    await new Promise((r) => setTimeout(r, 300));
    expect(sb.events.filter((e) => e.type === 'session')).toHaveLength(0);
    expect(sr.events.filter((e) => e.type === 'session')).toHaveLength(1);
  });

  it('answers ping with pong', async () => {
    const a = await createMember(t);
    const s = await open(a);
    s.send({ type: 'ping' });
    await s.next('pong');
  });
});
