import type { PushPayload } from '@bayclub/shared';
import type { DbOrTx } from '../../db/client.js';
import type { AfterCommit } from '../../platform/after-commit.js';
import { insertNotification, insertNotifications, upsertMessageNotification, type NewNotification } from './repository.js';

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

    /** The same notification (and push) for several members, in a constant number of statements. */
    async notifyMany(tx: DbOrTx, after: AfterCommit, userIds: readonly string[], n: Omit<NewNotification, 'userId'>, payload?: PushPayload) {
      await insertNotifications(tx, userIds, n);
      if (payload) for (const userId of userIds) after.add(() => push.sendToUser(userId, payload));
    },

    /** A new message: one notification per conversation, refreshed while unread. */
    async notifyMessage(tx: DbOrTx, after: AfterCommit, n: NewNotification & { relatedId: string }, payload: PushPayload) {
      await upsertMessageNotification(tx, n);
      after.add(() => push.sendToUser(n.userId, payload));
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
