import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import type { NotificationKind } from './kinds.js';
import { BUS_CHANNEL, publish } from '../../platform/bus.js';
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

/** Insert a notification and announce it to the member's sockets (delivered when the transaction commits). */
export async function insertNotification<P>(db: DbOrTx, n: NewNotification<P>) {
  const [row] = await db.insert(notifications).values(valuesOf(n)).returning({ id: notifications.id });
  await publish(db, { k: 'notif', id: row!.id, u: n.userId });
  return row!.id;
}

const notifiedRow = z.object(columnsOf(notifications, 'user_id'));

/**
 * The same notification for every member `recipients` selects (a query of one `user_id` column), in one statement:
 * INSERT ... SELECT, each row announced to its member's sockets at COMMIT as insertNotification does. Returns the
 * members notified (for their pushes). Used where a whole audience hears of one thing (a community's new event).
 */
/** The members named, as insertNotificationsFor's recipients. */
export const membersAmong = (userIds: readonly string[]) => sql`select unnest(${textArray(userIds)}::uuid[]) as user_id`;

export async function insertNotificationsFor<P>(db: DbOrTx, recipients: SQL, n: Omit<NewNotification<P>, 'userId'>): Promise<string[]> {
  const v = valuesOf({ ...n, userId: '' });
  const res = await db.execute(sql`
    with ins as (
      insert into ${notifications} (user_id, type, kind, params, related_id, path)
      select distinct rcp.user_id, ${v.type}, ${v.kind}, ${JSON.stringify(v.params)}::jsonb, ${v.relatedId}, ${v.path}
      from (${recipients}) rcp
      returning id, user_id)
    select ins.user_id, pg_notify(${BUS_CHANNEL}, json_build_object('k', 'notif', 'id', ins.id, 'u', ins.user_id)::text) from ins`);
  return rowsOf(res, notifiedRow).map((r) => r.user_id);
}

/**
 * One unread notification per kind and target (a conversation's messages, a post's likes): a new one refreshes it
 * (parameters and time) instead of piling up a row each. Returns the row's id and whether it was new. Callers hold
 * the target's row lock, so two writers cannot both insert.
 */
export async function upsertUnreadNotification<P>(db: DbOrTx, n: NewNotification<P> & { relatedId: string }) {
  const [updated] = await db
    .update(notifications)
    .set({ params: n.params as Record<string, unknown>, createdAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, n.userId),
        eq(notifications.kind, n.kind.name),
        eq(notifications.relatedId, n.relatedId),
        isNull(notifications.readAt),
      ),
    )
    .returning({ id: notifications.id });
  if (!updated) return { id: await insertNotification(db, n), created: true };
  await publish(db, { k: 'notif', id: updated.id, u: n.userId });
  return { id: updated.id, created: false };
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

export async function findNotification(db: DbOrTx, userId: string, id: string): Promise<NotificationRow | null> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .limit(1);
  return row ?? null;
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
