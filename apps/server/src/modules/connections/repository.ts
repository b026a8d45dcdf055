import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { conversations, deckSkips, hellos, matches, profiles } from '../../db/schema/index.js';
import { LIMITS, type City } from '@bayclub/shared';
import { z } from 'zod';
import { blockedBetween, memberColumns, orderedPair } from '../access/index.js';
import { columnsOf, rowsOf, textArray } from '../../platform/sql.js';
import { exactInstant } from '../../platform/cursor.js';

export type HelloRow = typeof hellos.$inferSelect;
export type MatchRow = typeof matches.$inferSelect;

export interface DeckFilters {
  city?: City;
  interests: string[];
  ageMin?: number;
  ageMax?: number;
}

export interface DeckCursor {
  h: boolean;
  n: number;
  t: string;
  i: string;
}

const deckRow = z.object({
  ...columnsOf(profiles, 'id', 'full_name', 'username', 'profile_picture_url', 'is_verified', 'age', 'city', 'bio', 'interests', 'created_at'),
  said_hi: z.boolean(),
  common: z.number().int(),
  /** created_at with its microseconds, for the cursor. */
  cursor_at: z.string(),
});
export type DeckRow = z.output<typeof deckRow>;

/**
 * The deck: active full_platform members the viewer has no history with. Members who said hi to the viewer
 * come first, then those sharing the most interests, then the newest. Each exclusion is an indexed lookup
 * (hellos_pair_key both ways, matches_pair_key, the blocks keys, deck_skips' key).
 */
export async function deck(db: DbOrTx, viewerId: string, viewerInterests: string[], f: DeckFilters, cursor: DeckCursor | null, limit: number) {
  const me = sql`${viewerId}::uuid`;
  const mine = textArray(viewerInterests);
  const wanted = textArray(f.interests);
  const res = await db.execute(sql`
    with candidates as (
      select p.id, p.full_name, p.username, p.profile_picture_url, p.is_verified, p.age, p.city, p.bio, p.interests, p.created_at,
        ${exactInstant(sql`p.created_at`)} as cursor_at,
        exists (select 1 from ${hellos} h where h.sender_id = p.id and h.recipient_id = ${me} and h.status = 'pending') as said_hi,
        cardinality(array(select unnest(p.interests) intersect select unnest(${mine})))::int as common
      from ${profiles} p
      where p.account_type = 'full_platform' and not p.is_deactivated and p.id <> ${me}
        ${f.city ? sql`and p.city = ${f.city}` : sql``}
        ${f.ageMin !== undefined ? sql`and p.age >= ${f.ageMin}` : sql``}
        ${f.ageMax !== undefined ? sql`and p.age <= ${f.ageMax}` : sql``}
        ${f.interests.length ? sql`and p.interests && ${wanted}` : sql``}
        and not exists (select 1 from ${hellos} h where h.sender_id = ${me} and h.recipient_id = p.id)
        and not exists (select 1 from ${hellos} h where h.sender_id = p.id and h.recipient_id = ${me} and h.status <> 'pending')
        and not exists (select 1 from ${matches} m where m.user1_id = least(p.id, ${me}) and m.user2_id = greatest(p.id, ${me}))
        and not ${blockedBetween(sql`p.id`, me)}
        and not exists (
          select 1 from ${deckSkips} s where s.user_id = ${me} and s.skipped_user_id = p.id
            and s.created_at > now() - make_interval(days => ${LIMITS.deckSkipDays})
        )
    )
    select * from candidates c
    ${cursor ? sql`where (c.said_hi, c.common, c.created_at, c.id) < (${cursor.h}, ${cursor.n}, ${cursor.t}::timestamptz, ${cursor.i}::uuid)` : sql``}
    order by c.said_hi desc, c.common desc, c.created_at desc, c.id desc
    limit ${limit + 1}
  `);
  return rowsOf(res, deckRow);
}

export async function skip(db: DbOrTx, userId: string, skippedUserId: string) {
  await db
    .insert(deckSkips)
    .values({ userId, skippedUserId })
    .onConflictDoUpdate({ target: [deckSkips.userId, deckSkips.skippedUserId], set: { createdAt: sql`now()` } });
}

/** Hellos sent in the last 24 hours (the daily limit). */
export async function hellosSentToday(db: DbOrTx, senderId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(hellos)
    .where(and(eq(hellos.senderId, senderId), sql`${hellos.createdAt} > now() - interval '24 hours'`));
  return row?.n ?? 0;
}

export async function findHello(db: DbOrTx, senderId: string, recipientId: string): Promise<HelloRow | null> {
  const [row] = await db
    .select()
    .from(hellos)
    .where(and(eq(hellos.senderId, senderId), eq(hellos.recipientId, recipientId)))
    .limit(1);
  return row ?? null;
}

export async function findHelloById(db: DbOrTx, id: string, opts: { lock?: boolean } = {}): Promise<HelloRow | null> {
  const q = db.select().from(hellos).where(eq(hellos.id, id)).limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function insertHello(db: DbOrTx, h: { senderId: string; recipientId: string; note: string | null; status: 'pending' | 'accepted' }) {
  const [row] = await db
    .insert(hellos)
    .values({ ...h, respondedAt: h.status === 'accepted' ? sql`now()` : null })
    .returning();
  return row!;
}

export async function setHelloStatus(db: DbOrTx, id: string, status: 'accepted' | 'declined' | 'withdrawn') {
  await db.update(hellos).set({ status, respondedAt: sql`now()` }).where(eq(hellos.id, id));
}

/** Create the pair's match, or make an ended one active again. */
export async function activateMatch(db: DbOrTx, a: string, b: string): Promise<MatchRow> {
  const [user1Id, user2Id] = orderedPair(a, b);
  const [row] = await db
    .insert(matches)
    .values({ user1Id, user2Id, isActive: true })
    .onConflictDoUpdate({ target: [matches.user1Id, matches.user2Id], set: { isActive: true, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

export async function findMatch(db: DbOrTx, a: string, b: string): Promise<MatchRow | null> {
  const [user1Id, user2Id] = orderedPair(a, b);
  const [row] = await db
    .select()
    .from(matches)
    .where(and(eq(matches.user1Id, user1Id), eq(matches.user2Id, user2Id)))
    .limit(1);
  return row ?? null;
}

/** End one of the member's active matches; returns it, or null when it is not theirs or already ended. */
export async function endMatch(db: DbOrTx, id: string, userId: string): Promise<MatchRow | null> {
  const [row] = await db
    .update(matches)
    .set({ isActive: false, updatedAt: sql`now()` })
    .where(and(eq(matches.id, id), eq(matches.isActive, true), or(eq(matches.user1Id, userId), eq(matches.user2Id, userId))))
    .returning();
  return row ?? null;
}

export async function findConversationId(db: DbOrTx, a: string, b: string): Promise<string | null> {
  const [p1, p2] = orderedPair(a, b);
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.participant1Id, p1), eq(conversations.participant2Id, p2)))
    .limit(1);
  return row?.id ?? null;
}

/** Pending hellos to or from the member, newest first, with the other member's card fields (one query). */
export async function listHellos(
  db: DbOrTx,
  userId: string,
  direction: 'received' | 'sent',
  cursor: { c: string; i: string } | null,
  limit: number,
) {
  const mineCol = direction === 'received' ? hellos.recipientId : hellos.senderId;
  const otherCol = direction === 'received' ? hellos.senderId : hellos.recipientId;
  const conditions = [eq(mineCol, userId), eq(hellos.status, 'pending'), eq(profiles.isDeactivated, false), sql`not ${blockedBetween(otherCol, sql`${userId}::uuid`)}`];
  if (cursor) conditions.push(sql`(${hellos.createdAt}, ${hellos.id}) < (${cursor.c}::timestamptz, ${cursor.i}::uuid)`);
  return db
    .select({ hello: hellos, member: memberColumns(profiles), at: exactInstant(hellos.createdAt) })
    .from(hellos)
    .innerJoin(profiles, eq(profiles.id, otherCol))
    .where(and(...conditions))
    .orderBy(desc(hellos.createdAt), desc(hellos.id))
    .limit(limit + 1);
}

export async function countPendingReceived(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(hellos)
    .where(and(eq(hellos.recipientId, userId), eq(hellos.status, 'pending')));
  return row?.n ?? 0;
}

/** Active matches of the member with the other member's card and the pair's conversation (one query). */
export async function listMatches(db: DbOrTx, userId: string, cursor: { c: string; i: string } | null, limit: number) {
  const me = sql`${userId}::uuid`;
  const other = sql`case when ${matches.user1Id} = ${me} then ${matches.user2Id} else ${matches.user1Id} end`;
  const conditions = [
    eq(matches.isActive, true),
    or(eq(matches.user1Id, userId), eq(matches.user2Id, userId)),
    eq(profiles.isDeactivated, false),
  ];
  if (cursor) conditions.push(sql`(${matches.updatedAt}, ${matches.id}) < (${cursor.c}::timestamptz, ${cursor.i}::uuid)`);
  return db
    .select({ match: matches, member: memberColumns(profiles), conversationId: conversations.id, at: exactInstant(matches.updatedAt) })
    .from(matches)
    .innerJoin(profiles, sql`${profiles.id} = ${other}`)
    .leftJoin(conversations, and(eq(conversations.participant1Id, matches.user1Id), eq(conversations.participant2Id, matches.user2Id)))
    .where(and(...conditions))
    .orderBy(desc(matches.updatedAt), desc(matches.id))
    .limit(limit + 1);
}

export async function findMatchById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(matches).where(eq(matches.id, id)).limit(1);
  return row ?? null;
}
