import type { ConversationView, MessageView } from '@bayclub/shared';
import type { ConversationListRow, MessageRow } from './repository.js';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** The client id is the sender's own business: others never see it. */
export function presentMessage(m: MessageRow, viewerId: string): MessageView {
  return {
    id: m.id,
    seq: Number(m.seq),
    conversationId: m.conversationId,
    senderId: m.senderId,
    content: m.content,
    mediaUrls: m.mediaUrls,
    messageType: m.messageType,
    createdAt: m.createdAt.toISOString(),
    clientId: m.senderId === viewerId ? m.clientId : null,
  };
}

export function presentConversation(r: ConversationListRow): ConversationView {
  return {
    id: r.id,
    member: r.has_profile
      ? {
          id: r.other_id,
          fullName: r.full_name,
          username: r.username,
          profilePictureUrl: r.profile_picture_url,
          isVerified: !!r.is_verified,
          age: r.age,
          city: r.city,
        }
      : null,
    lastMessage:
      r.last_sender_id && r.last_type && r.last_created_at
        ? { senderId: r.last_sender_id, content: r.last_content ?? '', messageType: r.last_type, createdAt: iso(r.last_created_at) }
        : null,
    unreadCount: Number(r.unread),
    updatedAt: iso(r.updated_at),
    canMessage: r.matched,
    otherLastReadSeq: Number(r.other_last_read_seq),
  };
}
