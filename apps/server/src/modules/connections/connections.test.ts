import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { CONNECTION_MESSAGES, LIMITS, MESSAGING_MESSAGES, type DeckCardView, type DeckPage, type HelloView, type MatchView } from '@bayclub/shared';
import { DENIED, applyAs, buildTestApp, createLimitedMember, createMember, createRejectedApplicant, deactivate, injectAs, isErrorBody, type TestUser } from '../../test/helpers.js';
import { blocks, deckSkips, hellos, matches, profiles } from '../../db/schema/index.js';
import {
  allPages,
  connect,
  insertHello,
  insertMatch,
  matchRow,
  notificationsOf,
  openChat,
  quickMember,
  sayHi,
  sendMessage,
  setProfile,
} from './social-fixtures.js';

const t = await buildTestApp();
const db = t.ctx.database.db;

const UNAVAILABLE = { error: { code: 'NOT_FOUND', message: CONNECTION_MESSAGES.unavailable } };
const HELLO_GONE = { error: { code: 'NOT_FOUND', message: CONNECTION_MESSAGES.helloNotFound } };
const CARD_KEYS = ['age', 'bio', 'city', 'commonInterests', 'fullName', 'id', 'interests', 'isVerified', 'profilePictureUrl', 'saidHiToYou', 'username'];
const MEMBER_KEYS = ['age', 'city', 'fullName', 'id', 'isVerified', 'profilePictureUrl', 'username'];

const getDeck = (who: TestUser, query = '') => injectAs(t, who, { method: 'GET', url: `/api/say-hi/deck${query ? `?${query}` : ''}` });
const deckPage = async (who: TestUser, query: string): Promise<DeckPage> => {
  const res = await getDeck(who, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const deckIds = async (who: TestUser, query: string) => (await deckPage(who, `${query}&limit=50`)).items.map((c) => c.id);
const listHellos = (who: TestUser, query: string) => injectAs(t, who, { method: 'GET', url: `/api/hellos?${query}` });
const accept = (who: TestUser, id: string) => injectAs(t, who, { method: 'POST', url: `/api/hellos/${id}/accept` });
const decline = (who: TestUser, id: string) => injectAs(t, who, { method: 'POST', url: `/api/hellos/${id}/decline` });
const withdraw = (who: TestUser, id: string) => injectAs(t, who, { method: 'DELETE', url: `/api/hellos/${id}` });
const relationship = (who: TestUser, userId: string) => injectAs(t, who, { method: 'GET', url: `/api/connections/with/${userId}` });
const block = (who: TestUser, userId: string) => injectAs(t, who, { method: 'POST', url: '/api/blocks', payload: { userId } });
const helloRow = async (id: string) => (await db.select().from(hellos).where(eq(hellos.id, id)))[0]!;
const helloCountFrom = async (senderId: string) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(hellos).where(eq(hellos.senderId, senderId)))[0]!.n;

/**
 * Every member of this file is in every deck, so each deck test gives its candidates an age no other test
 * uses and filters on it: the deck then holds exactly the test's own candidates.
 */
let nextAge = 40;
const freshAge = () => {
  nextAge += 1;
  if (nextAge > LIMITS.ageMax) throw new Error('out of ages');
  return nextAge;
};
const onlyAge = (age: number) => `ageMin=${age}&ageMax=${age}`;

describe('GET /api/say-hi/deck', () => {
  it('lists only other active full_platform members, with the card fields and nothing more', async () => {
    const age = freshAge();
    const viewer = await createMember(t);
    await setProfile(t, viewer.id, { age, interests: ['Beach', 'Coffee', 'Yoga'] });
    const ok = await quickMember(t, { age, interests: ['Yoga', 'Hiking', 'Coffee'], bio: 'Hi there' });
    const gone = await quickMember(t, { age });
    await deactivate(t, gone.id);
    await quickMember(t, { age, accountType: 'community_only', applicationStatus: 'approved' });
    await quickMember(t, { age, accountType: 'community_only', applicationStatus: 'rejected' });
    await quickMember(t, { age, accountType: 'community_only', applicationStatus: 'pending' });

    const page = await deckPage(viewer, onlyAge(age));
    expect(page.items.map((c) => c.id)).toEqual([ok.id]);
    const card = page.items[0]!;
    expect(Object.keys(card).sort()).toEqual(CARD_KEYS);
    expect(card).toMatchObject({ age, bio: 'Hi there', interests: ['Yoga', 'Hiking', 'Coffee'], saidHiToYou: false });
    // The viewer's interests this member shares, in the member's order.
    expect(card.commonInterests).toEqual(['Yoga', 'Coffee']);
    expect(page.nextCursor).toBeNull();
    expect(page.remainingToday).toBe(LIMITS.hellosPerDay);
  });

  it('leaves out matched members, anyone the viewer said hi to, declined hellos, blocks both ways and recent skips', async () => {
    const age = freshAge();
    const viewer = await createMember(t);
    const m = async () => (await quickMember(t, { age })).id;
    const [fresh, matched, hiPending, hiDeclined, hiWithdrawn, declinedByMe, blockedByMe, blockedMe, skipped, skippedLongAgo, saidHiToMe] =
      await Promise.all(Array.from({ length: 11 }, m));

    await insertMatch(t, viewer.id, matched!);
    expect((await sayHi(t, viewer, hiPending!)).statusCode).toBe(201);
    const declinedHello = (await sayHi(t, viewer, hiDeclined!)).json().hello.id;
    await db.update(hellos).set({ status: 'declined' }).where(eq(hellos.id, declinedHello));
    const withdrawnHello = (await sayHi(t, viewer, hiWithdrawn!)).json().hello.id;
    expect((await withdraw(viewer, withdrawnHello)).statusCode).toBe(204);
    const theirs = await insertHello(t, declinedByMe!, viewer.id);
    expect((await decline(viewer, theirs)).statusCode).toBe(204);
    expect((await block(viewer, blockedByMe!)).statusCode).toBe(204);
    await db.insert(blocks).values({ blockerId: blockedMe!, blockedId: viewer.id });
    for (const id of [skipped!, skippedLongAgo!]) {
      const res = await injectAs(t, viewer, { method: 'POST', url: '/api/say-hi/skip', payload: { userId: id } });
      expect(res.statusCode).toBe(204);
    }
    await insertHello(t, saidHiToMe!, viewer.id);

    // A skip hides the member for 30 days: 29 days ago still hides, 31 days ago no longer does.
    await db
      .update(deckSkips)
      .set({ createdAt: sql`now() - interval '29 days'` })
      .where(and(eq(deckSkips.userId, viewer.id), eq(deckSkips.skippedUserId, skipped!)));
    await db
      .update(deckSkips)
      .set({ createdAt: sql`now() - interval '31 days'` })
      .where(and(eq(deckSkips.userId, viewer.id), eq(deckSkips.skippedUserId, skippedLongAgo!)));

    const ids = await deckIds(viewer, onlyAge(age));
    expect(new Set(ids)).toEqual(new Set([fresh, skippedLongAgo, saidHiToMe]));
    expect(ids[0]).toBe(saidHiToMe);

    // And the other way round: the members who blocked or were blocked by the viewer do not see the viewer.
    const other = await createMember(t);
    await setProfile(t, other.id, { age });
    await db.insert(blocks).values({ blockerId: other.id, blockedId: fresh! });
    expect(await deckIds(other, onlyAge(age))).not.toContain(fresh);
  });

  it('orders members who said hi first, then by interests in common, then newest', async () => {
    const age = freshAge();
    const viewer = await createMember(t);
    await setProfile(t, viewer.id, { interests: ['Beach', 'Coffee', 'Yoga'] });
    const saidHi = await quickMember(t, { age, interests: [] });
    const three = await quickMember(t, { age, interests: ['Yoga', 'Beach', 'Coffee', 'Music'] });
    const two = await quickMember(t, { age, interests: ['Coffee', 'Beach'] });
    const oneOld = await quickMember(t, { age, interests: ['Beach'], createdAt: new Date('2024-01-01T00:00:00Z') });
    const oneNew = await quickMember(t, { age, interests: ['Coffee'], createdAt: new Date('2024-06-01T00:00:00Z') });
    const none = await quickMember(t, { age, interests: ['Music'] });
    await insertHello(t, saidHi.id, viewer.id);

    const page = await deckPage(viewer, `${onlyAge(age)}&limit=50`);
    expect(page.items.map((c) => c.id)).toEqual([saidHi.id, three.id, two.id, oneNew.id, oneOld.id, none.id]);
    expect(page.items.map((c) => c.saidHiToYou)).toEqual([true, false, false, false, false, false]);
    expect(page.items.map((c) => c.commonInterests.length)).toEqual([0, 3, 2, 1, 1, 0]);
  });

  it('filters by city, by any of the interests and by age range', async () => {
    const low = freshAge();
    const mid = freshAge();
    const high = freshAge();
    const viewer = await createMember(t);
    const a = await quickMember(t, { age: low, city: 'sarasota', interests: ['Hiking'] });
    const b = await quickMember(t, { age: mid, city: 'sarasota', interests: ['Camping', 'Music'] });
    const c = await quickMember(t, { age: high, city: 'lakeland', interests: ['Hiking'] });
    const d = await quickMember(t, { age: mid, city: 'lakeland', interests: ['Music'] });
    const range = `ageMin=${low}&ageMax=${high}`;

    expect(new Set(await deckIds(viewer, range))).toEqual(new Set([a.id, b.id, c.id, d.id]));
    expect(new Set(await deckIds(viewer, `${range}&city=sarasota`))).toEqual(new Set([a.id, b.id]));
    expect(new Set(await deckIds(viewer, `${range}&interests=${encodeURIComponent('Hiking,Camping')}`))).toEqual(new Set([a.id, b.id, c.id]));
    expect(new Set(await deckIds(viewer, `${range}&city=lakeland&interests=Hiking`))).toEqual(new Set([c.id]));
    expect(new Set(await deckIds(viewer, `ageMin=${mid}&ageMax=${high}`))).toEqual(new Set([b.id, c.id, d.id]));
    expect(new Set(await deckIds(viewer, `ageMin=${low}&ageMax=${mid}&city=lakeland`))).toEqual(new Set([d.id]));
  });

  it('refuses invalid filters with a message per field', async () => {
    const viewer = await createMember(t);
    const bad = async (query: string) => {
      const res = await getDeck(viewer, query);
      expect(res.statusCode, query).toBe(400);
      expect(isErrorBody(res.json())).toBe(true);
      return res.json().error.fields as Record<string, string>;
    };
    expect(await bad('ageMin=40&ageMax=30')).toEqual({ ageMin: CONNECTION_MESSAGES.ageRange });
    expect((await bad('city=paris')).city).toBe('Please choose a city');
    expect(Object.entries(await bad('interests=Beach,Knitting%20Nope'))).toEqual([[expect.stringMatching(/^interests/), 'Unknown interest']]);
    expect(Object.keys(await bad('ageMin=5'))).toEqual(['ageMin']);
    expect(Object.keys(await bad('ageMax=101'))).toEqual(['ageMax']);
    expect(Object.keys(await bad('limit=0'))).toEqual(['limit']);
    expect(Object.keys(await bad('limit=51'))).toEqual(['limit']);
    expect(await bad(`cursor=${Buffer.from('{"h":true}').toString('base64url')}`)).toEqual({ cursor: 'Invalid cursor' });
    const many = ['Beach', 'Coffee', 'Yoga', 'Music', 'Art', 'Food', 'Travel', 'Hiking', 'Movies', 'Gaming', 'Reading', 'Writing', 'Dancing', 'Nature', 'Sports', 'Science'];
    expect(Object.keys(await bad(`interests=${encodeURIComponent(many.join(','))}`))).toEqual(['interests']);
  });

  it('pages through every candidate exactly once, also when their times differ only in microseconds', async () => {
    const age = freshAge();
    const viewer = await createMember(t);
    const times = [
      '2024-05-01T10:00:00.123456Z',
      '2024-05-01T10:00:00.123400Z',
      '2024-05-01T10:00:00.123300Z',
      '2024-05-01T10:00:00.200000Z',
      '2024-05-01T10:00:00.200000Z',
      '2024-04-01T08:00:00.000001Z',
      null,
    ];
    const ids: string[] = [];
    for (const at of times) {
      const m = await quickMember(t, { age });
      if (at) await db.execute(sql`update ${profiles} set created_at = ${at}::timestamptz where id = ${m.id}`);
      ids.push(m.id);
    }
    // One of them said hi: the ordering then spans two said_hi groups as well.
    await insertHello(t, ids[2]!, viewer.id);

    const whole = (await deckPage(viewer, `${onlyAge(age)}&limit=50`)).items.map((c) => c.id);
    expect(new Set(whole)).toEqual(new Set(ids));
    for (const limit of [1, 2, 3]) {
      const { items, pages } = await allPages(async (cursor) =>
        deckPage(viewer, `${onlyAge(age)}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`),
      );
      expect(items.map((c: DeckCardView) => c.id), `limit ${limit}`).toEqual(whole);
      expect(pages).toBe(Math.ceil(ids.length / limit));
    }
  });

  it('counts the hellos left today', async () => {
    const viewer = await createMember(t);
    const a = await quickMember(t);
    const b = await quickMember(t);
    expect((await deckPage(viewer, 'limit=1')).remainingToday).toBe(30);
    expect((await sayHi(t, viewer, a.id)).json().remainingToday).toBe(29);
    expect((await sayHi(t, viewer, b.id)).json().remainingToday).toBe(28);
    expect((await deckPage(viewer, 'limit=1')).remainingToday).toBe(28);
  });

  it('is for full_platform members only', async () => {
    const limited = await createLimitedMember(t);
    expect((await getDeck(limited)).json()).toEqual(DENIED);
    expect((await getDeck(limited)).statusCode).toBe(403);
    const res = await injectAs(t, null, { method: 'GET', url: '/api/say-hi/deck' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/say-hi/skip', () => {
  it('refuses oneself and members one cannot meet', async () => {
    const viewer = await createMember(t);
    const self = await injectAs(t, viewer, { method: 'POST', url: '/api/say-hi/skip', payload: { userId: viewer.id } });
    expect(self.statusCode).toBe(400);
    const unknown = await injectAs(t, viewer, { method: 'POST', url: '/api/say-hi/skip', payload: { userId: crypto.randomUUID() } });
    expect(unknown.json()).toEqual(UNAVAILABLE);
  });

  it('skipping again restarts the 30 days', async () => {
    const age = freshAge();
    const viewer = await createMember(t);
    const m = await quickMember(t, { age });
    const skip = () => injectAs(t, viewer, { method: 'POST', url: '/api/say-hi/skip', payload: { userId: m.id } });
    expect((await skip()).statusCode).toBe(204);
    await db.update(deckSkips).set({ createdAt: sql`now() - interval '40 days'` }).where(eq(deckSkips.userId, viewer.id));
    expect(await deckIds(viewer, onlyAge(age))).toEqual([m.id]);
    expect((await skip()).statusCode).toBe(204);
    expect(await deckIds(viewer, onlyAge(age))).toEqual([]);
  });
});

describe('POST /api/hellos', () => {
  it('says hi: 201, a pending hello, and a notification for the recipient that opens the received hellos', async () => {
    const sender = await createMember(t);
    const recipient = await createMember(t);
    const res = await sayHi(t, sender, recipient.id, '  Hello from the beach  ');
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ status: 'sent', match: null, remainingToday: 29 });
    expect(body.hello).toMatchObject({ direction: 'sent', status: 'pending', note: 'Hello from the beach' });
    expect(body.hello.member.id).toBe(recipient.id);
    expect(Object.keys(body.hello.member).sort()).toEqual(MEMBER_KEYS);

    const row = await helloRow(body.hello.id);
    expect(row).toMatchObject({ senderId: sender.id, recipientId: recipient.id, status: 'pending', note: 'Hello from the beach' });

    const notes = await notificationsOf(t, recipient.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: 'other', relatedId: body.hello.id, path: '/connections?tab=received', readAt: null });
    const list = await injectAs(t, recipient, { method: 'GET', url: '/api/notifications' });
    expect(list.json().items[0].href).toBe('/connections?tab=received');
    // The sender is not notified of their own hello.
    expect(await notificationsOf(t, sender.id)).toHaveLength(0);
  });

  it('refuses a second hello to the same member, whatever became of the first', async () => {
    const sender = await createMember(t);
    const m = await quickMember(t);
    const first = await sayHi(t, sender, m.id);
    expect(first.statusCode).toBe(201);
    const again = await sayHi(t, sender, m.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: { code: 'CONFLICT', message: CONNECTION_MESSAGES.alreadySaid } });
    expect((await withdraw(sender, first.json().hello.id)).statusCode).toBe(204);
    expect((await sayHi(t, sender, m.id)).json()).toEqual({ error: { code: 'CONFLICT', message: CONNECTION_MESSAGES.alreadySaid } });
    expect(await helloCountFrom(sender.id)).toBe(1);
  });

  it('refuses a member one is already connected with', async () => {
    const sender = await createMember(t);
    const m = await quickMember(t);
    await insertMatch(t, sender.id, m.id);
    const res = await sayHi(t, sender, m.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'CONFLICT', message: CONNECTION_MESSAGES.alreadyConnected } });
  });

  it('answers 404 "not available" for unknown, deactivated, community_only and blocked members, 400 for oneself', async () => {
    const sender = await createMember(t);
    const gone = await quickMember(t);
    await deactivate(t, gone.id);
    const limited = await quickMember(t, { accountType: 'community_only', applicationStatus: 'approved' });
    const pending = await applyAs(t);
    const blockedByMe = await quickMember(t);
    const blockedMe = await quickMember(t);
    expect((await block(sender, blockedByMe.id)).statusCode).toBe(204);
    await db.insert(blocks).values({ blockerId: blockedMe.id, blockedId: sender.id });

    for (const id of [crypto.randomUUID(), gone.id, limited.id, pending.id, blockedByMe.id, blockedMe.id]) {
      const res = await sayHi(t, sender, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual(UNAVAILABLE);
    }
    const self = await sayHi(t, sender, sender.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(CONNECTION_MESSAGES.ownProfile);
    expect(await helloCountFrom(sender.id)).toBe(0);
  });

  it('validates the body', async () => {
    const sender = await createMember(t);
    const m = await quickMember(t);
    const bad = await injectAs(t, sender, { method: 'POST', url: '/api/hellos', payload: { userId: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ userId: 'Must be a valid id' });
    const long = await sayHi(t, sender, m.id, 'x'.repeat(LIMITS.helloNoteMax + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual({ note: CONNECTION_MESSAGES.noteTooLong });
    expect((await sayHi(t, sender, m.id, 'x'.repeat(LIMITS.helloNoteMax))).statusCode).toBe(201);
  });

  it('a hi back makes a match: both hellos accepted, one active match with the smaller id first, both notified', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    const first = await sayHi(t, a, b.id);
    expect(first.json().status).toBe('sent');
    const back = await sayHi(t, b, a.id, 'Hi back');
    expect(back.statusCode).toBe(201);
    const body = back.json();
    expect(body.status).toBe('matched');
    expect(body.hello).toMatchObject({ status: 'accepted', direction: 'sent' });
    expect(body.match).toMatchObject({ member: { id: a.id }, conversationId: null });

    const match = await matchRow(t, a.id, b.id);
    expect(match).toMatchObject({ id: body.match.id, isActive: true, user1Id: [a.id, b.id].sort()[0], user2Id: [a.id, b.id].sort()[1] });
    expect((await helloRow(first.json().hello.id)).status).toBe('accepted');
    expect((await helloRow(body.hello.id)).status).toBe('accepted');

    for (const who of [a, b]) {
      const matchNotes = (await notificationsOf(t, who.id)).filter((n) => n.relatedId === match!.id);
      expect(matchNotes, who.id).toHaveLength(1);
      expect(matchNotes[0]).toMatchObject({ type: 'other', title: "It's a match!", path: '/connections?tab=matches' });
    }
    // The pending lists no longer hold either hello.
    expect((await listHellos(a, 'direction=sent')).json().items).toEqual([]);
    expect((await listHellos(a, 'direction=received')).json().items).toEqual([]);
  });

  it('two members saying hi to each other at the same moment end up matched', async () => {
    for (let round = 0; round < 4; round += 1) {
      const a = await createMember(t);
      const b = await createMember(t);
      const [x, y] = await Promise.all([sayHi(t, a, b.id), sayHi(t, b, a.id)]);
      expect([x.statusCode, y.statusCode]).toEqual([201, 201]);
      expect([x.json().status, y.json().status].sort()).toEqual(['matched', 'sent']);
      expect((await matchRow(t, a.id, b.id))?.isActive).toBe(true);
    }
  });

  it('allows 30 hellos a day: the 31st is 429 DAILY_LIMIT; hellos older than 24 hours no longer count', async () => {
    const sender = await createMember(t);
    const targets = await Promise.all(Array.from({ length: 31 }, () => quickMember(t)));
    for (const target of targets.slice(0, 30)) expect((await sayHi(t, sender, target.id)).statusCode).toBe(201);
    const over = await sayHi(t, sender, targets[30]!.id);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ error: { code: 'DAILY_LIMIT', message: CONNECTION_MESSAGES.dailyLimit } });
    expect(CONNECTION_MESSAGES.dailyLimit).toBe("You've said hi to 30 members today. You can say hi to more tomorrow.");
    expect((await deckPage(sender, 'limit=1')).remainingToday).toBe(0);
    expect(await helloCountFrom(sender.id)).toBe(30);

    await db.update(hellos).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(hellos.senderId, sender.id));
    expect((await deckPage(sender, 'limit=1')).remainingToday).toBe(30);
    expect((await sayHi(t, sender, targets[30]!.id)).statusCode).toBe(201);
  });

  it('holds the daily limit under 35 concurrent hellos: exactly 30 succeed', async () => {
    const sender = await createMember(t);
    const targets = await Promise.all(Array.from({ length: 35 }, () => quickMember(t)));
    const results = await Promise.all(targets.map((target) => sayHi(t, sender, target.id)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(30);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    for (const r of results.filter((x) => x.statusCode === 429)) expect(r.json().error.code).toBe('DAILY_LIMIT');
    // Serialised: each success saw the ones before it.
    const remaining = results.filter((r) => r.statusCode === 201).map((r) => r.json().remainingToday as number);
    expect(remaining.sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(await helloCountFrom(sender.id)).toBe(30);
  });

  it('ignores fields the body does not define (no choosing the sender or the status)', async () => {
    const sender = await createMember(t);
    const other = await quickMember(t);
    const target = await quickMember(t);
    const res = await injectAs(t, sender, {
      method: 'POST',
      url: '/api/hellos',
      payload: { userId: target.id, senderId: other.id, status: 'accepted', recipientId: other.id, isActive: true },
    });
    expect(res.statusCode).toBe(201);
    const row = await helloRow(res.json().hello.id);
    expect(row).toMatchObject({ senderId: sender.id, recipientId: target.id, status: 'pending' });
    expect(await matchRow(t, sender.id, target.id)).toBeNull();
  });
});

describe('accept, decline and withdraw', () => {
  it('accept: only the recipient, once; makes the match and notifies both', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    const outsider = await createMember(t);
    const helloId = (await sayHi(t, a, b.id)).json().hello.id as string;

    expect((await accept(outsider, helloId)).json()).toEqual(HELLO_GONE);
    expect((await accept(a, helloId)).json()).toEqual(HELLO_GONE);
    expect((await accept(b, crypto.randomUUID())).json()).toEqual(HELLO_GONE);
    expect(await matchRow(t, a.id, b.id)).toBeNull();

    const res = await accept(b, helloId);
    expect(res.statusCode, res.body).toBe(200);
    const { match } = res.json() as { match: MatchView };
    expect(Object.keys(res.json())).toEqual(['match']);
    expect(match.member.id).toBe(a.id);
    expect(match.conversationId).toBeNull();
    expect((await matchRow(t, a.id, b.id))).toMatchObject({ id: match.id, isActive: true });
    expect((await helloRow(helloId)).status).toBe('accepted');
    for (const who of [a, b]) {
      expect((await notificationsOf(t, who.id)).filter((n) => n.relatedId === match.id && n.title === "It's a match!")).toHaveLength(1);
    }
    expect((await accept(b, helloId)).statusCode).toBe(404);
    expect((await decline(b, helloId)).statusCode).toBe(404);
    expect((await withdraw(a, helloId)).statusCode).toBe(404);
  });

  it('decline: only the recipient; the hello leaves both lists and the sender is not told', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    const helloId = (await sayHi(t, a, b.id)).json().hello.id as string;
    expect((await listHellos(b, 'direction=received')).json().items.map((h: HelloView) => h.id)).toEqual([helloId]);
    expect((await decline(a, helloId)).json()).toEqual(HELLO_GONE);

    const res = await decline(b, helloId);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await helloRow(helloId)).status).toBe('declined');
    expect((await listHellos(b, 'direction=received')).json().items).toEqual([]);
    expect((await listHellos(a, 'direction=sent')).json().items).toEqual([]);
    expect(await notificationsOf(t, a.id)).toHaveLength(0);
    expect(await matchRow(t, a.id, b.id)).toBeNull();
    // Neither sees the other in Say Hi any more.
    expect(await deckIds(a, 'ageMin=30&ageMax=30')).not.toContain(b.id);
    expect(await deckIds(b, 'ageMin=30&ageMax=30')).not.toContain(a.id);
  });

  it('withdraw: only the sender', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    const helloId = (await sayHi(t, a, b.id)).json().hello.id as string;
    expect((await withdraw(b, helloId)).json()).toEqual(HELLO_GONE);
    expect((await helloRow(helloId)).status).toBe('pending');
    expect((await withdraw(a, helloId)).statusCode).toBe(204);
    expect((await helloRow(helloId)).status).toBe('withdrawn');
    expect((await listHellos(b, 'direction=received')).json().items).toEqual([]);
    expect((await withdraw(a, helloId)).statusCode).toBe(404);
    expect((await accept(b, helloId)).statusCode).toBe(404);
  });
});

describe('GET /api/hellos', () => {
  it('lists pending received hellos newest first, page by page, each exactly once', async () => {
    const me = await createMember(t);
    const times = [
      '2024-03-01T12:00:00.500001Z',
      '2024-03-01T12:00:00.500200Z',
      '2024-03-01T12:00:00.500300Z',
      '2024-03-01T12:00:00.600000Z',
      '2024-03-01T12:00:00.600000Z',
      '2024-02-01T12:00:00.000000Z',
    ];
    const expected: string[] = [];
    for (const at of times) expected.push(await insertHello(t, (await quickMember(t)).id, me.id, { createdAt: at, note: 'hey' }));
    // Not listed: answered hellos, deactivated senders, blocked senders.
    await insertHello(t, (await quickMember(t)).id, me.id, { status: 'declined' });
    const gone = await quickMember(t);
    await insertHello(t, gone.id, me.id);
    await deactivate(t, gone.id);
    const blockedOne = await quickMember(t);
    await insertHello(t, blockedOne.id, me.id);
    await db.insert(blocks).values({ blockerId: me.id, blockedId: blockedOne.id });

    const whole = (await listHellos(me, 'direction=received&limit=100')).json();
    expect(whole.nextCursor).toBeNull();
    expect(new Set(whole.items.map((h: HelloView) => h.id))).toEqual(new Set(expected));
    expect(whole.items.every((h: HelloView) => h.direction === 'received' && h.status === 'pending' && h.note === 'hey')).toBe(true);
    const created = whole.items.map((h: HelloView) => h.createdAt);
    expect([...created].sort().reverse()).toEqual(created);

    for (const limit of [1, 2, 4]) {
      const { items } = await allPages(async (cursor) => (await listHellos(me, `direction=received&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`)).json());
      expect(items.map((h) => (h as HelloView).id), `limit ${limit}`).toEqual(whole.items.map((h: HelloView) => h.id));
    }
  });

  it('lists sent hellos with the recipient, and validates the query', async () => {
    const me = await createMember(t);
    const targets = [await quickMember(t), await quickMember(t), await quickMember(t)];
    for (const target of targets) expect((await sayHi(t, me, target.id)).statusCode).toBe(201);
    const sentPage = (await listHellos(me, 'direction=sent')).json();
    expect(sentPage.items.map((h: HelloView) => h.member.id)).toEqual(targets.map((x) => x.id).reverse());
    expect(sentPage.items.every((h: HelloView) => h.direction === 'sent')).toBe(true);
    // The default direction is received.
    expect((await listHellos(me, '')).json().items).toEqual([]);

    const bad = await listHellos(me, 'direction=both');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ direction: 'Must be received or sent' });
    const badCursor = await listHellos(me, 'cursor=abc');
    expect(badCursor.json().error.fields).toEqual({ cursor: 'Invalid cursor' });
  });
});

describe('matches', () => {
  it('lists active matches newest first with the conversation id once the chat is opened, page by page', async () => {
    const me = await createMember(t);
    const friend = await createMember(t);
    const others = [await quickMember(t), await quickMember(t), await quickMember(t)];
    const times = ['2024-01-05T00:00:00.000300Z', '2024-01-05T00:00:00.000200Z', '2024-01-05T00:00:00.000100Z'];
    for (const [i, o] of others.entries()) {
      const id = await insertMatch(t, me.id, o.id);
      await db.execute(sql`update ${matches} set updated_at = ${times[i]!}::timestamptz where id = ${id}`);
    }
    const ended = await quickMember(t);
    await insertMatch(t, me.id, ended.id, false);
    const gone = await quickMember(t);
    await insertMatch(t, me.id, gone.id);
    await deactivate(t, gone.id);
    const matchId = await connect(t, me, friend);

    const list = async (q: string) => (await injectAs(t, me, { method: 'GET', url: `/api/matches?${q}` })).json();
    const whole = await list('limit=100');
    expect(whole.items.map((m: MatchView) => m.member.id)).toEqual([friend.id, ...others.map((o) => o.id)]);
    expect(whole.items[0]).toMatchObject({ id: matchId, conversationId: null });
    expect(Object.keys(whole.items[0].member).sort()).toEqual(MEMBER_KEYS);
    for (const limit of [1, 2]) {
      const { items } = await allPages(async (cursor) => list(`limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`));
      expect(items.map((m) => (m as MatchView).id)).toEqual(whole.items.map((m: MatchView) => m.id));
    }

    const conversationId = await openChat(t, friend, me.id);
    expect((await list('limit=1')).items[0]).toMatchObject({ id: matchId, conversationId });
    const friendsView = (await injectAs(t, friend, { method: 'GET', url: '/api/matches' })).json();
    expect(friendsView.items).toEqual([expect.objectContaining({ id: matchId, conversationId, member: expect.objectContaining({ id: me.id }) })]);
  });

  it('unmatch: only a participant; the match ends and messaging stops both ways at once', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    const outsider = await createMember(t);
    const matchId = await connect(t, a, b);
    const conversationId = await openChat(t, a, b.id);
    expect((await sendMessage(t, a, conversationId, { content: 'hello' })).statusCode).toBe(201);

    const foreign = await injectAs(t, outsider, { method: 'DELETE', url: `/api/matches/${matchId}` });
    expect(foreign.statusCode).toBe(404);
    expect((await matchRow(t, a.id, b.id))?.isActive).toBe(true);

    const res = await injectAs(t, b, { method: 'DELETE', url: `/api/matches/${matchId}` });
    expect(res.statusCode).toBe(204);
    expect((await matchRow(t, a.id, b.id))?.isActive).toBe(false);
    expect((await injectAs(t, a, { method: 'DELETE', url: `/api/matches/${matchId}` })).statusCode).toBe(404);
    expect((await injectAs(t, a, { method: 'GET', url: '/api/matches' })).json().items).toEqual([]);

    for (const who of [a, b]) {
      const send = await sendMessage(t, who, conversationId, { content: 'still there?' });
      expect(send.statusCode).toBe(403);
      expect(send.json()).toEqual({ error: { code: 'NO_MATCH', message: MESSAGING_MESSAGES.sendFailed } });
    }
    const rel = (await relationship(a, b.id)).json();
    expect(rel).toMatchObject({ matched: false, matchId: null, conversationId });
  });
});

describe('GET /api/connections/with/:userId', () => {
  it('describes each state of the relationship', async () => {
    const me = await createMember(t);
    const other = await createMember(t);
    const base = { userId: other.id, matchId: null, matched: false, conversationId: null, helloSent: null, helloReceived: null, helloSentId: null, helloReceivedId: null, blocked: false };
    expect((await relationship(me, other.id)).json()).toEqual(base);

    const mine = (await sayHi(t, me, other.id)).json().hello.id;
    expect((await relationship(me, other.id)).json()).toEqual({ ...base, helloSent: 'pending', helloSentId: mine });
    expect((await relationship(other, me.id)).json()).toEqual({ ...base, userId: me.id, helloReceived: 'pending', helloReceivedId: mine });

    const { match } = (await accept(other, mine)).json();
    expect((await relationship(me, other.id)).json()).toEqual({ ...base, helloSent: 'accepted', matchId: match.id, matched: true });
    const conversationId = await openChat(t, me, other.id);
    expect((await relationship(other, me.id)).json()).toEqual({ ...base, userId: me.id, helloReceived: 'accepted', matchId: match.id, matched: true, conversationId });

    expect((await block(me, other.id)).statusCode).toBe(204);
    expect((await relationship(me, other.id)).json()).toEqual({ ...base, helloSent: 'accepted', conversationId, blocked: true });
    const blockedView = await relationship(other, me.id);
    expect(blockedView.statusCode).toBe(404);
    expect(blockedView.json()).toEqual(UNAVAILABLE);
  });

  it('answers 404 for unknown and deactivated members, and oneself', async () => {
    const me = await createMember(t);
    const gone = await quickMember(t);
    await deactivate(t, gone.id);
    for (const id of [crypto.randomUUID(), gone.id, me.id]) expect((await relationship(me, id)).json()).toEqual(UNAVAILABLE);
    expect((await relationship(me, 'nope')).statusCode).toBe(400);
  });

  it('is open to community_only members (they may block and unblock)', async () => {
    const limited = await createLimitedMember(t);
    const other = await quickMember(t);
    const res = await relationship(limited, other.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().blocked).toBe(false);
    expect((await sayHi(t, limited, other.id)).json()).toEqual(DENIED);
  });

  it('applicants (pending, rejected) see no one: 404 "not available", as for an unknown member (decision 009)', async () => {
    const other = await quickMember(t);
    for (const applicant of [await applyAs(t), await createRejectedApplicant(t)]) {
      for (const id of [other.id, crypto.randomUUID()]) {
        const res = await relationship(applicant, id);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: CONNECTION_MESSAGES.unavailable } });
      }
    }
  });
});
