import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { LIMITS, type NotificationView } from '@bayclub/shared';
import { applyAs, buildTestApp, createMember, injectAs, isErrorBody, type TestUser } from '../../test/helpers.js';
import { notifications } from '../../db/schema/index.js';
import { legacyNotification } from './kinds.js';
import { renderedNotifications } from './notification-fixtures.js';
import { BUS_CHANNEL, type BusEvent } from '../../platform/bus.js';
import { allPages, insertAttachment, insertMatch, notificationsOf, openChat, sent, setProfile } from '../connections/social-fixtures.js';

const t = await buildTestApp();
const db = t.ctx.database.db;

const VIEW_KEYS = ['createdAt', 'href', 'id', 'message', 'readAt', 'relatedId', 'title', 'type'];

const list = (who: TestUser, query = '') => injectAs(t, who, { method: 'GET', url: `/api/notifications${query ? `?${query}` : ''}` });
const unreadCount = async (who: TestUser) => (await injectAs(t, who, { method: 'GET', url: '/api/notifications/unread-count' })).json().count as number;
const markRead = (who: TestUser, payload: object = {}) => injectAs(t, who, { method: 'POST', url: '/api/notifications/mark-read', payload });

type NewRow = typeof notifications.$inferInsert;
/** A stored notification whose words are given (a legacy-kind row: its kind renders its own title and text). */
async function insert(userId: string, values: Partial<NewRow> & { title?: string; message?: string } = {}) {
  const { title = 'Title', message = 'Message', ...columns } = values;
  const [row] = await db
    .insert(notifications)
    .values({ userId, type: 'other', kind: legacyNotification.name, params: { title, message }, ...columns })
    .returning();
  return row!;
}
const rowOf = async (id: string) => (await db.select().from(notifications).where(eq(notifications.id, id)))[0]!;

describe('GET /api/notifications', () => {
  it('lists the caller\'s own notifications newest first, 20 by default, then page by page', async () => {
    const me = await createMember(t);
    const other = await createMember(t);
    const mine: string[] = [];
    const microTime = (i: number) => `2024-09-01T00:00:00.123${9 - i}00Z`;
    for (let i = 0; i < 25; i += 1) {
      const at = i === 5 || i === 6 ? '2024-08-01T00:00:00Z' : new Date(Date.UTC(2024, 6, 1) - i * 60_000).toISOString();
      mine.push((await insert(me.id, { title: `Mine ${i}`, createdAt: new Date(at) })).id);
    }
    // The five newest lie within one millisecond, microseconds apart (a JS Date cannot carry them, so SQL sets
    // them); two more share one exact time. The cursor must keep every one of them.
    for (let i = 0; i < 5; i += 1) {
      await db.execute(sql`update ${notifications} set created_at = ${microTime(i)}::timestamptz where id = ${mine[i]!}`);
    }
    const foreign = await insert(other.id, { title: 'Not yours', createdAt: new Date('2030-01-01T00:00:00Z') });

    const first = (await list(me)).json() as { items: NotificationView[]; nextCursor: string | null };
    expect(first.items).toHaveLength(LIMITS.notificationList);
    expect(first.nextCursor).toEqual(expect.any(String));
    expect(first.items.slice(0, 5).map((n) => n.id)).toEqual(mine.slice(0, 5));
    expect(Object.keys(first.items[0]!).sort()).toEqual(VIEW_KEYS);
    const rest = (await list(me, `cursor=${first.nextCursor}`)).json();
    expect(rest.items).toHaveLength(5);
    expect(rest.nextCursor).toBeNull();

    const whole = [...first.items, ...rest.items].map((n: NotificationView) => n.id);
    expect(new Set(whole)).toEqual(new Set(mine));
    expect(whole).not.toContain(foreign.id);
    const created = [...first.items, ...rest.items].map((n: NotificationView) => n.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    for (const limit of [1, 3]) {
      const { items } = await allPages(async (cursor) => (await list(me, `limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`)).json());
      expect(items.map((n) => (n as NotificationView).id), `limit ${limit}`).toEqual(whole);
    }
    expect((await list(other)).json().items.map((n: NotificationView) => n.id)).toEqual([foreign.id]);
  });

  it('gives each notification its link: /chat/{id} for messages, else its path, else none', async () => {
    const me = await createMember(t);
    const conversationId = crypto.randomUUID();
    const msg = await insert(me.id, { type: 'message', relatedId: conversationId, createdAt: new Date('2024-01-03T00:00:00Z') });
    const hello = await insert(me.id, { relatedId: crypto.randomUUID(), path: '/connections?tab=received', createdAt: new Date('2024-01-02T00:00:00Z') });
    const plain = await insert(me.id, { type: 'like', createdAt: new Date('2024-01-01T00:00:00Z') });
    const items = (await list(me)).json().items as NotificationView[];
    expect(items.map((n) => [n.id, n.href])).toEqual([
      [msg.id, `/chat/${conversationId}`],
      [hello.id, '/connections?tab=received'],
      [plain.id, null],
    ]);
    expect(items[0]).toEqual({
      id: msg.id,
      type: 'message',
      title: 'Title',
      message: 'Message',
      relatedId: conversationId,
      readAt: null,
      createdAt: '2024-01-03T00:00:00.000Z',
      href: `/chat/${conversationId}`,
    });
  });

  it('is open to any signed-in account (an applicant reads decisions here), not to anonymous callers', async () => {
    const applicant = await applyAs(t);
    const row = await insert(applicant.id, { title: 'Application approved' });
    const res = await list(applicant);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((n: NotificationView) => n.id)).toEqual([row.id]);
    expect(await unreadCount(applicant)).toBe(1);
    expect((await injectAs(t, null, { method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    expect((await injectAs(t, null, { method: 'GET', url: '/api/notifications/unread-count' })).statusCode).toBe(401);
    expect((await injectAs(t, null, { method: 'POST', url: '/api/notifications/mark-read', payload: {} })).statusCode).toBe(401);
  });

  it('renders each row when read; a row whose kind or parameters no module can read does not break the list', async () => {
    const me = await createMember(t);
    const unknown = await insert(me.id, { kind: 'retired.kind', params: { x: 1 }, createdAt: new Date('2024-01-03T00:00:00Z') });
    const misfit = await insert(me.id, { kind: 'connections.hello', params: { note: 42 }, createdAt: new Date('2024-01-02T00:00:00Z') });
    const hello = await insert(me.id, {
      kind: 'connections.hello',
      params: { actorId: null, actorName: 'Ada', note: null },
      createdAt: new Date('2024-01-01T00:00:00Z'),
    });
    const items = (await list(me)).json().items as NotificationView[];
    expect(items.map((n) => [n.id, n.title, n.message])).toEqual([
      [unknown.id, 'Notification', ''],
      [misfit.id, 'Notification', ''],
      [hello.id, 'New hello', 'Ada said hi'],
    ]);
  });

  it('validates the query', async () => {
    const me = await createMember(t);
    for (const bad of ['limit=0', `limit=${LIMITS.pageSizeMax + 1}`, 'cursor=abc']) {
      const res = await list(me, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(isErrorBody(res.json())).toBe(true);
    }
  });
});

describe('unread count and mark-read', () => {
  it('counts unread rows; marks the given ids among the caller\'s own, or all of them', async () => {
    const me = await createMember(t);
    const other = await createMember(t);
    const [n1, n2, n3] = [await insert(me.id), await insert(me.id), await insert(me.id)];
    await insert(me.id, { readAt: new Date() });
    const theirs = await insert(other.id);
    expect(await unreadCount(me)).toBe(3);
    expect(await unreadCount(other)).toBe(1);

    // Another member's id among mine changes nothing of theirs.
    const res = await markRead(me, { ids: [n1!.id, theirs.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 2 });
    expect((await rowOf(n1!.id)).readAt).toBeInstanceOf(Date);
    expect((await rowOf(theirs.id)).readAt).toBeNull();
    expect(await unreadCount(other)).toBe(1);
    // Only another member's ids: nothing at all changes.
    expect((await markRead(me, { ids: [theirs.id] })).json()).toEqual({ count: 2 });
    expect((await rowOf(theirs.id)).readAt).toBeNull();
    // An empty list marks nothing.
    expect((await markRead(me, { ids: [] })).json()).toEqual({ count: 2 });
    // Marking a read row again keeps its first read time.
    const readAt = (await rowOf(n1!.id)).readAt;
    expect((await markRead(me, { ids: [n1!.id] })).json()).toEqual({ count: 2 });
    expect((await rowOf(n1!.id)).readAt).toEqual(readAt);

    // Without ids: all of mine, none of theirs.
    expect((await markRead(me)).json()).toEqual({ count: 0 });
    expect((await rowOf(n2!.id)).readAt).toBeInstanceOf(Date);
    expect((await rowOf(n3!.id)).readAt).toBeInstanceOf(Date);
    expect((await rowOf(theirs.id)).readAt).toBeNull();
    expect(await unreadCount(me)).toBe(0);
    expect(await unreadCount(other)).toBe(1);
  });

  it('ignores fields the body does not define (no marking for someone else)', async () => {
    const me = await createMember(t);
    const other = await createMember(t);
    const theirs = await insert(other.id);
    const mine = await insert(me.id);
    expect((await markRead(me, { userId: other.id, ids: undefined })).json()).toEqual({ count: 0 });
    expect((await rowOf(mine.id)).readAt).toBeInstanceOf(Date);
    expect((await rowOf(theirs.id)).readAt).toBeNull();
  });

  it('validates ids', async () => {
    const me = await createMember(t);
    const bad = await markRead(me, { ids: ['x'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ 'ids.0': 'Must be a valid id' });
    const tooMany = await markRead(me, { ids: Array.from({ length: LIMITS.pageSizeMax + 1 }, () => crypto.randomUUID()) });
    expect(tooMany.statusCode).toBe(400);
    expect(Object.keys(tooMany.json().error.fields)).toEqual(['ids']);
  });

  it('tells the member\'s other tabs when something was marked read (and only then)', async () => {
    const me = await createMember(t);
    const n = await insert(me.id);
    const events: BusEvent[] = [];
    const unlisten = await t.ctx.database.listen(BUS_CHANNEL, (payload) => events.push(JSON.parse(payload) as BusEvent));
    try {
      expect((await markRead(me, { ids: [crypto.randomUUID()] })).statusCode).toBe(200);
      expect((await markRead(me, { ids: [n.id] })).statusCode).toBe(200);
      for (let i = 0; i < 100 && !events.some((e) => e.k === 'unread' && e.u === me.id); i += 1) await new Promise((r) => setTimeout(r, 20));
      // Commit order: the first call, had it published, would have arrived before the second.
      expect(events.filter((e) => e.k === 'unread' && e.u === me.id)).toHaveLength(1);
    } finally {
      await unlisten();
    }
  });
});

describe('message notifications', () => {
  it('keep one unread row per conversation with the latest text; a new row once it was read', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    await insertMatch(t, a.id, b.id);
    const id = await openChat(t, a, b.id);
    const messageNotes = async () =>
      (await notificationsOf(t, b.id)).filter((n) => n.type === 'message' && n.relatedId === id);
    await setProfile(t, a.id, { fullName: 'Ada Sender' });
    await sent(t, a, id, 'first');
    await sent(t, a, id, 'second');
    await sent(t, a, id, 'third');
    let notes = await messageNotes();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ title: 'New message from Ada Sender', message: 'third', readAt: null });
    expect(await unreadCount(b)).toBe(1);
    const listed = ((await list(b)).json().items as NotificationView[]).filter((n) => n.type === 'message');
    expect(listed).toEqual([expect.objectContaining({ id: notes[0]!.id, href: `/chat/${id}`, relatedId: id, message: 'third' })]);

    // Reading the conversation reads its notification; the next message starts a new one.
    expect((await injectAs(t, b, { method: 'POST', url: `/api/conversations/${id}/read` })).statusCode).toBe(200);
    expect(await unreadCount(b)).toBe(0);
    await sent(t, a, id, 'fourth');
    notes = await messageNotes();
    expect(notes).toHaveLength(2);
    expect(notes.filter((n) => n.readAt === null).map((n) => n.message)).toEqual(['fourth']);
    // Marking it read in the panel also ends it.
    expect((await markRead(b, { ids: [notes.find((n) => !n.readAt)!.id] })).json()).toEqual({ count: 0 });
    // A file without text says what was sent.
    await sent(t, a, id, '', { mediaUrls: [await insertAttachment(t, a.id, 'video')] });
    const unread = await renderedNotifications(db, and(eq(notifications.userId, b.id), eq(notifications.relatedId, id), isNull(notifications.readAt)));
    expect(unread.map((n) => n.message)).toEqual(['Sent a video']);
    expect(await messageNotes()).toHaveLength(3);
    // The sender gets none for their own messages.
    expect((await notificationsOf(t, a.id)).filter((n) => n.type === 'message')).toEqual([]);
  });
});
