import { randomUUID } from 'node:crypto';
import {
  firstLink,
  type AttachmentKind,
  messageTypeFor,
  type ConversationView,
  type LinkPreviewView,
  type MessagePage,
  type ReadResult,
  type SendMessageInput,
} from '@bayclub/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { AfterCommit } from '../../platform/after-commit.js';
import { announcingTo, publish } from '../../platform/bus.js';
import { decodeCursor, encodeCursor, isTimeCursor } from '../../platform/cursor.js';
import { canSeeMembers, findProfile, isBlockedEitherWay, type Actor } from '../access/index.js';
import { findMatch } from '../connections/index.js';
import { claimAttachments } from '../chat-media/index.js';
import { markConversationNotificationsRead, type Notifier } from '../notifications/index.js';
import { messageNoticeParams, messageNotification } from './notifications.js';
import { presentConversation, presentMessage } from './presenter.js';
import * as repo from './repository.js';
import type { MessageRow } from './repository.js';
import { MESSAGING_ERRORS as M } from './messages.js';


const notAvailable = () => notFound(M.notFound);
const reusedClientId = () => conflict(M.clientIdReused);
const noMatchToSend = () => new AppError(403, 'NO_MATCH', M.sendFailed);

export interface LinkPreviewer {
  preview(url: string): Promise<LinkPreviewView | null>;
}

export function createMessagingService(deps: { db: Db; notifier: Notifier; previews: LinkPreviewer }) {
  const { db, notifier, previews } = deps;

  /** A conversation the member takes part in and may see (the other member active, no block); else 404. */
  async function visible(actor: Actor, id: string) {
    const access = await repo.conversationAccess(db, id, actor.userId);
    if (!access || access.hidden) throw notAvailable();
    return access;
  }

  async function view(actor: Actor, id: string): Promise<ConversationView> {
    const [row] = await repo.listConversations(db, actor.userId, { id, limit: 1 });
    if (!row) throw notAvailable();
    return presentConversation(row);
  }

  return {
    async list(actor: Actor, cursor: string | undefined, limit: number) {
      const rows = await repo.listConversations(db, actor.userId, { cursor: decodeCursor(cursor, isTimeCursor), limit });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map(presentConversation),
        nextCursor: rows.length > limit && last ? encodeCursor({ c: last.cursor_at, i: last.id }) : null,
      };
    },

    get: view,

    /**
     * Spec section 4: the conversation is created on opening when a match exists and none exists yet. An
     * existing conversation opens even after an unmatch (its history stays readable; sending does not).
     */
    async open(actor: Actor, userId: string): Promise<ConversationView> {
      if (userId === actor.userId) throw badRequest(M.ownProfile, { userId: M.ownProfile });
      // An applicant with the message flag sees no other member (decision 009): the unknown member's answer.
      const other = canSeeMembers(actor) ? await findProfile(db, userId) : null;
      if (!other || other.isDeactivated || (await isBlockedEitherWay(db, actor.userId, userId))) throw notFound(M.memberUnavailable);
      const existing = await repo.findConversationByPair(db, actor.userId, userId);
      if (existing) return view(actor, existing.id);
      const match = await findMatch(db, actor.userId, userId);
      if (!match?.isActive) throw new AppError(403, 'NO_MATCH', M.noMatch);
      const created = await repo.ensureConversation(db, actor.userId, userId);
      return view(actor, created.id);
    },

    async messages(actor: Actor, id: string, q: { before?: number; after?: number; limit: number }): Promise<MessagePage> {
      await visible(actor, id);
      const { rows, newestFirst } = await repo.listMessages(db, id, q);
      const hasMore = rows.length > q.limit;
      const page = rows.slice(0, q.limit);
      if (newestFirst) page.reverse();
      return { items: page.map((m) => presentMessage(m, actor.userId)), hasMore };
    },

    /**
     * Send with an idempotency key: a retry (same sender, same clientId) returns the first message. Everything
     * is one transaction under the conversation's row lock: the match check, attachments, the message, the
     * sender's read mark, the recipient's notification and the socket announcement (delivered at COMMIT). A text
     * takes two statements in it (issue 25): the send (lookup, lock, checks, message, read mark, announcement) and
     * the notification. Files are claimed under the lock before the send, so a message with files locks first.
     */
    async send(actor: Actor, id: string, input: Required<Pick<SendMessageInput, 'clientId'>> & { content: string; mediaUrls: string[] }) {
      /** The message first sent with this key: the answer to a retry, or a conflict when it went elsewhere. */
      const answerOf = (first: MessageRow) => {
        if (first.conversationId !== id) throw reusedClientId();
        return { row: first, created: false };
      };
      const firstOf = async (tx: DbOrTx) => answerOf((await repo.findBySenderClientId(tx, actor.userId, input.clientId))!);
      const withFiles = input.mediaUrls.length > 0;
      if (withFiles) {
        // A retry of a send with files is answered before its files are looked at again.
        const earlier = await repo.findBySenderClientId(db, actor.userId, input.clientId);
        if (earlier) return present(answerOf(earlier));
      }
      const after = new AfterCommit();
      const result = await db.transaction(async (tx) => {
        let kinds: AttachmentKind[] = [];
        if (withFiles) {
          const access = await repo.conversationAccess(tx, id, actor.userId, { lock: true });
          if (!access) throw notAvailable();
          if (access.hidden || !access.matched) throw noMatchToSend();
          const claimed = await claimAttachments(tx, { uploaderId: actor.userId, conversationId: id, urls: input.mediaUrls });
          if (!claimed) throw badRequest(M.attachmentInvalid, { mediaUrls: M.attachmentInvalid });
          kinds = claimed;
        }
        // The id is chosen here so that the one statement that inserts the message can also announce it.
        const messageId = randomUUID();
        const sent = await repo.sendMessage(
          tx,
          {
            id: messageId,
            conversationId: id,
            senderId: actor.userId,
            content: input.content,
            mediaUrls: input.mediaUrls,
            messageType: messageTypeFor(input.content, kinds),
            clientId: input.clientId,
          },
          (audience) => announcingTo<'msg'>({ k: 'msg', id: messageId, c: id }, audience),
        );
        switch (sent.kind) {
          case 'unavailable':
            throw notAvailable();
          case 'unmatched':
            throw noMatchToSend();
          case 'earlier':
          case 'raced':
            // A retry, or a concurrent send with the same key that committed first: answer with its message. When
            // that one went to another conversation this is a conflict, thrown here so that files claimed above are
            // released again.
            return firstOf(tx);
          case 'sent':
            break;
        }
        await notifier.notifyCollapsed(
          tx,
          after,
          {
            userId: sent.otherId,
            kind: messageNotification,
            params: messageNoticeParams({ id: actor.userId, fullName: actor.profile?.fullName }, sent.message),
            relatedId: id,
          },
          { pushWhenRefreshed: true },
        );
        return { row: sent.message, created: true };
      });
      if (result.created) after.run();
      return present(result);

      function present(r: { row: MessageRow; created: boolean }) {
        return { message: presentMessage(r.row, actor.userId), created: r.created };
      }
    },

    /** Opening a conversation reads it: the read mark moves to the newest message, its notification is read. */
    async markRead(actor: Actor, id: string): Promise<ReadResult> {
      const { otherId } = await visible(actor, id);
      const lastReadSeq = await db.transaction(async (tx) => {
        const latest = await repo.latestSeq(tx, id);
        const before = await repo.readMark(tx, id, actor.userId);
        const readNotifications = await markConversationNotificationsRead(tx, actor.userId, id);
        if (latest > before) {
          await repo.markReadUpTo(tx, id, actor.userId, latest);
          await publish(tx, { k: 'read', c: id, r: actor.userId, s: latest, u: [actor.userId, otherId] });
        } else if (readNotifications) {
          await publish(tx, { k: 'unread', u: actor.userId });
        }
        return Math.max(latest, before);
      });
      const totals = await repo.unreadTotals(db, actor.userId);
      return { lastReadSeq, unreadTotal: totals.messages };
    },

    async unreadCount(actor: Actor) {
      return (await repo.unreadTotals(db, actor.userId)).messages;
    },

    /** The preview of a message's first link; the caller must take part in the conversation. */
    async linkPreview(actor: Actor, messageId: string): Promise<LinkPreviewView | null> {
      const message = await repo.findVisibleMessage(db, messageId, actor.userId);
      if (!message) throw notFound(M.messageUnavailable);
      const url = firstLink(message.content);
      return url ? previews.preview(url) : null;
    },
  };
}

export type MessagingService = ReturnType<typeof createMessagingService>;
