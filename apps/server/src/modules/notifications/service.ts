import type { PushPayload } from '@bayclub/shared';
import type { DbOrTx } from '../../db/client.js';
import type { AfterCommit } from '../../platform/after-commit.js';
import { sql, type SQL } from 'drizzle-orm';
import { textArray } from '../../platform/sql-arrays.js';
import { insertNotification, insertNotificationsFor, upsertMessageNotification, type NewNotification } from './repository.js';

const isIdList = (r: SQL | readonly string[]): r is readonly string[] => Array.isArray(r);

/** What the notifier needs from the push module: a send that never throws and never blocks. */
export interface PushSender {
  sendToUser(userId: string, payload: PushPayload): void;
}

/**
 * Writes a notification row inside the caller's transaction (sockets hear of it at COMMIT) and queues the
 * push for after the commit, so nobody is pushed about a write that rolled back.
 */
export function createNotifier(push: PushSender) {
  return {
    async notify(tx: DbOrTx, after: AfterCommit, n: NewNotification, payload?: PushPayload) {
      await insertNotification(tx, n);
      if (payload) after.add(() => push.sendToUser(n.userId, payload));
    },

    /**
     * The same notification to every member `recipients` selects (one `user_id` column), in one statement, and a
     * push to each after the commit. Returns the members notified.
     */
    async notifyMany(tx: DbOrTx, after: AfterCommit, recipients: SQL | readonly string[], n: Omit<NewNotification, 'userId'>, payload?: PushPayload) {
      // A list of ids (the promoted waitlist, a reminder's audience) is selected from an array parameter.
      const select = isIdList(recipients) ? sql`select unnest(${textArray(recipients)}::uuid[]) as user_id` : recipients;
      const userIds = await insertNotificationsFor(tx, select, n);
      if (payload) after.add(() => userIds.forEach((userId) => push.sendToUser(userId, payload)));
      return userIds;
    },

    /** A new message: one notification per conversation, refreshed while unread. */
    async notifyMessage(tx: DbOrTx, after: AfterCommit, n: NewNotification & { relatedId: string }, payload: PushPayload) {
      await upsertMessageNotification(tx, n);
      after.add(() => push.sendToUser(n.userId, payload));
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
