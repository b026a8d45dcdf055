import type { Locale, PushPayload } from '@bayclub/shared';
import { translatorFor } from '../../platform/i18n.js';
import type { DbOrTx } from '../../db/client.js';
import type { AfterCommit } from '../../platform/after-commit.js';
import { SQL } from 'drizzle-orm';
import type { MemberMailer } from '../mail/index.js';
import {
  insertNotification,
  insertNotificationsFor,
  membersAmong,
  upsertUnreadNotification,
  type NewNotification,
  type Pushable,
} from './repository.js';

/**
 * What the notifier needs from the push module: a send that never throws and never blocks, and the SQL test of
 * whether a member has an endpoint on, which the notification's own statement selects so that a member without
 * push costs no lookup after the commit.
 */
export interface PushSender {
  sendToUser(userId: string, payload: PushPayload): void;
  subscribed: Pushable;
}

/** The push a kind renders for a notification in the recipient's language, or none for kinds that do not push. */
const pushOf = <P>(n: Omit<NewNotification<P>, 'userId'>, language: Locale | null) =>
  n.kind.push?.(n.params, { relatedId: n.relatedId ?? null, path: n.path ?? null }, translatorFor(language ?? 'en')) ?? null;
const pushes = <P>(n: Omit<NewNotification<P>, 'userId'>) => !!n.kind.push;

/**
 * Writes a notification row inside the caller's transaction (sockets hear of it at COMMIT) and queues the push its
 * kind renders for after the commit, so nobody is pushed about a write that rolled back. A kind with a mail renderer
 * also writes a mail to the outbox in the same transaction, to each member whose choice lets it through; the
 * outbox is kicked after the commit.
 */
export function createNotifier(push: PushSender, mailer?: MemberMailer) {
  async function mailOf<P>(tx: DbOrTx, after: AfterCommit, userIds: string[], n: Omit<NewNotification<P>, 'userId'>) {
    const renderer = n.kind.mail;
    if (!renderer || !mailer || userIds.length === 0) return;
    const target = { relatedId: n.relatedId ?? null, path: n.path ?? null };
    const written = await mailer.enqueue(tx, userIds, renderer.type, (recipient) => renderer.render(n.params, target, recipient));
    if (written > 0) after.add(() => mailer.kick());
  }

  return {
    async notify<P>(tx: DbOrTx, after: AfterCommit, n: NewNotification<P>) {
      const { pushable, language } = await insertNotification(tx, n, pushes(n) ? push.subscribed : undefined);
      const payload = pushable ? pushOf(n, language) : null;
      if (payload) after.add(() => push.sendToUser(n.userId, payload));
      await mailOf(tx, after, [n.userId], n);
    },

    /**
     * The same notification to every member `recipients` names (ids) or selects (one `user_id` column), in one
     * statement, and a push to each after the commit. Returns the members notified.
     */
    async notifyMany<P>(tx: DbOrTx, after: AfterCommit, recipients: SQL | readonly string[], n: Omit<NewNotification<P>, 'userId'>) {
      const notified = await insertNotificationsFor(
        tx,
        recipients instanceof SQL ? recipients : membersAmong(recipients),
        n,
        pushes(n) ? push.subscribed : undefined,
      );
      // Each member's push in their language: rendered once per language.
      const payloads = new Map<Locale | null, PushPayload | null>();
      const payloadIn = (language: Locale | null) => {
        if (!payloads.has(language)) payloads.set(language, pushOf(n, language));
        return payloads.get(language)!;
      };
      const pushed = notified.filter((m) => m.pushable).flatMap((m) => {
        const payload = payloadIn(m.language);
        return payload ? [{ userId: m.userId, payload }] : [];
      });
      if (pushed.length > 0) after.add(() => pushed.forEach(({ userId, payload }) => push.sendToUser(userId, payload)));
      const userIds = notified.map((m) => m.userId);
      await mailOf(tx, after, userIds, n);
      return userIds;
    },

    /**
     * One unread notification per kind and target, refreshed while unread (a conversation's messages, a post's
     * likes). `pushWhenRefreshed`: whether a refresh pushes again (each message does; another like does not).
     */
    async notifyCollapsed<P>(
      tx: DbOrTx,
      after: AfterCommit,
      n: NewNotification<P> & { relatedId: string },
      opts: { pushWhenRefreshed: boolean },
    ) {
      const { created, pushable, language } = await upsertUnreadNotification(tx, n, pushes(n) ? push.subscribed : undefined);
      const payload = pushable && (created || opts.pushWhenRefreshed) ? pushOf(n, language) : null;
      if (payload) after.add(() => push.sendToUser(n.userId, payload));
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
