import type { PushPayload } from '@bayclub/shared';
import type { DbOrTx } from '../../db/client.js';
import type { AfterCommit } from '../../platform/after-commit.js';
import type { SQL } from 'drizzle-orm';
import { insertNotification, insertNotificationsFor, upsertMessageNotification, type NewNotification } from './repository.js';

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
    async notifyMany(tx: DbOrTx, after: AfterCommit, recipients: SQL, n: Omit<NewNotification, 'userId'>, payload?: PushPayload) {
      const userIds = await insertNotificationsFor(tx, recipients, n);
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
