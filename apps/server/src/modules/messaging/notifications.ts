import { z } from 'zod';
import { ATTACHMENT_KINDS, type MessageView } from '@bayclub/shared';
import type { Translate } from '../../platform/i18n.js';
import { defineNotificationKind } from '../notifications/index.js';

const paramsSchema = z.object({
  actorId: z.uuid().nullable(),
  /** The sender's full name as the chat shows it; null: none. */
  actorName: z.string().nullable(),
  /** The start of the text (the member's own words), or null for a message that is only a file. */
  preview: z.string().nullable(),
  media: z.enum(ATTACHMENT_KINDS).nullable(),
});
type MessageNoticeParams = z.output<typeof paramsSchema>;

/** The sender's name as the chat shows it (never translated), else "Unknown User" in the reader's language. */
const senderName = (p: MessageNoticeParams, t: Translate) => p.actorName ?? t('messaging.notice.unknownUser');
/** What a notice about a message says: the text (the member's own words), or what was attached. */
const bodyOf = (p: MessageNoticeParams, t: Translate) => p.preview ?? t('messaging.notice.media', { media: p.media ?? 'image' });

/** A new message: one unread notice per conversation, refreshed by each message until it is read. */
export const messageNotification = defineNotificationKind('messaging.message', {
  type: 'message',
  params: paramsSchema,
  render: (p, t) => ({ title: t('messaging.notice.title', { name: senderName(p, t) }), message: bodyOf(p, t) }),
  push: (p, target, t) => ({ title: senderName(p, t), body: bodyOf(p, t), url: `/chat/${target.relatedId}`, tag: `chat-${target.relatedId}` }),
});

/** The parameters of a message's notice: the first 120 characters of its text, else the kind of file it carries. */
export function messageNoticeParams(
  sender: { id: string; fullName: string | null | undefined },
  m: { content: string; messageType: MessageView['messageType'] },
): MessageNoticeParams {
  const text = m.content.trim();
  return {
    actorId: sender.id,
    actorName: sender.fullName?.trim() ? sender.fullName : null,
    preview: text ? (text.length > 120 ? `${text.slice(0, 119)}…` : text) : null,
    media: text ? null : m.messageType === 'video' || m.messageType === 'gif' ? m.messageType : 'image',
  };
}
