import { z } from 'zod';
import type { Locale, NotificationType, PushPayload } from '@bayclub/shared';
import { translatorFor, type Translate } from '../../platform/i18n.js';
import type { MailRenderer } from '../mail/index.js';

/** The words of a notification as the in-app list, the socket and the toast show them. */
export interface NotificationText {
  title: string;
  message: string;
}

/** The row's own columns a push may need besides the parameters (where a click leads). */
export interface NotificationTarget {
  relatedId: string | null;
  path: string | null;
}

/**
 * One kind of notification, owned by the module that writes it: the parameters it stores (validated where rows
 * enter from the database), and how it reads in the app and, for kinds that push, as a push. Rendering happens when
 * the notification is read, so the words can follow the reader (their language) instead of being frozen in rows.
 */
export interface NotificationKind<P> {
  readonly name: string;
  /** The spec's notification type (the panel's icon and link rules). */
  readonly type: NotificationType;
  readonly params: z.ZodType<P>;
  /** Its words for one reader: `t` looks texts up in the reader's language (the module's `locales/`). */
  render(params: P, t: Translate): NotificationText;
  /** Present only for kinds that push: written in the recipient's language. */
  push?(params: P, target: NotificationTarget, t: Translate): PushPayload;
  /** Present only for kinds that mail: the member's choice it follows, and its words (modules/mail lays them out). */
  mail?: MailRenderer<P>;
}

const kinds = new Map<string, NotificationKind<unknown>>();

/**
 * Declare a kind. Modules call this at the top of their own notifications file (the service that writes the kind
 * imports the returned value, so the declaration is in place before any row of it is written or read). Names are
 * '<module>.<what>' and never change: they are stored in rows.
 */
export function defineNotificationKind<P extends Record<string, unknown>>(
  name: string,
  spec: Omit<NotificationKind<P>, 'name'>,
): NotificationKind<P> {
  const kind: NotificationKind<P> = { name, ...spec };
  kinds.set(name, kind as NotificationKind<unknown>);
  return kind;
}

/**
 * What a stored row says. A row whose kind no module declares, or whose parameters do not fit its kind (a
 * renamed field), reads as a bare notification rather than failing the whole list.
 */
export function renderNotification(row: { kind: string; params: unknown }, locale: Locale): NotificationText {
  const kind = kinds.get(row.kind);
  const parsed = kind?.params.safeParse(row.params);
  const t = translatorFor(locale);
  if (!kind || !parsed?.success) return { title: t('notifications.unreadable'), message: '' };
  return kind.render(parsed.data, t);
}

/** Kinds that send a mail of their own (the digest leaves them out: the member had that mail, or chose not to). */
export const mailedKindNames = () => [...kinds.values()].filter((k) => k.mail).map((k) => k.name);

/**
 * Rows written before notifications were data and matching none of the templates the migration knows (0010):
 * they keep their words. No code writes this kind.
 */
export const legacyNotification = defineNotificationKind('notifications.legacy', {
  type: 'other',
  params: z.object({ title: z.string(), message: z.string() }),
  render: (p) => p,
});
