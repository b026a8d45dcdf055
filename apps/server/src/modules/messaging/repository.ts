import { and, asc, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { reusedQuery, type DbOrTx } from '../../db/client.js';
import { conversationReads, conversations, matches, messages, notifications, profiles } from '../../db/schema/index.js';
import { blockedBetween, orderedPair } from '../access/index.js';
import { exactInstant } from '../../platform/cursor.js';
import { columnOf, columnsOf, count, leftJoined, rowsOf, textArray, uuid } from '../../platform/sql.js';

export type MessageRow = typeof messages.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;

const otherOf = (me: SQL) => sql`case when c.participant1_id = ${me} then c.participant2_id else c.participant1_id end`;

/** Participants, the pair's match, and whether the other member is hidden (deactivated, or a block either way). */
export interface ConversationAccess {
  id: string;
  otherId: string;
  matched: boolean;
  hidden: boolean;
}

const conversationAccessRow = z.object({ id: columnOf(conversations, 'id'), other_id: uuid(), matched: z.boolean(), hidden: z.boolean() });

/** The conversation `id` (alias c) with the access facts of ConversationAccess, if member `me` takes part in it. */
const accessSelect = (me: SQL, id: SQL, andAlso: SQL) => sql`
  select c.id, ${otherOf(me)} as other_id, coalesce(m.is_active, false) as matched,
    (coalesce(o.is_deactivated, true) or ${blockedBetween(sql`c.participant1_id`, sql`c.participant2_id`)}) as hidden
  from ${conversations} c
  left join ${matches} m on m.user1_id = c.participant1_id and m.user2_id = c.participant2_id
  left join ${profiles} o on o.id = ${otherOf(me)}
  where c.id = ${id} and (c.participant1_id = ${me} or c.participant2_id = ${me}) and ${andAlso}`;

/**
 * The conversation if the member takes part in it, else null. With `lock`, the conversation row is locked for
 * the transaction: sends in one conversation are serialised, so a conversation's seq order is its commit order.
 */
export async function conversationAccess(db: DbOrTx, id: string, userId: string, opts: { lock?: boolean } = {}): Promise<ConversationAccess | null> {
  const res = await db.execute(sql`${accessSelect(sql`${userId}::uuid`, sql`${id}::uuid`, sql`true`)} ${opts.lock ? sql`for update of c` : sql``}`);
  const row = rowsOf(res, conversationAccessRow)[0];
  return row ? { id: row.id, otherId: row.other_id, matched: row.matched, hidden: row.hidden } : null;
}

const conversationListRow = z.object({
  ...columnsOf(conversations, 'id', 'updated_at'),
  /** updated_at with its microseconds, for the cursor. */
  cursor_at: z.string(),
  other_id: uuid(),
  // The other member's profile and the last message are left-joined.
  ...leftJoined(columnsOf(profiles, 'full_name', 'username', 'profile_picture_url', 'is_verified', 'age', 'city')),
  has_profile: z.boolean(),
  ...leftJoined({
    last_sender_id: columnOf(messages, 'sender_id'),
    last_content: columnOf(messages, 'content'),
    last_type: columnOf(messages, 'message_type'),
    last_created_at: columnOf(messages, 'created_at'),
  }),
  unread: z.number().int(),
  matched: z.boolean(),
  /** An int8 (last_read_seq). */
  other_last_read_seq: count(),
});
export type ConversationListRow = z.output<typeof conversationListRow>;

/**
 * The member's visible conversations (the other member active, no block either way), newest first, each with
 * the other member's card, the last message and the unread count: one query, each part an index lookup.
 */
export async function listConversations(
  db: DbOrTx,
  userId: string,
  opts: { cursor?: { c: string; i: string } | null; id?: string; limit: number },
): Promise<ConversationListRow[]> {
  const me = sql`${userId}::uuid`;
  const res = await db.execute(sql`
    select c.id, c.updated_at, ${exactInstant(sql`c.updated_at`)} as cursor_at, ${otherOf(me)} as other_id,
      o.full_name, o.username, o.profile_picture_url, o.is_verified, o.age, o.city, (o.id is not null) as has_profile,
      lm.sender_id as last_sender_id, lm.content as last_content, lm.message_type as last_type, lm.created_at as last_created_at,
      coalesce(un.n, 0)::int as unread,
      coalesce(m.is_active, false) as matched,
      coalesce(orr.last_read_seq, 0) as other_last_read_seq
    from ${conversations} c
    left join ${profiles} o on o.id = ${otherOf(me)}
    left join ${matches} m on m.user1_id = c.participant1_id and m.user2_id = c.participant2_id
    left join ${conversationReads} r on r.conversation_id = c.id and r.user_id = ${me}
    left join ${conversationReads} orr on orr.conversation_id = c.id and orr.user_id = ${otherOf(me)}
    left join lateral (
      select x.sender_id, x.content, x.message_type, x.created_at from ${messages} x
      where x.conversation_id = c.id order by x.seq desc limit 1
    ) lm on true
    left join lateral (
      select count(*) as n from ${messages} y
      where y.conversation_id = c.id and y.seq > coalesce(r.last_read_seq, 0) and y.sender_id <> ${me}
    ) un on true
    where (c.participant1_id = ${me} or c.participant2_id = ${me})
      and coalesce(o.is_deactivated, false) = false
      and not ${blockedBetween(sql`c.participant1_id`, sql`c.participant2_id`)}
      ${opts.id ? sql`and c.id = ${opts.id}` : sql``}
      ${opts.cursor ? sql`and (c.updated_at, c.id) < (${opts.cursor.c}::timestamptz, ${opts.cursor.i}::uuid)` : sql``}
    order by c.updated_at desc, c.id desc
    limit ${opts.limit + 1}
  `);
  return rowsOf(res, conversationListRow);
}

export async function findConversationByPair(db: DbOrTx, a: string, b: string): Promise<ConversationRow | null> {
  const [p1, p2] = orderedPair(a, b);
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.participant1Id, p1), eq(conversations.participant2Id, p2)))
    .limit(1);
  return row ?? null;
}

/** Create the pair's conversation unless it exists (two members opening at once get the same one). */
export async function ensureConversation(db: DbOrTx, a: string, b: string): Promise<ConversationRow> {
  const [participant1Id, participant2Id] = orderedPair(a, b);
  await db.insert(conversations).values({ participant1Id, participant2Id }).onConflictDoNothing();
  return (await findConversationByPair(db, a, b))!;
}

/** The newest page, and the page before a seq: every open chat reads them. */
const newestMessages = reusedQuery((db) =>
  db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, sql.placeholder('conversationId')))
    .orderBy(desc(messages.seq))
    .limit(sql.placeholder('limit'))
    .prepare('messages_newest'),
);
const messagesBefore = reusedQuery((db) =>
  db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, sql.placeholder('conversationId')), lt(messages.seq, sql.placeholder('before'))))
    .orderBy(desc(messages.seq))
    .limit(sql.placeholder('limit'))
    .prepare('messages_before'),
);

export async function listMessages(db: DbOrTx, conversationId: string, opts: { before?: number; after?: number; limit: number }) {
  if (opts.after === undefined) {
    const values = { conversationId, before: opts.before, limit: opts.limit + 1 };
    const rows = await (opts.before === undefined ? newestMessages(db) : messagesBefore(db)).execute(values);
    return { rows, newestFirst: true };
  }
  // Newer messages: the first ones after the mark, oldest first.
  const conditions = [eq(messages.conversationId, conversationId), gt(messages.seq, opts.after)];
  if (opts.before !== undefined) conditions.push(lt(messages.seq, opts.before));
  return {
    rows: await db.select().from(messages).where(and(...conditions)).orderBy(asc(messages.seq)).limit(opts.limit + 1),
    newestFirst: false,
  };
}

const messageByClientId = reusedQuery((db) =>
  db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, sql.placeholder('senderId')), eq(messages.clientId, sql.placeholder('clientId'))))
    .limit(1)
    .prepare('message_by_client_id'),
);

export async function findBySenderClientId(db: DbOrTx, senderId: string, clientId: string): Promise<MessageRow | null> {
  const [row] = await messageByClientId(db).execute({ senderId, clientId });
  return row ?? null;
}

const sentRow = z.object({
  earlier_conversation_id: uuid().nullable(),
  found: z.boolean(),
  other_id: uuid().nullable(),
  matched: z.boolean().nullable(),
  hidden: z.boolean().nullable(),
  seq: count().nullable(),
  created_ms: count().nullable(),
});

/** What sendMessage did. */
export type SendOutcome =
  /** The sender used this idempotency key before, for a message in this conversation (or another one). */
  | { kind: 'earlier'; conversationId: string }
  /** The sender takes no part in the conversation, or it does not exist. */
  | { kind: 'unavailable' }
  /** The pair is no longer matched, or the other member is hidden from the sender (deactivated, a block). */
  | { kind: 'unmatched' }
  /** A concurrent send with the same key committed first. */
  | { kind: 'raced' }
  | { kind: 'sent'; message: MessageRow; otherId: string };

/**
 * A send in one statement (issue 25: it took five): the idempotency lookup; the conversation's row lock with the
 * checks that the sender may write in it (a participant, still matched, nobody hidden); the message; the conversation
 * to the top of both inboxes; the sender's read mark to the message (never back); and the announcement `announce`
 * makes for the two participants (an SQL uuid[]). Only seq and the time are the database's: the rest of the row is
 * the caller's. The lock is taken before the insert draws its seq, so a conversation's seq order is its commit order.
 */
export async function sendMessage(
  db: DbOrTx,
  m: Omit<MessageRow, 'seq' | 'createdAt'>,
  announce: (audience: SQL) => SQL,
): Promise<SendOutcome> {
  const me = sql`${m.senderId}::uuid`;
  const res = await db.execute(sql`
    with earlier as (
      select conversation_id from ${messages} where sender_id = ${me} and client_id = ${m.clientId}::uuid),
    c as (${accessSelect(me, sql`${m.conversationId}::uuid`, sql`not exists (select 1 from earlier)`)} for update of c),
    ins as (
      insert into ${messages} (id, conversation_id, sender_id, content, media_urls, message_type, client_id)
      select ${m.id}::uuid, c.id, ${me}, ${m.content}, ${textArray(m.mediaUrls)}, ${m.messageType}, ${m.clientId}::uuid
      from c where c.matched and not c.hidden
      on conflict (sender_id, client_id) do nothing
      returning seq, created_at),
    touched as (update ${conversations} set updated_at = now() where id = ${m.conversationId}::uuid and exists (select 1 from ins)),
    read as (
      insert into ${conversationReads} (conversation_id, user_id, last_read_seq)
      select ${m.conversationId}::uuid, ${me}, seq from ins
      on conflict (conversation_id, user_id)
      do update set last_read_seq = greatest(${conversationReads}.last_read_seq, excluded.last_read_seq), updated_at = now()),
    announced as (select ${announce(sql`array[${me}, c.other_id]`)} is not null as done from ins, c)
    -- The time in whole milliseconds, as a Date read from the column keeps it (a Date has no microseconds).
    select e.conversation_id as earlier_conversation_id, c.id is not null as found, c.other_id, c.matched, c.hidden,
      ins.seq, floor(extract(epoch from ins.created_at) * 1000)::bigint as created_ms, (select done from announced) as announced
    from (select 1) one
    left join earlier e on true
    left join c on true
    left join ins on true`);
  const row = rowsOf(res, sentRow)[0]!;
  if (row.earlier_conversation_id) return { kind: 'earlier', conversationId: row.earlier_conversation_id };
  if (!row.found) return { kind: 'unavailable' };
  if (row.hidden || !row.matched) return { kind: 'unmatched' };
  if (row.seq === null || row.created_ms === null) return { kind: 'raced' };
  return { kind: 'sent', message: { ...m, seq: row.seq, createdAt: new Date(row.created_ms) }, otherId: row.other_id! };
}

/** Move the member's read mark forward (never back). */
export async function markReadUpTo(db: DbOrTx, conversationId: string, userId: string, seq: number) {
  await db
    .insert(conversationReads)
    .values({ conversationId, userId, lastReadSeq: seq })
    .onConflictDoUpdate({
      target: [conversationReads.conversationId, conversationReads.userId],
      set: { lastReadSeq: sql`greatest(${conversationReads.lastReadSeq}, excluded.last_read_seq)`, updatedAt: sql`now()` },
    });
}

export async function latestSeq(db: DbOrTx, conversationId: string): Promise<number> {
  const [row] = await db
    .select({ seq: messages.seq })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.seq))
    .limit(1);
  return row?.seq ?? 0;
}

export async function readMark(db: DbOrTx, conversationId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ s: conversationReads.lastReadSeq })
    .from(conversationReads)
    .where(and(eq(conversationReads.conversationId, conversationId), eq(conversationReads.userId, userId)))
    .limit(1);
  return row?.s ?? 0;
}

const visibleConversationsOf = (me: SQL) => sql`
  select c.id from ${conversations} c
  left join ${profiles} o on o.id = ${otherOf(me)}
  where (c.participant1_id = ${me} or c.participant2_id = ${me})
    and coalesce(o.is_deactivated, false) = false
    and not ${blockedBetween(sql`c.participant1_id`, sql`c.participant2_id`)}`;

const unreadTotalsRow = z.object({ messages: z.number().int(), notifications: z.number().int() });

/** Unread messages and unread notifications of one member, in one round trip. */
export async function unreadTotals(db: DbOrTx, userId: string): Promise<{ messages: number; notifications: number }> {
  const me = sql`${userId}::uuid`;
  const res = await db.execute(sql`
    select
      (select count(*) from ${messages} y
         join (${visibleConversationsOf(me)}) v on v.id = y.conversation_id
         left join ${conversationReads} r on r.conversation_id = y.conversation_id and r.user_id = ${me}
         where y.sender_id <> ${me} and y.seq > coalesce(r.last_read_seq, 0))::int as messages,
      (select count(*) from ${notifications} n where n.user_id = ${me} and n.read_at is null)::int as notifications
  `);
  const row = rowsOf(res, unreadTotalsRow)[0]!;
  return { messages: row.messages, notifications: row.notifications };
}

/** A message, if the member takes part in its conversation and the conversation is visible to them. */
export async function findVisibleMessage(db: DbOrTx, messageId: string, userId: string): Promise<MessageRow | null> {
  const me = sql`${userId}::uuid`;
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, messageId), sql`${messages.conversationId} in (${visibleConversationsOf(me)})`))
    .limit(1);
  return row ?? null;
}

/**
 * Messages a reconnecting member missed: after their last seen seq in their visible conversations. Messages
 * whose transaction began before that one committed can carry a lower seq yet arrive later, so a short grace
 * window before the last seen message is replayed too; clients drop what they already have by id.
 */
export async function missedMessages(db: DbOrTx, userId: string, lastSeq: number, limit: number): Promise<MessageRow[]> {
  const me = sql`${userId}::uuid`;
  return db
    .select()
    .from(messages)
    .where(
      and(
        sql`${messages.conversationId} in (${visibleConversationsOf(me)})`,
        sql`(${messages.seq} > ${lastSeq} or ${messages.createdAt} >= (select s.created_at - interval '10 seconds' from ${messages} s where s.seq = ${lastSeq}))`,
      ),
    )
    .orderBy(asc(messages.seq))
    .limit(limit + 1);
}

export async function findMessage(db: DbOrTx, id: string): Promise<MessageRow | null> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
  return row ?? null;
}

/**
 * A message with what delivery needs, in one round trip: whether a block now stands between the participants,
 * and which of them is deactivated (a member is not sent messages of a conversation hidden to them).
 */
export async function messageForDelivery(db: DbOrTx, id: string): Promise<{ row: MessageRow; hiddenFor: Set<string> } | null> {
  const [found] = await db
    .select({
      row: messages,
      p1: conversations.participant1Id,
      p2: conversations.participant2Id,
      blocked: sql<boolean>`${blockedBetween(conversations.participant1Id, conversations.participant2Id)}`,
      p1Gone: sql<boolean>`coalesce((select is_deactivated from ${profiles} where id = ${conversations.participant1Id}), true)`,
      p2Gone: sql<boolean>`coalesce((select is_deactivated from ${profiles} where id = ${conversations.participant2Id}), true)`,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(messages.id, id))
    .limit(1);
  if (!found) return null;
  const hiddenFor = new Set<string>();
  // Each participant loses the conversation when the other is gone, or when either blocked the other.
  if (found.blocked || found.p2Gone) hiddenFor.add(found.p1);
  if (found.blocked || found.p1Gone) hiddenFor.add(found.p2);
  return { row: found.row, hiddenFor };
}
