import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CONNECTION_MESSAGES, MESSAGING_MESSAGES, SAFETY_MESSAGES, type BlockedMemberView } from '@bayclub/shared';
import { buildTestApp, createLimitedMember, createMember, injectAs, isErrorBody, type TestUser } from '../../test/helpers.js';
import { blocks, hellos, reports } from '../../db/schema/index.js';
import { allPages, connect, insertHello, matchRow, openChat, quickMember, sayHi, sendMessage, sent, setProfile } from '../connections/social-fixtures.js';

const t = await buildTestApp();
const db = t.ctx.database.db;

const UNAVAILABLE = { error: { code: 'NOT_FOUND', message: CONNECTION_MESSAGES.unavailable } };
const CONVERSATION_GONE = { error: { code: 'NOT_FOUND', message: MESSAGING_MESSAGES.notFound } };

const block = (who: TestUser, userId: string, extra: object = {}) =>
  injectAs(t, who, { method: 'POST', url: '/api/blocks', payload: { userId, ...extra } });
const unblock = (who: TestUser, userId: string) => injectAs(t, who, { method: 'DELETE', url: `/api/blocks/${userId}` });
const listBlocks = (who: TestUser, query = '') => injectAs(t, who, { method: 'GET', url: `/api/blocks${query ? `?${query}` : ''}` });
const report = (who: TestUser, payload: object) => injectAs(t, who, { method: 'POST', url: '/api/reports', payload });
const get = (who: TestUser, url: string) => injectAs(t, who, { method: 'GET', url });
const blockRows = (blockerId: string) => db.select().from(blocks).where(eq(blocks.blockerId, blockerId));
const reportRow = async (id: string) => (await db.select().from(reports).where(eq(reports.id, id)))[0]!;

describe('POST /api/blocks', () => {
  it('hides the two members from each other everywhere and ends their match', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    await setProfile(t, a.id, { age: 77 });
    await setProfile(t, b.id, { age: 77 });
    await connect(t, a, b);
    const conversationId = await openChat(t, a, b.id);
    const message = await sent(t, b, conversationId, 'see https://example.com');
    // A third member with a pending hello to a: untouched by a's block of b.
    const c = await quickMember(t, { age: 77 });
    const unrelated = await insertHello(t, c.id, a.id);

    expect((await get(a, `/api/conversations/${conversationId}`)).statusCode).toBe(200);
    const res = await block(a, b.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await blockRows(a.id)).toEqual([expect.objectContaining({ blockerId: a.id, blockedId: b.id })]);

    // The match ended.
    expect((await matchRow(t, a.id, b.id))?.isActive).toBe(false);
    for (const who of [a, b]) expect((await get(who, '/api/matches')).json().items).toEqual([]);

    // Neither sees the other in Say Hi, nor can say hi.
    expect((await get(a, '/api/say-hi/deck?ageMin=77&ageMax=77&limit=50')).json().items.map((x: { id: string }) => x.id)).toEqual([c.id]);
    expect((await get(b, '/api/say-hi/deck?ageMin=77&ageMax=77&limit=50')).json().items.map((x: { id: string }) => x.id)).toEqual([c.id]);

    // The conversation leaves both inboxes and is a 404 for both, exactly like an unknown one.
    for (const who of [a, b]) {
      expect((await get(who, '/api/conversations')).json().items).toEqual([]);
      expect((await get(who, `/api/conversations/${conversationId}`)).json()).toEqual(CONVERSATION_GONE);
      expect((await get(who, `/api/conversations/${conversationId}/messages`)).json()).toEqual(CONVERSATION_GONE);
      expect((await injectAs(t, who, { method: 'POST', url: `/api/conversations/${conversationId}/read` })).json()).toEqual(CONVERSATION_GONE);
      expect((await get(who, `/api/messages/${message.id}/link-preview`)).statusCode).toBe(404);
      // Sending answers like an ended match: the blocked member learns nothing more than "cannot send".
      const send = await sendMessage(t, who, conversationId, { content: 'hello?' });
      expect(send.statusCode).toBe(403);
      expect(send.json()).toEqual({ error: { code: 'NO_MATCH', message: MESSAGING_MESSAGES.sendFailed } });
      const open = await injectAs(t, who, { method: 'POST', url: '/api/conversations', payload: { userId: who === a ? b.id : a.id } });
      expect(open.json()).toEqual(UNAVAILABLE);
    }
    // The unread message from b no longer counts for a.
    expect((await get(a, '/api/messages/unread-count')).json()).toEqual({ count: 0 });

    expect((await sayHi(t, a, b.id)).json()).toEqual(UNAVAILABLE);
    expect((await sayHi(t, b, a.id)).json()).toEqual(UNAVAILABLE);
    expect((await get(a, `/api/connections/with/${b.id}`)).json()).toMatchObject({ blocked: true, matched: false });
    expect((await get(b, `/api/connections/with/${a.id}`)).json()).toEqual(UNAVAILABLE);

    // Profiles: the blocked member cannot open the blocker's profile, nor the other way round; the answer is
    // exactly the one for an unknown id.
    const unknownProfile = (await get(a, `/api/profiles/${crypto.randomUUID()}`)).json();
    for (const [who, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const profile = await get(who, `/api/profiles/${other.id}`);
      expect(profile.statusCode, `profile of ${other.id} for ${who.id}`).toBe(404);
      expect(profile.json()).toEqual(unknownProfile);
      expect((await get(who, `/api/profiles/${other.id}/images`)).statusCode).toBe(404);
    }

    expect((await db.select().from(hellos).where(eq(hellos.id, unrelated)))[0]!.status).toBe('pending');
  });

  it('a block racing an accept or a hi back never leaves an active match behind', async () => {
    for (let round = 0; round < 4; round += 1) {
      const a = await createMember(t);
      const b = await createMember(t);
      const helloId = (await sayHi(t, b, a.id)).json().hello.id as string;
      const answer = round % 2 === 0
        ? () => injectAs(t, a, { method: 'POST', url: `/api/hellos/${helloId}/accept` })
        : () => sayHi(t, a, b.id);
      const [blocked, answered] = await Promise.all([block(b, a.id), answer()]);
      expect(blocked.statusCode).toBe(204);
      expect([200, 201, 404]).toContain(answered.statusCode);
      expect((await matchRow(t, a.id, b.id))?.isActive ?? false, `round ${round}`).toBe(false);
      expect((await get(a, '/api/matches')).json().items, `round ${round}`).toEqual([]);
      const pending = await db.select().from(hellos).where(eq(hellos.status, 'pending'));
      expect(pending.filter((h) => [a.id, b.id].includes(h.senderId) && [a.id, b.id].includes(h.recipientId))).toEqual([]);
    }
  });

  it('withdraws pending hellos both ways', async () => {
    const a = await createMember(t);
    const b = await quickMember(t);
    const c = await quickMember(t);
    const mine = (await sayHi(t, a, b.id)).json().hello.id as string;
    const theirs = await insertHello(t, c.id, a.id);
    expect((await block(a, b.id)).statusCode).toBe(204);
    expect((await block(a, c.id)).statusCode).toBe(204);
    const statusOf = async (id: string) => (await db.select().from(hellos).where(eq(hellos.id, id)))[0]!.status;
    expect(await statusOf(mine)).toBe('withdrawn');
    expect(await statusOf(theirs)).toBe('withdrawn');
    expect((await get(a, '/api/hellos?direction=sent')).json().items).toEqual([]);
    expect((await get(a, '/api/hellos?direction=received')).json().items).toEqual([]);
  });

  it('unblock: visible again, the match stays ended; unblocking is the blocker\'s alone', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    await connect(t, a, b);
    const conversationId = await openChat(t, a, b.id);
    await sent(t, a, conversationId, 'hi');
    expect((await block(a, b.id)).statusCode).toBe(204);

    // b cannot lift a's block.
    expect((await unblock(b, a.id)).statusCode).toBe(204);
    expect(await blockRows(a.id)).toHaveLength(1);
    expect((await get(b, `/api/connections/with/${a.id}`)).statusCode).toBe(404);

    const res = await unblock(a, b.id);
    expect(res.statusCode).toBe(204);
    expect(await blockRows(a.id)).toHaveLength(0);
    expect((await get(b, `/api/connections/with/${a.id}`)).json()).toMatchObject({ blocked: false, matched: false, conversationId });
    expect((await get(a, `/api/connections/with/${b.id}`)).json()).toMatchObject({ blocked: false, matched: false });
    expect((await matchRow(t, a.id, b.id))?.isActive).toBe(false);
    // The history is readable again but nobody can send.
    const conv = (await get(a, `/api/conversations/${conversationId}`)).json();
    expect(conv).toMatchObject({ id: conversationId, canMessage: false });
    expect((await sendMessage(t, b, conversationId, { content: 'back?' })).statusCode).toBe(403);
    // Unblocking someone never blocked is a no-op.
    expect((await unblock(a, crypto.randomUUID())).statusCode).toBe(204);
  });

  it('refuses oneself (400) and unknown members (404); blocking twice is a no-op', async () => {
    const a = await createMember(t);
    const b = await quickMember(t);
    const self = await block(a, a.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: SAFETY_MESSAGES.cannotBlockSelf, fields: { userId: SAFETY_MESSAGES.cannotBlockSelf } } });
    const unknown = await block(a, crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(isErrorBody(unknown.json())).toBe(true);
    const bad = await block(a, 'someone');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ userId: 'Must be a valid id' });

    expect((await block(a, b.id)).statusCode).toBe(204);
    const first = (await blockRows(a.id))[0]!;
    expect((await block(a, b.id)).statusCode).toBe(204);
    const rows = await blockRows(a.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.createdAt).toEqual(first.createdAt);
    expect(await blockRows(b.id)).toHaveLength(0);
  });

  it('is open to community_only members', async () => {
    const limited = await createLimitedMember(t);
    const b = await quickMember(t);
    expect((await block(limited, b.id)).statusCode).toBe(204);
    expect((await listBlocks(limited)).json().items.map((x: BlockedMemberView) => x.member.id)).toEqual([b.id]);
    expect((await unblock(limited, b.id)).statusCode).toBe(204);
  });

  it('ignores fields the body does not define (no blocking on someone else\'s behalf)', async () => {
    const a = await createMember(t);
    const victim = await quickMember(t);
    const b = await quickMember(t);
    expect((await block(a, b.id, { blockerId: victim.id, blockedId: a.id })).statusCode).toBe(204);
    expect(await blockRows(a.id)).toEqual([expect.objectContaining({ blockedId: b.id })]);
    expect(await blockRows(victim.id)).toEqual([]);
  });
});

describe('GET /api/blocks', () => {
  it('lists the caller\'s blocks newest first, page by page, each exactly once', async () => {
    const a = await createMember(t);
    const others = await Promise.all(Array.from({ length: 5 }, () => quickMember(t, { fullName: 'Blocked One' })));
    for (const o of others) expect((await block(a, o.id)).statusCode).toBe(204);
    const times = ['2024-02-02T00:00:00.000300Z', '2024-02-02T00:00:00.000200Z', '2024-02-02T00:00:00.000100Z', '2024-02-02T00:00:00.000100Z', '2023-01-01T00:00:00Z'];
    for (const [i, o] of others.entries()) {
      await db.execute(sql`update ${blocks} set created_at = ${times[i]!}::timestamptz where blocker_id = ${a.id} and blocked_id = ${o.id}`);
    }
    // Someone else's block is not listed.
    const stranger = await createMember(t);
    expect((await block(stranger, others[0]!.id)).statusCode).toBe(204);

    const whole = (await listBlocks(a, 'limit=100')).json();
    expect(whole.nextCursor).toBeNull();
    expect(whole.items).toHaveLength(5);
    expect(new Set(whole.items.map((x: BlockedMemberView) => x.member.id))).toEqual(new Set(others.map((o) => o.id)));
    expect(whole.items[0]).toEqual({ member: expect.objectContaining({ id: others[0]!.id, fullName: 'Blocked One' }), blockedAt: '2024-02-02T00:00:00.000Z' });
    expect(Object.keys(whole.items[0].member).sort()).toEqual(['age', 'city', 'fullName', 'id', 'isVerified', 'profilePictureUrl', 'username']);
    for (const limit of [1, 2]) {
      const { items } = await allPages(async (cursor) => (await listBlocks(a, `limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`)).json());
      expect(items.map((x) => (x as BlockedMemberView).member.id), `limit ${limit}`).toEqual(whole.items.map((x: BlockedMemberView) => x.member.id));
    }
    expect((await listBlocks(stranger)).json().items).toHaveLength(1);
  });
});

describe('POST /api/reports', () => {
  it('stores the report for the moderators: 201 with its id', async () => {
    const a = await createMember(t);
    const b = await quickMember(t);
    const res = await report(a, { userId: b.id, reason: 'spam', details: '  Sends links to a shop  ' });
    expect(res.statusCode).toBe(201);
    expect(Object.keys(res.json())).toEqual(['id']);
    expect(await reportRow(res.json().id)).toMatchObject({
      reporterId: a.id,
      reportedUserId: b.id,
      reason: 'spam',
      details: 'Sends links to a shop',
      conversationId: null,
      messageId: null,
      status: 'open',
    });
    const noDetails = await report(a, { userId: b.id, reason: 'fake_profile', details: '   ' });
    expect(noDetails.statusCode).toBe(201);
    expect((await reportRow(noDetails.json().id)).details).toBeNull();
  });

  it('needs details for "other" and a known reason', async () => {
    const a = await createMember(t);
    const b = await quickMember(t);
    for (const details of [undefined, '', '   ']) {
      const res = await report(a, { userId: b.id, reason: 'other', ...(details === undefined ? {} : { details }) });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ details: SAFETY_MESSAGES.detailsRequired });
    }
    const reason = await report(a, { userId: b.id, reason: 'rude' });
    expect(reason.json().error.fields).toEqual({ reason: SAFETY_MESSAGES.reasonRequired });
    const long = await report(a, { userId: b.id, reason: 'spam', details: 'x'.repeat(1001) });
    expect(long.json().error.fields).toEqual({ details: SAFETY_MESSAGES.detailsTooLong });
    expect((await report(a, { userId: b.id, reason: 'other', details: 'He keeps asking for money' })).statusCode).toBe(201);
    expect(await db.select().from(reports).where(eq(reports.reporterId, a.id))).toHaveLength(1);
  });

  it('refuses oneself (400) and unknown members (404)', async () => {
    const a = await createMember(t);
    const self = await report(a, { userId: a.id, reason: 'spam' });
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toEqual({ code: 'VALIDATION_FAILED', message: SAFETY_MESSAGES.cannotReportSelf, fields: { userId: SAFETY_MESSAGES.cannotReportSelf } });
    expect((await report(a, { userId: crypto.randomUUID(), reason: 'spam' })).json()).toEqual(UNAVAILABLE);
  });

  it('accepts a conversation or message only when it is between the reporter and the reported member', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    const c = await createMember(t);
    await connect(t, a, b);
    await connect(t, b, c);
    await connect(t, a, c);
    const ab = await openChat(t, a, b.id);
    const bc = await openChat(t, b, c.id);
    const ac = await openChat(t, a, c.id);
    const fromB = await sent(t, b, ab, 'rude words');
    const inBC = await sent(t, b, bc, 'hello c');
    const inAC = await sent(t, c, ac, 'hello a');

    const ok = await report(a, { userId: b.id, reason: 'harassment', conversationId: ab, messageId: fromB.id });
    expect(ok.statusCode).toBe(201);
    expect(await reportRow(ok.json().id)).toMatchObject({ conversationId: ab, messageId: fromB.id, reportedUserId: b.id });
    expect((await report(a, { userId: b.id, reason: 'harassment', conversationId: ab })).statusCode).toBe(201);
    expect((await report(a, { userId: b.id, reason: 'harassment', messageId: fromB.id })).statusCode).toBe(201);

    const refused = [
      { conversationId: bc }, // a is not in it
      { messageId: inBC.id },
      { conversationId: ac }, // a's conversation, but not with b
      { messageId: inAC.id },
      { conversationId: ab, messageId: inAC.id }, // the message is not in that conversation
      { conversationId: crypto.randomUUID() },
      { messageId: crypto.randomUUID() },
    ];
    for (const where of refused) {
      const res = await report(a, { userId: b.id, reason: 'harassment', ...where });
      expect(res.statusCode, JSON.stringify(where)).toBe(404);
      expect(res.json()).toEqual(CONVERSATION_GONE);
    }
    expect(await db.select().from(reports).where(eq(reports.reporterId, a.id))).toHaveLength(3);
  });

  it('ignores fields the body does not define (no reporter or status of one\'s choosing)', async () => {
    const a = await createMember(t);
    const b = await quickMember(t);
    const someoneElse = await quickMember(t);
    const res = await report(a, { userId: b.id, reason: 'spam', reporterId: someoneElse.id, status: 'dismissed', reportedUserId: someoneElse.id });
    expect(res.statusCode).toBe(201);
    expect(await reportRow(res.json().id)).toMatchObject({ reporterId: a.id, reportedUserId: b.id, status: 'open' });
  });

  it('is open to community_only members', async () => {
    const limited = await createLimitedMember(t);
    const b = await quickMember(t);
    expect((await report(limited, { userId: b.id, reason: 'inappropriate' })).statusCode).toBe(201);
    expect((await injectAs(t, null, { method: 'POST', url: '/api/reports', payload: { userId: b.id, reason: 'spam' } })).statusCode).toBe(401);
  });
});
