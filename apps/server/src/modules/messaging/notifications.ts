import { z } from 'zod';
import { ATTACHMENT_KINDS, MESSAGING_MESSAGES, type AttachmentKind, type MessageView } from '@bayclub/shared';
import { defineNotificationKind } from '../notifications/index.js';

const MEDIA_TEXT: Record<AttachmentKind, string> = {
  video: 'Sent a video',
  gif: 'Sent a GIF',
  image: 'Sent a photo',
};

const paramsSchema = z.object({
  actorId: z.uuid().nullable(),
  /** The sender's full name as the chat shows it; null: none. */
  actorName: z.string().nullable(),
  /** The start of the text (the member's own words), or null for a message that is only a file. */
  preview: z.string().nullable(),
  media: z.enum(ATTACHMENT_KINDS).nullable(),
});
type MessageNoticeParams = z.output<typeof paramsSchema>;

const senderName = (p: MessageNoticeParams) => p.actorName ?? MESSAGING_MESSAGES.unknownUser;
/** What a notice about a message says: the text, or what was attached. */
const bodyOf = (p: MessageNoticeParams) => p.preview ?? MEDIA_TEXT[p.media ?? 'image'];

/** A new message: one unread notice per conversation, refreshed by each message until it is read. */
export const messageNotification = defineNotificationKind('messaging.message', {
  type: 'message',
  params: paramsSchema,
  render: (p) => ({ title: `New message from ${senderName(p)}`, message: bodyOf(p) }),
  push: (p, target) => ({ title: senderName(p), body: bodyOf(p), url: `/chat/${target.relatedId}`, tag: `chat-${target.relatedId}` }),
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
