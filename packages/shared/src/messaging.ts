import { z } from 'zod';
import { LIMITS } from './limits.js';
import type { MemberSummary } from './connections.js';

/** Spec section 3: message_type. */
export const MESSAGE_TYPES = ['text', 'link', 'image', 'gif', 'video'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const ATTACHMENT_KINDS = ['image', 'gif', 'video'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

/** Spec sections 2 and 8: the messaging texts. */
export const MESSAGING_MESSAGES = {
  notAvailableTitle: 'Messaging Not Available',
  notAvailableBody:
    'Direct messaging is only available to full platform members. Upgrade to full access to unlock messaging features.',
  ownProfile: 'This is your own profile',
  sendFailed: 'Unable to send message. Please try again later',
  loadFailed: 'Failed to load conversations',
  /** Name lookup: failure falls back to 'User'; a missing name shows 'Unknown User'. */
  lookupFailed: 'User',
  unknownUser: 'Unknown User',
  noConversations: 'No conversations yet',
  noConversationsHint: 'When you match with a member, you can message them here.',
  noMatch: 'You can message this member once you are connected.',
  ended: 'This conversation has ended. You can no longer message each other.',
  notFound: 'This conversation is not available',
  empty: 'No messages yet. Say hello!',
  placeholder: 'Type a message...',
  failed: 'Not sent',
  retry: 'Retry',
  sending: 'Sending...',
  attachmentType: 'Please choose an image or a video',
  /** A video whose location or other metadata we find but cannot remove (see decision 008, "Video metadata"). */
  attachmentVideoMetadata: 'This video carries data we cannot remove, such as where it was recorded. Please choose another video.',
  attachmentTooLarge: (name: string, mb: number) => `File ${name} is too large (max ${mb}MB)`,
  attachmentsMax: `You can attach at most ${LIMITS.messageAttachmentsMax} files`,
  attachmentFailed: 'Failed to upload attachment',
  tooLong: `Messages must be at most ${LIMITS.messageMax} characters`,
  emptyMessage: 'Type a message or attach a file',
  attachmentInvalid: 'An attachment is not available. Please attach it again.',
  loadMessagesFailed: 'Failed to load messages',
} as const;

/** Links are http or https only (spec section 2). */
const LINK = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Trailing punctuation that ends a sentence rather than the URL. */
const TRAILING = /[.,!?;:)\]}]+$/;

export interface TextPart {
  kind: 'text' | 'link';
  text: string;
}

/** Split text into plain parts and http(s) links, so links render as anchors and everything else as text. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(LINK)) {
    let url = m[0];
    const trail = TRAILING.exec(url)?.[0] ?? '';
    url = url.slice(0, url.length - trail.length);
    const start = m.index!;
    if (!isHttpUrl(url)) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

function isHttpUrl(s: string) {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
}

export const firstLink = (text: string): string | null => splitLinks(text).find((p) => p.kind === 'link')?.text ?? null;

/** Spec section 4: media gives image, gif or video from the first file; else a link gives link; else text. */
export function messageTypeFor(content: string, attachmentKinds: readonly AttachmentKind[]): MessageType {
  if (attachmentKinds.length > 0) return attachmentKinds[0]!;
  return firstLink(content) ? 'link' : 'text';
}

/** Chat attachments are stored as `/media/chat-media/{userId}/{name}`; the kind follows from the name. */
export const CHAT_MEDIA_URL = /^\/media\/chat-media\/[0-9a-f-]{36}\/[0-9]{10,16}-[a-z0-9]{8,32}\.(webp|gif\.webp|mp4|webm|mov)$/;
export function attachmentKindOf(url: string): AttachmentKind {
  if (url.endsWith('.gif.webp')) return 'gif';
  if (/\.(mp4|webm|mov)$/.test(url)) return 'video';
  return 'image';
}

export const sendMessageSchema = z
  .object({
    /** Idempotency key chosen by the client: a retried send returns the first message instead of a second one. */
    clientId: z.uuid({ error: 'Must be a valid id' }),
    content: z.string().max(LIMITS.messageMax, { error: MESSAGING_MESSAGES.tooLong }).default(''),
    mediaUrls: z
      .array(z.string().regex(CHAT_MEDIA_URL, { error: MESSAGING_MESSAGES.attachmentInvalid }))
      .max(LIMITS.messageAttachmentsMax, { error: MESSAGING_MESSAGES.attachmentsMax })
      .default([]),
  })
  .refine((m) => m.content.trim().length > 0 || m.mediaUrls.length > 0, {
    error: MESSAGING_MESSAGES.emptyMessage,
    path: ['content'],
  });
export type SendMessageInput = z.input<typeof sendMessageSchema>;

export interface MessageView {
  id: string;
  /** Position in the whole message stream: the order of a conversation and the resume point of the socket. */
  seq: number;
  conversationId: string;
  senderId: string;
  content: string;
  mediaUrls: string[];
  messageType: MessageType;
  createdAt: string;
  /** The sender's idempotency key (only on the sender's own messages), so an optimistic bubble is replaced. */
  clientId: string | null;
}

declare module './realtime.js' {
  interface ServerEvents {
    messaging:
      | { type: 'message'; message: MessageView }
      /** A participant read a conversation up to a message. */
      | { type: 'read'; conversationId: string; userId: string; lastReadSeq: number }
      /** The member's unread totals changed (messages and notifications: the badges). */
      | { type: 'unread'; messages: number; notifications: number }
      /** A conversation can no longer (or can again) carry messages. */
      | { type: 'conversation'; conversationId: string; canMessage: boolean };
  }
}

export interface LastMessageView {
  senderId: string;
  content: string;
  messageType: MessageType;
  createdAt: string;
}

export interface ConversationView {
  id: string;
  /** The other participant; null when the name lookup fails (shown as 'User'). */
  member: MemberSummary | null;
  lastMessage: LastMessageView | null;
  unreadCount: number;
  updatedAt: string;
  /** True while the two members have an active match (sending is allowed). */
  canMessage: boolean;
  /** The other participant's last read message, for read receipts. */
  otherLastReadSeq: number;
}

export const openConversationSchema = z.object({ userId: z.uuid({ error: 'Must be a valid id' }) });

export const messagesQuerySchema = z.object({
  /** Older page: messages with seq below this. */
  before: z.coerce.number().int().min(1).optional(),
  /** Newer messages: seq above this (used after a reconnect). */
  after: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).optional().default(LIMITS.messagePageSize),
});

export interface MessagePage {
  /** Oldest first. */
  items: MessageView[];
  /** More older messages exist (ask with `before` = the first item's seq). */
  hasMore: boolean;
}

export interface ReadResult {
  lastReadSeq: number;
  /** The member's unread messages over all conversations after this read. */
  unreadTotal: number;
}

export interface ChatAttachmentView {
  url: string;
  kind: AttachmentKind;
}

/** Rendered as text only; no HTML from the page ever reaches the client, and no remote image. */
export interface LinkPreviewView {
  url: string;
  title: string | null;
  description: string | null;
  siteName: string | null;
}

const pad = (n: number) => String(n).padStart(2, '0');
const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** Spec section 2: the inbox shows the clock time when the last message is under 24 hours old, else the date. */
export function inboxTimeLabel(iso: string, now: Date = new Date(), locale?: string): string {
  const at = new Date(iso);
  if (now.getTime() - at.getTime() < 24 * 60 * 60_000) return clockTime(at, locale);
  return at.toLocaleDateString(locale, { month: 'short', day: 'numeric', year: at.getFullYear() === now.getFullYear() ? undefined : 'numeric' });
}

export function clockTime(at: Date, locale?: string): string {
  return at.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' });
}

/** The heading of a day group in a chat: Today, Yesterday, or the date. */
export function dayLabel(iso: string, now: Date = new Date(), locale?: string): string {
  const at = new Date(iso);
  if (sameDay(at, now)) return 'Today';
  const y = new Date(now);
  y.setDate(y.getDate() - 1);
  if (sameDay(at, y)) return 'Yesterday';
  return at.toLocaleDateString(locale, { weekday: 'long', month: 'long', day: 'numeric', year: at.getFullYear() === now.getFullYear() ? undefined : 'numeric' });
}

/** A local calendar-day key (YYYY-MM-DD) for grouping messages by day. */
export function dayKey(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The name shown for the other participant (spec section 8, Name lookup). */
export function participantName(member: MemberSummary | null): string {
  if (!member) return MESSAGING_MESSAGES.lookupFailed;
  return member.fullName?.trim() ? member.fullName : MESSAGING_MESSAGES.unknownUser;
}
