import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { CONNECTION_MESSAGES, LIMITS, MESSAGING_MESSAGES, type ConversationView, type MessagePage, type MessageView } from '@bayclub/shared';
import { DENIED, buildTestApp, createLimitedMember, createMember, deactivate, injectAs, isErrorBody, setSettings, type TestUser } from '../../test/helpers.js';
import { chatAttachments, conversations, matches, messages } from '../../db/schema/index.js';
import { BUS_CHANNEL, type BusEvent } from '../../platform/bus.js';
import { STATEMENT_COUNT_HEADER } from '../../platform/statement-count.js';
import {
  allPages,
  connect,
  insertAttachment,
  insertMatch,
  notificationsOf,
  openChat,
  quickMember,
  sendMessage,
  sent,
} from '../connections/social-fixtures.js';

// Statement counts in a header: a send's cost is checked below (issue 25).
const t = await buildTestApp({ BENCH_COUNT_SQL: true });
const db = t.ctx.database.db;

const GONE = { error: { code: 'NOT_FOUND', message: MESSAGING_MESSAGES.notFound } };
const MESSAGE_GONE = { error: { code: 'NOT_FOUND', message: 'This message is not available' } };
const NO_MATCH_SEND = { error: { code: 'NO_MATCH', message: MESSAGING_MESSAGES.sendFailed } };
const NO_MATCH_OPEN = { error: { code: 'NO_MATCH', message: MESSAGING_MESSAGES.noMatch } };
const UNAVAILABLE = { error: { code: 'NOT_FOUND', message: CONNECTION_MESSAGES.unavailable } };
const CONVERSATION_KEYS = ['canMessage', 'id', 'lastMessage', 'member', 'otherLastReadSeq', 'unreadCount', 'updatedAt'];
const MESSAGE_KEYS = ['clientId', 'content', 'conversationId', 'createdAt', 'id', 'mediaUrls', 'messageType', 'senderId', 'seq'];

const get = (who: TestUser, url: string) => injectAs(t, who, { method: 'GET', url });
const post = (who: TestUser, url: string, payload?: object) => injectAs(t, who, { method: 'POST', url, ...(payload ? { payload } : {}) });
const conversation = async (who: TestUser, id: string): Promise<ConversationView> => {
  const res = await get(who, `/api/conversations/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const inbox = async (who: TestUser, query = 'limit=100') => (await get(who, `/api/conversations?${query}`)).json() as { items: ConversationView[]; nextCursor: string | null };
const page = async (who: TestUser, id: string, query = ''): Promise<MessagePage> => {
  const res = await get(who, `/api/conversations/${id}/messages${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const unread = async (who: TestUser) => (await get(who, '/api/messages/unread-count')).json().count as number;
const markRead = (who: TestUser, id: string) => post(who, `/api/conversations/${id}/read`);
const rowsOfConversation = (id: string) => db.select().from(messages).where(eq(messages.conversationId, id));
const messageNotes = async (userId: string, conversationId: string) =>
  (await notificationsOf(t, userId)).filter((n) => n.type === 'message' && n.relatedId === conversationId);

/** Two matched members and their open conversation. */
async function chatPair() {
  const a = await createMember(t);
  const b = await createMember(t);
  await insertMatch(t, a.id, b.id);
  const id = await openChat(t, a, b.id);
  return { a, b, id };
}

describe('GET /api/conversations (the inbox)', () => {
  it('lists the conversations newest first with the last message, unread counts and the other member', async () => {
    const me = await createMember(t);
    const [p1, p2, p3, p4] = [await createMember(t), await createMember(t), await createMember(t), await createMember(t)];
    for (const p of [p1, p2, p3, p4]) await insertMatch(t, me.id, p!.id);
    const c1 = await openChat(t, me, p1!.id);
    const c2 = await openChat(t, p2!, me.id);
    const c3 = await openChat(t, me, p3!.id);
    const empty = await openChat(t, me, p4!.id);

    await sent(t, p1!, c1, 'one');
    const mine = await sent(t, me, c2, 'two from me');
    await sent(t, p3!, c3, 'three');
    await sent(t, p3!, c3, 'three again https://example.com/x');
    const latest = await sent(t, p1!, c1, 'one again');

    const list = await inbox(me);
    expect(list.items.map((c) => c.id)).toEqual([c1, c3, c2, empty]);
    const [v1, v3, v2, v4] = list.items;
    expect(Object.keys(v1!).sort()).toEqual(CONVERSATION_KEYS);
    expect(v1).toMatchObject({ unreadCount: 2, canMessage: true, member: { id: p1!.id } });
    expect(v1!.lastMessage).toEqual({ senderId: p1!.id, content: 'one again', messageType: 'text', createdAt: expect.any(String) });
    expect(new Date(v1!.lastMessage!.createdAt).getTime()).toBeGreaterThan(0);
    expect(v3).toMatchObject({ unreadCount: 2, lastMessage: { senderId: p3!.id, messageType: 'link', content: 'three again https://example.com/x' } });
    // Own messages never count as unread.
    expect(v2).toMatchObject({ unreadCount: 0, lastMessage: { senderId: me.id, content: 'two from me' }, otherLastReadSeq: 0 });
    expect(v4).toMatchObject({ unreadCount: 0, lastMessage: null });
    expect(Object.keys(v1!.member!).sort()).toEqual(['age', 'city', 'fullName', 'id', 'isVerified', 'profilePictureUrl', 'username']);
    expect(await unread(me)).toBe(4);

    // Read receipts: p2 reads and my view shows how far.
    expect((await markRead(p2!, c2)).statusCode).toBe(200);
    expect((await conversation(me, c2)).otherLastReadSeq).toBe(mine.seq);
    // And my read mark is where my own message is: p1's view of c1 shows what I last sent or read.
    expect((await conversation(p1!, c1)).otherLastReadSeq).toBe(0);
    expect((await markRead(me, c1)).json()).toEqual({ lastReadSeq: latest.seq, unreadTotal: 2 });
    expect((await conversation(p1!, c1)).otherLastReadSeq).toBe(latest.seq);
  });

  it('pages through every conversation exactly once, also when their times differ only in microseconds', async () => {
    const me = await createMember(t);
    const ids: string[] = [];
    const times = ['2024-07-01T00:00:00.000900Z', '2024-07-01T00:00:00.000800Z', '2024-07-01T00:00:00.000700Z', '2024-07-01T00:00:00.000700Z', '2024-06-01T00:00:00Z'];
    for (const at of times) {
      const p = await quickMember(t);
      await insertMatch(t, me.id, p.id);
      const id = await openChat(t, me, p.id);
      await db.execute(sql`update ${conversations} set updated_at = ${at}::timestamptz where id = ${id}`);
      ids.push(id);
    }
    const whole = await inbox(me);
    expect(new Set(whole.items.map((c) => c.id))).toEqual(new Set(ids));
    expect(whole.items.slice(0, 2).map((c) => c.id)).toEqual(ids.slice(0, 2));
    for (const limit of [1, 2]) {
      const { items } = await allPages(async (cursor) => inbox(me, `limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`));
      expect(items.map((c) => (c as ConversationView).id), `limit ${limit}`).toEqual(whole.items.map((c) => c.id));
    }
    expect((await get(me, '/api/conversations?cursor=nope')).json().error.fields).toEqual({ cursor: 'Invalid cursor' });
  });

  it('shows a missing name as null, and leaves out conversations with deactivated members', async () => {
    const me = await createMember(t);
    const nameless = await quickMember(t, { fullName: null });
    const leaving = await quickMember(t);
    await insertMatch(t, me.id, nameless.id);
    await insertMatch(t, me.id, leaving.id);
    const c1 = await openChat(t, me, nameless.id);
    const c2 = await openChat(t, me, leaving.id);
    await deactivate(t, leaving.id);
    const list = await inbox(me);
    expect(list.items.map((c) => c.id)).toEqual([c1]);
    expect(list.items[0]!.member).toMatchObject({ id: nameless.id, fullName: null });
    expect((await get(me, `/api/conversations/${c2}`)).json()).toEqual(GONE);
    expect((await get(me, `/api/conversations/${c2}/messages`)).json()).toEqual(GONE);
  });
});

describe('POST /api/conversations (open)', () => {
  it('creates the pair\'s conversation once, even when both open it at the same moment', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    await connect(t, a, b);
    const results = await Promise.all([
      post(a, '/api/conversations', { userId: b.id }),
      post(b, '/api/conversations', { userId: a.id }),
      post(a, '/api/conversations', { userId: b.id }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const ids = new Set(results.map((r) => r.json().id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    const rows = await db.select().from(conversations).where(eq(conversations.id, id as string));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.participant1Id).toBe([a.id, b.id].sort()[0]);
    expect(
      await db.select().from(conversations).where(and(eq(conversations.participant1Id, rows[0]!.participant1Id), eq(conversations.participant2Id, rows[0]!.participant2Id))),
    ).toHaveLength(1);
    const view = results[0]!.json() as ConversationView;
    expect(view).toMatchObject({ member: { id: b.id }, lastMessage: null, unreadCount: 0, canMessage: true, otherLastReadSeq: 0 });
    expect(results[1]!.json().member.id).toBe(a.id);
  });

  it('403 NO_MATCH without a match; 400 for oneself; 404 for unknown and deactivated members', async () => {
    const a = await createMember(t);
    const b = await quickMember(t);
    const res = await post(a, '/api/conversations', { userId: b.id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(NO_MATCH_OPEN);
    // A pending hello is not a match.
    expect((await post(a, '/api/hellos', { userId: b.id })).statusCode).toBe(201);
    expect((await post(a, '/api/conversations', { userId: b.id })).json()).toEqual(NO_MATCH_OPEN);
    const self = await post(a, '/api/conversations', { userId: a.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(MESSAGING_MESSAGES.ownProfile);
    expect((await post(a, '/api/conversations', { userId: crypto.randomUUID() })).json()).toEqual(UNAVAILABLE);
    const gone = await quickMember(t);
    await insertMatch(t, a.id, gone.id);
    await deactivate(t, gone.id);
    expect((await post(a, '/api/conversations', { userId: gone.id })).json()).toEqual(UNAVAILABLE);
    const bad = await post(a, '/api/conversations', { userId: 'x' });
    expect(bad.json().error.fields).toEqual({ userId: 'Must be a valid id' });
    expect(await db.select().from(conversations).where(sql`${conversations.participant1Id} = ${a.id} or ${conversations.participant2Id} = ${a.id}`)).toEqual([]);
  });

  it('after an unmatch the existing conversation still opens, with canMessage false', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    const matchId = await connect(t, a, b);
    const id = await openChat(t, a, b.id);
    await sent(t, a, id, 'before');
    expect((await injectAs(t, b, { method: 'DELETE', url: `/api/matches/${matchId}` })).statusCode).toBe(204);
    const again = await post(a, '/api/conversations', { userId: b.id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id, canMessage: false, lastMessage: { content: 'before' } });
    expect((await conversation(b, id)).canMessage).toBe(false);
    expect((await page(b, id)).items.map((m) => m.content)).toEqual(['before']);
  });

  it('ignores fields the body does not define', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    const stranger = await quickMember(t);
    await insertMatch(t, a.id, b.id);
    const res = await post(a, '/api/conversations', { userId: b.id, participant1Id: stranger.id, participant2Id: stranger.id });
    expect(res.statusCode).toBe(200);
    const [row] = await db.select().from(conversations).where(eq(conversations.id, res.json().id));
    expect([row!.participant1Id, row!.participant2Id]).toEqual([a.id, b.id].sort());
  });
});

describe('participants only', () => {
  it('a non-participant gets 404 on every conversation route, exactly as for an unknown id', async () => {
    const { a, id } = await chatPair();
    const message = await sent(t, a, id, 'private https://example.com');
    const outsider = await createMember(t);
    for (const target of [id, crypto.randomUUID()]) {
      expect((await get(outsider, `/api/conversations/${target}`)).json()).toEqual(GONE);
      expect((await get(outsider, `/api/conversations/${target}/messages`)).json()).toEqual(GONE);
      const send = await sendMessage(t, outsider, target, { content: 'let me in' });
      expect(send.statusCode).toBe(404);
      expect(send.json()).toEqual(GONE);
      expect((await markRead(outsider, target)).json()).toEqual(GONE);
    }
    expect((await get(outsider, `/api/messages/${message.id}/link-preview`)).json()).toEqual(MESSAGE_GONE);
    expect((await get(outsider, `/api/messages/${crypto.randomUUID()}/link-preview`)).json()).toEqual(MESSAGE_GONE);
    expect(await rowsOfConversation(id)).toHaveLength(1);
    expect((await inbox(outsider)).items).toEqual([]);
  });
});

describe('community_only members', () => {
  it('without the message flag: 403 on every messaging route; with it: allowed, still only within a match', async () => {
    const limited = await createLimitedMember(t);
    const full = await createMember(t);
    const other = await createMember(t);
    const { a, id } = await chatPair();
    const message = await sent(t, a, id, 'hi');
    const routes = [
      () => get(limited, '/api/conversations'),
      () => post(limited, '/api/conversations', { userId: full.id }),
      () => get(limited, `/api/conversations/${id}`),
      () => get(limited, `/api/conversations/${id}/messages`),
      () => sendMessage(t, limited, id, { content: 'x' }),
      () => markRead(limited, id),
      () => get(limited, '/api/messages/unread-count'),
      () => get(limited, `/api/messages/${message.id}/link-preview`),
    ];
    for (const call of routes) {
      const res = await call();
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(DENIED);
    }

    await setSettings(t, { limited_users_can_message: 'true' });
    try {
      expect((await get(limited, '/api/conversations')).statusCode).toBe(200);
      expect((await post(limited, '/api/conversations', { userId: full.id })).json()).toEqual(NO_MATCH_OPEN);
      // A foreign conversation is still a 404.
      expect((await get(limited, `/api/conversations/${id}`)).json()).toEqual(GONE);
      await insertMatch(t, limited.id, other.id);
      const chat = await openChat(t, limited, other.id);
      expect((await sendMessage(t, limited, chat, { content: 'hello from a community member' })).statusCode).toBe(201);
      expect(await unread(other)).toBe(1);
    } finally {
      await setSettings(t, { limited_users_can_message: 'false' });
    }
    expect((await get(limited, '/api/conversations')).statusCode).toBe(403);
  });
});

describe('GET /api/conversations/:id/messages', () => {
  it('pages older messages oldest first with hasMore, and newer ones after a seq', async () => {
    const { a, b, id } = await chatPair();
    const all: MessageView[] = [];
    for (let i = 1; i <= 7; i += 1) all.push((await sent(t, i % 2 ? a : b, id, `m${i}`)) as unknown as MessageView);
    const seqs = all.map((m) => m.seq);
    expect([...seqs].sort((x, y) => x - y)).toEqual(seqs);

    const first = await page(a, id, 'limit=3');
    expect(first.items.map((m) => m.content)).toEqual(['m5', 'm6', 'm7']);
    expect(first.hasMore).toBe(true);
    const second = await page(a, id, `limit=3&before=${first.items[0]!.seq}`);
    expect(second.items.map((m) => m.content)).toEqual(['m2', 'm3', 'm4']);
    expect(second.hasMore).toBe(true);
    const third = await page(a, id, `limit=3&before=${second.items[0]!.seq}`);
    expect(third.items.map((m) => m.content)).toEqual(['m1']);
    expect(third.hasMore).toBe(false);
    const whole = await page(a, id);
    expect(whole.items.map((m) => m.content)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7']);
    expect(whole.hasMore).toBe(false);
    expect((await page(a, id, 'limit=7')).hasMore).toBe(false);

    const newer = await page(a, id, `after=${seqs[1]}`);
    expect(newer.items.map((m) => m.content)).toEqual(['m3', 'm4', 'm5', 'm6', 'm7']);
    expect((await page(a, id, `after=${seqs[1]}&limit=2`)).items.map((m) => m.content)).toEqual(['m3', 'm4']);
    expect((await page(a, id, `after=${seqs[6]}`)).items).toEqual([]);

    // The client id is only shown to its sender.
    expect(Object.keys(whole.items[0]!).sort()).toEqual(MESSAGE_KEYS);
    expect(whole.items[0]!.clientId).toBe(all[0]!.clientId);
    expect((await page(b, id)).items[0]!.clientId).toBeNull();
    expect((await page(b, id)).items[1]!.clientId).toBe(all[1]!.clientId);

    for (const bad of ['before=0', 'after=-1', 'limit=0', `limit=${LIMITS.pageSizeMax + 1}`, 'before=abc']) {
      const res = await get(a, `/api/conversations/${id}/messages?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(isErrorBody(res.json())).toBe(true);
    }
  });
});

describe('POST /api/conversations/:id/messages', () => {
  it('stores the message (201), moves the conversation up and notifies the other member', async () => {
    const { a, b, id } = await chatPair();
    const before = (await conversation(a, id)).updatedAt;
    const clientId = crypto.randomUUID();
    const res = await sendMessage(t, a, id, { clientId, content: '  Hello there  ' });
    expect(res.statusCode).toBe(201);
    const body = res.json() as MessageView;
    expect(Object.keys(body).sort()).toEqual(MESSAGE_KEYS);
    expect(body).toMatchObject({ conversationId: id, senderId: a.id, content: '  Hello there  ', mediaUrls: [], messageType: 'text', clientId });
    const [row] = await rowsOfConversation(id);
    expect(row).toMatchObject({ id: body.id, seq: body.seq, senderId: a.id, clientId });
    expect((await conversation(a, id)).updatedAt > before).toBe(true);
    const notes = await messageNotes(b.id, id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ message: 'Hello there', readAt: null });
    expect(notes[0]!.title).toMatch(/^New message from /);
    expect(await messageNotes(a.id, id)).toHaveLength(0);
  });

  it('sets message_type: text, link for http(s) only, else the first attachment\'s kind', async () => {
    const { a, id } = await chatPair();
    const cases: Array<[string, string]> = [
      ['hello', 'text'],
      ['see https://example.com/page', 'link'],
      ['http://example.org', 'link'],
      ['HTTPS://EXAMPLE.COM', 'link'],
      ['ftp://x', 'text'],
      ['mailto:someone@example.com', 'text'],
      ['javascript:alert(1)', 'text'],
      ['www.example.com', 'text'],
      ['https://', 'text'],
    ];
    for (const [content, type] of cases) {
      const m = await sent(t, a, id, content);
      expect(m.messageType, content).toBe(type);
    }
    const image = await insertAttachment(t, a.id, 'image');
    const gif = await insertAttachment(t, a.id, 'gif');
    const video = await insertAttachment(t, a.id, 'video');
    const image2 = await insertAttachment(t, a.id, 'image');
    expect((await sent(t, a, id, '', { mediaUrls: [video, image] })).messageType).toBe('video');
    expect((await sent(t, a, id, 'https://example.com', { mediaUrls: [gif] })).messageType).toBe('gif');
    const withText = await sent(t, a, id, 'look', { mediaUrls: [image2] });
    expect(withText.messageType).toBe('image');
    expect((withText as unknown as MessageView).mediaUrls).toEqual([image2]);
    // The files now belong to the conversation (its participants may read them).
    const claimed = await db.select().from(chatAttachments).where(eq(chatAttachments.uploaderId, a.id));
    expect(claimed.map((r) => r.conversationId)).toEqual([id, id, id, id]);
  });

  it('validates content, clientId and attachments per field', async () => {
    const { a, b, id } = await chatPair();
    const { id: otherChat } = await chatPair();
    const fieldsOf = async (body: Parameters<typeof sendMessage>[3]) => {
      const res = await sendMessage(t, a, id, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(isErrorBody(res.json())).toBe(true);
      return res.json().error.fields as Record<string, string>;
    };
    expect(await fieldsOf({ content: '' })).toEqual({ content: MESSAGING_MESSAGES.emptyMessage });
    expect(await fieldsOf({ content: ' \n\t ' })).toEqual({ content: MESSAGING_MESSAGES.emptyMessage });
    expect(await fieldsOf({})).toEqual({ content: MESSAGING_MESSAGES.emptyMessage });
    expect(await fieldsOf({ content: 'x'.repeat(LIMITS.messageMax + 1) })).toEqual({ content: MESSAGING_MESSAGES.tooLong });
    expect(await fieldsOf({ content: 'hi', clientId: 'not-a-uuid' })).toEqual({ clientId: 'Must be a valid id' });
    expect(Object.keys(await fieldsOf({ content: 'hi', clientId: undefined as unknown as string, mediaUrls: [] }))).toEqual(['clientId']);
    expect(await fieldsOf({ content: 'hi', mediaUrls: ['https://evil.example/x.webp'] })).toEqual({ 'mediaUrls.0': MESSAGING_MESSAGES.attachmentInvalid });
    expect(await fieldsOf({ content: 'hi', mediaUrls: ['/media/profile-pictures/x/profile.webp'] })).toEqual({ 'mediaUrls.0': MESSAGING_MESSAGES.attachmentInvalid });
    const five = await Promise.all(Array.from({ length: 5 }, () => insertAttachment(t, a.id, 'image')));
    expect(await fieldsOf({ content: 'hi', mediaUrls: five })).toEqual({ mediaUrls: MESSAGING_MESSAGES.attachmentsMax });
    // Well-formed URLs that are not the sender's unsent uploads.
    const theirs = await insertAttachment(t, b.id, 'image');
    expect(await fieldsOf({ content: 'hi', mediaUrls: [theirs] })).toEqual({ mediaUrls: MESSAGING_MESSAGES.attachmentInvalid });
    const never = `/media/chat-media/${a.id}/1700000000000-abcdef12.webp`;
    expect(await fieldsOf({ content: 'hi', mediaUrls: [never] })).toEqual({ mediaUrls: MESSAGING_MESSAGES.attachmentInvalid });
    expect(await fieldsOf({ content: 'hi', mediaUrls: [five[0]!, never] })).toEqual({ mediaUrls: MESSAGING_MESSAGES.attachmentInvalid });
    // Nothing was claimed by the refused send.
    expect((await db.select().from(chatAttachments).where(eq(chatAttachments.storageKey, five[0]!.slice('/media/chat-media/'.length))))[0]!.conversationId).toBeNull();
    // A file already sent in another conversation cannot be sent here.
    const used = await insertAttachment(t, a.id, 'image');
    await db.update(chatAttachments).set({ conversationId: otherChat }).where(eq(chatAttachments.storageKey, used.slice('/media/chat-media/'.length)));
    expect(await fieldsOf({ content: 'hi', mediaUrls: [used] })).toEqual({ mediaUrls: MESSAGING_MESSAGES.attachmentInvalid });
    expect(await rowsOfConversation(id)).toHaveLength(0);

    // The limits themselves are allowed: 4000 characters, four files, a file without text.
    expect((await sendMessage(t, a, id, { content: 'x'.repeat(LIMITS.messageMax) })).statusCode).toBe(201);
    expect((await sendMessage(t, a, id, { content: '', mediaUrls: five.slice(0, 4) })).statusCode).toBe(201);
  });

  it('is idempotent per sender and clientId: a retry answers 200 with the first message', async () => {
    const { a, b, id } = await chatPair();
    const clientId = crypto.randomUUID();
    const first = await sendMessage(t, a, id, { clientId, content: 'once' });
    expect(first.statusCode).toBe(201);
    const retry = await sendMessage(t, a, id, { clientId, content: 'once (edited?)' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await rowsOfConversation(id)).toHaveLength(1);
    // Another sender may use the same key: keys are per sender.
    const theirs = await sendMessage(t, b, id, { clientId, content: 'mine too' });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().id).not.toBe(first.json().id);
    // The same key in another conversation is a conflict, not a silent success.
    const { a: c, id: other } = await chatPair();
    await insertMatch(t, a.id, c.id);
    const third = await openChat(t, a, c.id);
    const elsewhere = await sendMessage(t, a, third, { clientId, content: 'elsewhere' });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().error.code).toBe('CONFLICT');
    expect(await rowsOfConversation(third)).toHaveLength(0);
    expect(other).not.toBe(third);
  });

  it('one clientId sent to two conversations at once: one message, a 409, and the loser\'s files stay unsent', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { a, b, id } = await chatPair();
      const c = await createMember(t);
      await insertMatch(t, a.id, c.id);
      const second = await openChat(t, a, c.id);
      const clientId = crypto.randomUUID();
      const files = [await insertAttachment(t, a.id, 'image'), await insertAttachment(t, a.id, 'image')];
      const results = await Promise.all([
        sendMessage(t, a, id, { clientId, content: 'to b', mediaUrls: [files[0]!] }),
        sendMessage(t, a, second, { clientId, content: 'to c', mediaUrls: [files[1]!] }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const winner = results.findIndex((r) => r.statusCode === 201);
      const loser = 1 - winner;
      const claimed = await db.select().from(chatAttachments).where(eq(chatAttachments.uploaderId, a.id));
      const byUrl = new Map(claimed.map((r) => [`/media/chat-media/${r.storageKey}`, r.conversationId]));
      expect(byUrl.get(files[winner]!), `round ${round}`).toBe([id, second][winner]);
      // Readable by nobody but the uploader until it is really sent.
      expect(byUrl.get(files[loser]!), `round ${round}`).toBeNull();
      expect((await rowsOfConversation([id, second][loser]!)).length).toBe(0);
      // The loser's conversation got no notification either.
      expect(await messageNotes(loser === 0 ? b.id : c.id, [id, second][loser]!)).toEqual([]);
    }
  });

  it('stores one message for ten concurrent sends with the same clientId', async () => {
    const { a, b, id } = await chatPair();
    const clientId = crypto.randomUUID();
    const results = await Promise.all(Array.from({ length: 10 }, () => sendMessage(t, a, id, { clientId, content: 'racing' })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    expect(await rowsOfConversation(id)).toHaveLength(1);
    expect(await messageNotes(b.id, id)).toHaveLength(1);
    expect(await unread(b)).toBe(1);
  });

  it('a text costs four SQL statements (BEGIN, the send, the notification, COMMIT), and so does its retry', async () => {
    const { a, b, id } = await chatPair();
    const statements = (res: { headers: Record<string, unknown> }) => Number(res.headers[STATEMENT_COUNT_HEADER]);
    // Who is asking is cached after a member's first request: that read is not the send's.
    for (const member of [a, b]) await injectAs(t, member, { method: 'GET', url: '/api/me' });
    const clientId = crypto.randomUUID();
    const first = await sendMessage(t, a, id, { clientId, content: 'one round trip' });
    expect(first.statusCode).toBe(201);
    expect(statements(first)).toBe(4);
    const again = await sendMessage(t, b, id, { content: 'and back' });
    expect(statements(again)).toBe(4);
    const retry = await sendMessage(t, a, id, { clientId, content: 'one round trip' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    // BEGIN, the send that finds the key, the first message read, COMMIT.
    expect(statements(retry)).toBe(4);
  });

  it('ignores fields the body does not define (no sending as someone else, no chosen type or seq)', async () => {
    const { a, b, id } = await chatPair();
    const { id: foreign } = await chatPair();
    const res = await sendMessage(t, a, id, {
      content: 'plain',
      senderId: b.id,
      conversationId: foreign,
      messageType: 'video',
      seq: 1,
      createdAt: '2000-01-01T00:00:00Z',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await rowsOfConversation(id);
    expect(row).toMatchObject({ senderId: a.id, conversationId: id, messageType: 'text' });
    expect(row!.createdAt.getFullYear()).toBeGreaterThan(2000);
    expect(await rowsOfConversation(foreign)).toHaveLength(0);
  });

  it('403 NO_MATCH once the match has ended, both ways', async () => {
    const { a, b, id } = await chatPair();
    await db.update(matches).set({ isActive: false }).where(eq(matches.user1Id, [a.id, b.id].sort()[0]!));
    for (const who of [a, b]) {
      const res = await sendMessage(t, who, id, { content: 'hello?' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(NO_MATCH_SEND);
    }
    expect(await rowsOfConversation(id)).toHaveLength(0);
  });
});

describe('reading', () => {
  it('marks everything up to the newest message read, and the conversation\'s message notification', async () => {
    const { a, b, id } = await chatPair();
    const c = await createMember(t);
    await insertMatch(t, b.id, c.id);
    const otherChat = await openChat(t, c, b.id);
    await sent(t, a, id, 'one');
    await sent(t, a, id, 'two');
    const last = await sent(t, a, id, 'three');
    await sent(t, c, otherChat, 'from c');
    // The sender's own messages never count for them.
    expect(await unread(a)).toBe(0);
    expect((await conversation(a, id)).unreadCount).toBe(0);
    expect(await unread(b)).toBe(4);
    expect((await conversation(b, id)).unreadCount).toBe(3);
    expect((await messageNotes(b.id, id))[0]!.readAt).toBeNull();

    const res = await markRead(b, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ lastReadSeq: last.seq, unreadTotal: 1 });
    expect(await unread(b)).toBe(1);
    expect((await conversation(b, id)).unreadCount).toBe(0);
    expect((await messageNotes(b.id, id))[0]!.readAt).toBeInstanceOf(Date);
    expect((await messageNotes(b.id, otherChat))[0]!.readAt).toBeNull();
    expect((await get(b, '/api/notifications/unread-count')).json().count).toBe(1);
    // Again: nothing changes, the mark never moves back.
    expect((await markRead(b, id)).json()).toEqual({ lastReadSeq: last.seq, unreadTotal: 1 });
    const newer = await sent(t, a, id, 'four');
    expect(await unread(b)).toBe(2);
    expect((await markRead(b, id)).json()).toEqual({ lastReadSeq: newer.seq, unreadTotal: 1 });
  });

  it('the unread count leaves out conversations with deactivated members', async () => {
    const { a, b, id } = await chatPair();
    await sent(t, a, id, 'hi');
    expect(await unread(b)).toBe(1);
    await deactivate(t, a.id);
    expect(await unread(b)).toBe(0);
    await deactivate(t, a.id, false);
    expect(await unread(b)).toBe(1);
  });
});

describe('GET /api/messages/:id/link-preview', () => {
  it('204 for a message without a link and for a link that cannot be fetched (loopback is refused)', async () => {
    const { a, b, id } = await chatPair();
    const plain = await sent(t, a, id, 'no link here');
    const local = await sent(t, a, id, 'see http://127.0.0.1:9/secret');
    for (const m of [plain, local]) {
      const res = await get(b, `/api/messages/${m.id}/link-preview`);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    }
    expect((await get(a, `/api/messages/${local.id}/link-preview`)).statusCode).toBe(204);
    expect((await get(a, '/api/messages/nope/link-preview')).statusCode).toBe(400);
  });
});

describe('the event bus', () => {
  it('a send publishes one "msg" event with ids only, at commit; a refused send publishes nothing', async () => {
    const { a, b, id } = await chatPair();
    const { a: c, b: d, id: ended } = await chatPair();
    await db.update(matches).set({ isActive: false }).where(eq(matches.user1Id, [c.id, d.id].sort()[0]!));
    const events: BusEvent[] = [];
    const unlisten = await t.ctx.database.listen(BUS_CHANNEL, (payload) => events.push(JSON.parse(payload) as BusEvent));
    const waitFor = async (pred: (e: BusEvent) => boolean) => {
      for (let i = 0; i < 100 && !events.some(pred); i += 1) await new Promise((r) => setTimeout(r, 20));
      expect(events.some(pred)).toBe(true);
    };
    try {
      // Refused (403): nothing may be announced for it.
      expect((await sendMessage(t, c, ended, { content: 'nope' })).statusCode).toBe(403);
      const m = await sent(t, a, id, 'secret words');
      await waitFor((e) => e.k === 'msg' && e.id === m.id);
      const msgs = events.filter((e) => e.k === 'msg' && (e.c === id || e.c === ended));
      // Events reach the listener in commit order, so the refused send, had it published, would be here already.
      expect(msgs).toHaveLength(1);
      expect(msgs[0]).toEqual({ k: 'msg', id: m.id, c: id, u: [a.id, b.id] });
      expect(JSON.stringify(events)).not.toContain('secret words');
      // The recipient's notification is announced by id too.
      const note = (await messageNotes(b.id, id))[0]!;
      expect(events).toContainEqual({ k: 'notif', id: note.id, u: b.id });
      expect(events.some((e) => 'c' in e && e.c === ended)).toBe(false);
    } finally {
      await unlisten();
    }
  });
});
