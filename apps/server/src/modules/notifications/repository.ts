import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { notifications, users } from '../../db/schema/index.js';
import { isLocale, LOCALES, type Locale } from '@bayclub/shared';
import type { NotificationKind } from './kinds.js';
import { BUS_CHANNEL } from '../../platform/bus.js';
import { exactInstant } from '../../platform/cursor.js';
import { columnsOf, rowsOf, textArray } from '../../platform/sql.js';

export type NotificationRow = typeof notifications.$inferSelect;

/** A notification to write: its kind, the parameters the kind renders, and where it points. */
export interface NewNotification<P = unknown> {
  userId: string;
  kind: NotificationKind<P>;
  params: P;
  relatedId?: string | null;
  /** In-app path a click opens, when the type alone does not say. */
  path?: string | null;
}

const valuesOf = <P>(n: NewNotification<P>) => ({
  userId: n.userId,
  type: n.kind.type,
  kind: n.kind.name,
  params: n.params as Record<string, unknown>,
  relatedId: n.relatedId ?? null,
  path: n.path ?? null,
});

/** Announces each row of `rows` (a CTE with id and user_id) to its member's sockets: the bus event 'notif'. */
const announceEach = (rows: SQL) => sql`pg_notify(${BUS_CHANNEL}, json_build_object('k', 'notif', 'id', ${rows}.id, 'u', ${rows}.user_id)::text)`;

/** The member's language (null: not known), read with the push test so a push is written in it (issue 26). */
const language = z.enum(LOCALES).nullable();
const languageOf = (rows: SQL) => sql`(select u.language from ${users} u where u.id = ${rows}.user_id)`;

const writtenRow = z.object({
  ...columnsOf(notifications, 'id'),
  created: z.boolean(),
  announced: z.boolean(),
  pushable: z.boolean(),
  language,
});

/**
 * Whether a written row's member can be pushed (the push module's test, given by the notifier), selected in the same
 * statement as the write; without one, nobody is.
 */
export type Pushable = (userId: SQL) => SQL<boolean>;
const pushableOf = (rows: SQL, pushable: Pushable | undefined) => (pushable ? pushable(sql`${rows}.user_id`) : sql`false`);

/**
 * Insert a notification and announce it to the member's sockets (delivered when the transaction commits): one
 * statement (issue 25: it took two).
 */
export async function insertNotification<P>(db: DbOrTx, n: NewNotification<P>, pushable?: Pushable) {
  const v = valuesOf(n);
  const [row] = rowsOf(
    await db.execute(sql`
      with ins as (
        insert into ${notifications} (user_id, type, kind, params, related_id, path)
        values (${v.userId}, ${v.type}, ${v.kind}, ${JSON.stringify(v.params)}::jsonb, ${v.relatedId}, ${v.path})
        returning id, user_id)
      select id, true as created, ${announceEach(sql`ins`)} is not null as announced, ${pushableOf(sql`ins`, pushable)} as pushable,
        ${languageOf(sql`ins`)} as language
      from ins`),
    writtenRow,
  );
  return { id: row!.id, pushable: row!.pushable, language: row!.language };
}

const notifiedRow = z.object({ ...columnsOf(notifications, 'user_id'), pushable: z.boolean(), language });

/**
 * The same notification for every member `recipients` selects (a query of one `user_id` column), in one statement:
 * INSERT ... SELECT, each row announced to its member's sockets at COMMIT as insertNotification does. Returns the
 * members notified (for their pushes). Used where a whole audience hears of one thing (a community's new event).
 */
/** The members named, as insertNotificationsFor's recipients. */
export const membersAmong = (userIds: readonly string[]) => sql`select unnest(${textArray(userIds)}::uuid[]) as user_id`;

export async function insertNotificationsFor<P>(
  db: DbOrTx,
  recipients: SQL,
  n: Omit<NewNotification<P>, 'userId'>,
  pushable?: Pushable,
): Promise<Array<{ userId: string; pushable: boolean; language: Locale | null }>> {
  const v = valuesOf({ ...n, userId: '' });
  const res = await db.execute(sql`
    with ins as (
      insert into ${notifications} (user_id, type, kind, params, related_id, path)
      select distinct rcp.user_id, ${v.type}, ${v.kind}, ${JSON.stringify(v.params)}::jsonb, ${v.relatedId}, ${v.path}
      from (${recipients}) rcp
      returning id, user_id)
    select ins.user_id, pg_notify(${BUS_CHANNEL}, json_build_object('k', 'notif', 'id', ins.id, 'u', ins.user_id)::text),
      ${pushableOf(sql`ins`, pushable)} as pushable, ${languageOf(sql`ins`)} as language
    from ins`);
  return rowsOf(res, notifiedRow).map((r) => ({ userId: r.user_id, pushable: r.pushable, language: r.language }));
}

/**
 * One unread notification per kind and target (a conversation's messages, a post's likes): a new one refreshes it
 * (parameters and time) instead of piling up a row each. Returns the row's id and whether it was new. Callers hold
 * the target's row lock, so two writers cannot both insert.
 */
export async function upsertUnreadNotification<P>(db: DbOrTx, n: NewNotification<P> & { relatedId: string }, pushable?: Pushable) {
  const v = valuesOf(n);
  // Refresh the unread one, or add one: the insert runs only when no row was refreshed. Either way it is announced,
  // all in one statement (issue 25: it took two or three).
  const [row] = rowsOf(
    await db.execute(sql`
      with refreshed as (
        update ${notifications} set params = ${JSON.stringify(v.params)}::jsonb, created_at = now()
        where user_id = ${v.userId}::uuid and kind = ${v.kind} and related_id = ${v.relatedId} and read_at is null
        returning id, user_id, false as created),
      added as (
        insert into ${notifications} (user_id, type, kind, params, related_id, path)
        select ${v.userId}::uuid, ${v.type}, ${v.kind}, ${JSON.stringify(v.params)}::jsonb, ${v.relatedId}, ${v.path}
        where not exists (select 1 from refreshed)
        returning id, user_id, true as created),
      written as (select * from refreshed union all select * from added)
      select id, created, ${announceEach(sql`written`)} is not null as announced, ${pushableOf(sql`written`, pushable)} as pushable,
        ${languageOf(sql`written`)} as language
      from written`),
    writtenRow,
  );
  return { id: row!.id, created: row!.created, pushable: row!.pushable, language: row!.language };
}

export async function listNotifications(
  db: DbOrTx,
  userId: string,
  opts: { cursor: { c: string; i: string } | null; limit: number },
): Promise<Array<{ row: NotificationRow; at: string }>> {
  const conditions = [eq(notifications.userId, userId)];
  if (opts.cursor) {
    conditions.push(sql`(${notifications.createdAt}, ${notifications.id}) < (${opts.cursor.c}::timestamptz, ${opts.cursor.i}::uuid)`);
  }
  return db
    .select({ row: notifications, at: exactInstant(notifications.createdAt) })
    .from(notifications)
    .where(and(...conditions))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(opts.limit + 1);
}

/** One notification of the member, with the member's language (a socket's copy is written in it). */
export async function findNotification(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<{ row: NotificationRow; language: Locale | null } | null> {
  const [found] = await db
    .select({ row: notifications, language: users.language })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .limit(1);
  return found ? { row: found.row, language: isLocale(found.language) ? found.language : null } : null;
}

export async function countUnread(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Mark the given notifications of the member (or all of them) read; returns how many changed. */
export async function markRead(db: DbOrTx, userId: string, ids?: string[]): Promise<number> {
  const conditions = [eq(notifications.userId, userId), isNull(notifications.readAt)];
  if (ids) {
    if (!ids.length) return 0;
    conditions.push(inArray(notifications.id, ids));
  }
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(...conditions))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Opening a conversation reads its message notification too. */
export async function markConversationNotificationsRead(db: DbOrTx, userId: string, conversationId: string) {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.type, 'message'),
        eq(notifications.relatedId, conversationId),
        isNull(notifications.readAt),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}
