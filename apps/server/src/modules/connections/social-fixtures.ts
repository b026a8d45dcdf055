import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { AttachmentKind } from '@bayclub/shared';
import { chatAttachments, hellos, matches, notifications, profiles, users } from '../../db/schema/index.js';
import type { NewProfile } from '../accounts/repository.js';
import { injectAs, type TestApp, type TestUser } from '../../test/helpers.js';
import { orderedPair } from '../access/pair.js';
import { renderedNotifications } from '../notifications/notification-fixtures.js';

/**
 * Test data for the issue 4 API tests (connections, safety, messaging, notifications). Members who only need
 * to exist (deck candidates, hello recipients) are written straight to the tables: no password hashing, so a
 * test can create dozens of them quickly. Members who call the API come from createMember (a real sign-in).
 */

let n = 0;

export interface QuickMember {
  id: string;
}

/** An active full_platform member who never signs in. */
export async function quickMember(t: TestApp, overrides: Partial<NewProfile> = {}): Promise<QuickMember> {
  n += 1;
  const tag = `${crypto.randomBytes(4).toString('hex')}${n}`;
  const db = t.ctx.database.db;
  const email = `quick-${tag}@example.com`;
  const [user] = await db.insert(users).values({ name: `Quick ${n}`, email }).returning({ id: users.id });
  await db.insert(profiles).values({
    id: user!.id,
    accountType: 'full_platform',
    applicationStatus: 'approved',
    username: `quick-${tag}`,
    fullName: `Quick Member ${n}`,
    email,
    age: 30,
    city: 'tampa',
    interests: [],
    ...overrides,
  });
  return { id: user!.id };
}

export async function setProfile(t: TestApp, id: string, values: Partial<NewProfile>) {
  await t.ctx.database.db.update(profiles).set(values).where(eq(profiles.id, id));
}

/** A hello written directly (for hellos from members who never sign in). */
export async function insertHello(
  t: TestApp,
  senderId: string,
  recipientId: string,
  values: { status?: 'pending' | 'accepted' | 'declined' | 'withdrawn'; createdAt?: string; note?: string } = {},
) {
  const [row] = await t.ctx.database.db
    .insert(hellos)
    .values({
      senderId,
      recipientId,
      status: values.status ?? 'pending',
      note: values.note ?? null,
      ...(values.createdAt ? { createdAt: sql`${values.createdAt}::timestamptz` } : {}),
    })
    .returning({ id: hellos.id });
  return row!.id;
}

/** An active match written directly (the smaller id first, as the table demands). */
export async function insertMatch(t: TestApp, a: string, b: string, isActive = true) {
  const [user1Id, user2Id] = orderedPair(a, b);
  const [row] = await t.ctx.database.db.insert(matches).values({ user1Id, user2Id, isActive }).returning({ id: matches.id });
  return row!.id;
}

export async function matchRow(t: TestApp, a: string, b: string) {
  const [user1Id, user2Id] = orderedPair(a, b);
  const [row] = await t.ctx.database.db
    .select()
    .from(matches)
    .where(and(eq(matches.user1Id, user1Id), eq(matches.user2Id, user2Id)));
  return row ?? null;
}

export async function notificationsOf(t: TestApp, userId: string) {
  return renderedNotifications(t.ctx.database.db, eq(notifications.userId, userId));
}

/** An uploaded chat file (the row POST /api/chat-media writes), returning its URL. */
export async function insertAttachment(t: TestApp, uploaderId: string, kind: AttachmentKind) {
  const ext = kind === 'gif' ? 'gif.webp' : kind === 'video' ? 'mp4' : 'webp';
  const key = `${uploaderId}/${Date.now()}-${crypto.randomBytes(6).toString('hex')}.${ext}`;
  await t.ctx.database.db.insert(chatAttachments).values({ storageKey: key, uploaderId, kind });
  return `/media/chat-media/${key}`;
}

// --- API calls ------------------------------------------------------------------------------------------

export const sayHi = (t: TestApp, from: TestUser, userId: string, note?: string) =>
  injectAs(t, from, { method: 'POST', url: '/api/hellos', payload: note === undefined ? { userId } : { userId, note } });

/** Two signed-in members connected through the API: a says hi, b says hi back. Returns the match id. */
export async function connect(t: TestApp, a: TestUser, b: TestUser): Promise<string> {
  const first = await sayHi(t, a, b.id);
  if (first.statusCode !== 201) throw new Error(`say hi failed: ${first.statusCode} ${first.body}`);
  const back = await sayHi(t, b, a.id);
  if (back.statusCode !== 201 || back.json().status !== 'matched') throw new Error(`say hi back failed: ${back.statusCode} ${back.body}`);
  return back.json().match.id as string;
}

/** Open (create) the pair's conversation as `who`; returns its id. */
export async function openChat(t: TestApp, who: TestUser, userId: string): Promise<string> {
  const res = await injectAs(t, who, { method: 'POST', url: '/api/conversations', payload: { userId } });
  if (res.statusCode !== 200) throw new Error(`open failed: ${res.statusCode} ${res.body}`);
  return res.json().id as string;
}

export const sendMessage = (
  t: TestApp,
  who: TestUser,
  conversationId: string,
  body: { content?: string; mediaUrls?: string[]; clientId?: string; [extra: string]: unknown },
) =>
  injectAs(t, who, {
    method: 'POST',
    url: `/api/conversations/${conversationId}/messages`,
    payload: { clientId: crypto.randomUUID(), ...body },
  });

/** Send and expect success; returns the MessageView. */
export async function sent(t: TestApp, who: TestUser, conversationId: string, content: string, extra: { mediaUrls?: string[] } = {}) {
  const res = await sendMessage(t, who, conversationId, { content, ...extra });
  if (res.statusCode !== 201) throw new Error(`send failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; seq: number; content: string; messageType: string; senderId: string; clientId: string | null };
}

/** Every page of a cursor-paged list, in order. */
export async function allPages<T>(fetchPage: (cursor: string | null) => Promise<{ items: T[]; nextCursor: string | null }>, maxPages = 50) {
  const items: T[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await fetchPage(cursor);
    items.push(...page.items);
    cursor = page.nextCursor;
    pages += 1;
    if (pages > maxPages) throw new Error('too many pages: the cursor does not advance');
  } while (cursor);
  return { items, pages };
}
