import { sql } from 'drizzle-orm';
import { bigserial, bigint, boolean, check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { communities } from './communities.js';
import { postComments, posts } from './posts.js';
import { events } from './events.js';
import { locations } from './locations.js';

const ts = <N extends string>(name: N) => timestamp(name, { withTimezone: true, mode: 'date' });
const userRef = <N extends string>(name: N) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A member saying hi to another: one row per direction; accepting (or a hi back) creates the match. */
export const hellos = pgTable(
  'hellos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    senderId: userRef('sender_id'),
    recipientId: userRef('recipient_id'),
    note: text('note'),
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'withdrawn'] }).notNull().default('pending'),
    createdAt: ts('created_at').notNull().defaultNow(),
    respondedAt: ts('responded_at'),
  },
  (t) => [
    uniqueIndex('hellos_pair_key').on(t.senderId, t.recipientId),
    // Received list (by status, newest first) and the daily limit / sent list.
    index('hellos_recipient_idx').on(t.recipientId, t.status, t.createdAt.desc()),
    index('hellos_sender_idx').on(t.senderId, t.createdAt.desc()),
    check('hellos_not_self', sql`${t.senderId} <> ${t.recipientId}`),
    check('hellos_note_length', sql`${t.note} IS NULL OR char_length(${t.note}) <= 200`),
  ],
);

/** Members skipped in the deck; they come back after LIMITS.deckSkipDays. */
export const deckSkips = pgTable(
  'deck_skips',
  {
    userId: userRef('user_id'),
    skippedUserId: userRef('skipped_user_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.skippedUserId] })],
);

/** Spec section 3: the pair is stored with the smaller id as user1_id. */
export const matches = pgTable(
  'matches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user1Id: userRef('user1_id'),
    user2Id: userRef('user2_id'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('matches_pair_key').on(t.user1Id, t.user2Id),
    index('matches_user2_idx').on(t.user2Id),
    check('matches_ordered_pair', sql`${t.user1Id} < ${t.user2Id}`),
  ],
);

export const blocks = pgTable(
  'blocks',
  {
    blockerId: userRef('blocker_id'),
    blockedId: userRef('blocked_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/** Reports wait here for the moderators' queue. The reported member's row survives the reporter's deletion. */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reportedUserId: userRef('reported_user_id'),
    reason: text('reason', { enum: ['spam', 'harassment', 'inappropriate', 'fake_profile', 'underage', 'other'] }).notNull(),
    details: text('details'),
    conversationId: uuid('conversation_id'),
    messageId: uuid('message_id'),
    /** Content reports (issue 10): the post or comment, and its community for the moderators' queue. */
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => postComments.id, { onDelete: 'cascade' }),
    communityId: uuid('community_id').references(() => communities.id, { onDelete: 'cascade' }),
    /** Event and place reports (issue 23): the queue shows them in context. */
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['open', 'reviewed', 'dismissed'] }).notNull().default('open'),
    /** What a moderator did (issue 23): dismissed, removed, warned, suspended, banned; who and when. */
    resolution: text('resolution', { enum: ['dismissed', 'removed', 'warned', 'suspended', 'banned'] }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: ts('resolved_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('reports_status_created_idx').on(t.status, t.createdAt.desc()),
    index('reports_reported_idx').on(t.reportedUserId),
    // A member reports a post or a comment once; the count of distinct reporters decides hiding.
    uniqueIndex('reports_reporter_post_key').on(t.reporterId, t.postId).where(sql`${t.postId} IS NOT NULL`),
    uniqueIndex('reports_reporter_comment_key').on(t.reporterId, t.commentId).where(sql`${t.commentId} IS NOT NULL`),
    index('reports_post_idx').on(t.postId).where(sql`${t.postId} IS NOT NULL`),
    // The back office's queue: a community's open reports for its moderators; earlier reports on a target.
    index('reports_community_status_idx').on(t.communityId, t.status, t.createdAt, t.id).where(sql`${t.communityId} IS NOT NULL`),
    index('reports_open_created_idx').on(t.createdAt, t.id).where(sql`${t.status} = 'open'`),
    index('reports_reporter_idx').on(t.reporterId, t.createdAt),
    uniqueIndex('reports_reporter_event_key').on(t.reporterId, t.eventId).where(sql`${t.eventId} IS NOT NULL AND ${t.status} = 'open'`),
    uniqueIndex('reports_reporter_location_key').on(t.reporterId, t.locationId).where(sql`${t.locationId} IS NOT NULL AND ${t.status} = 'open'`),
  ],
);

/** One conversation per pair, participant1_id the smaller id (like matches). */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    participant1Id: userRef('participant1_id'),
    participant2Id: userRef('participant2_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_key').on(t.participant1Id, t.participant2Id),
    // The inbox: a member's conversations, newest first, from either side.
    index('conversations_p1_updated_idx').on(t.participant1Id, t.updatedAt.desc(), t.id),
    index('conversations_p2_updated_idx').on(t.participant2Id, t.updatedAt.desc(), t.id),
    check('conversations_ordered_pair', sql`${t.participant1Id} < ${t.participant2Id}`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Global order: a conversation's order, and the socket's resume point. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: userRef('sender_id'),
    content: text('content').notNull().default(''),
    mediaUrls: text('media_urls').array().notNull().default(sql`'{}'::text[]`),
    messageType: text('message_type', { enum: ['text', 'link', 'image', 'gif', 'video'] }).notNull(),
    /** The client's idempotency key: a retried send finds the first message. */
    clientId: uuid('client_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('messages_seq_key').on(t.seq),
    uniqueIndex('messages_sender_client_key').on(t.senderId, t.clientId),
    index('messages_conversation_seq_idx').on(t.conversationId, t.seq),
    check('messages_content_length', sql`char_length(${t.content}) <= 4000`),
  ],
);

/** How far each participant has read a conversation. */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] })],
);

/**
 * Files uploaded for chat. A file is readable by its uploader, and by the participants of the conversation it
 * was sent in (set when a message carries it).
 */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    storageKey: text('storage_key').primaryKey(),
    uploaderId: userRef('uploader_id'),
    kind: text('kind', { enum: ['image', 'gif', 'video'] }).notNull(),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('chat_attachments_uploader_idx').on(t.uploaderId, t.createdAt),
    // The hourly sweep of files uploaded but never sent.
    index('chat_attachments_unsent_idx').on(t.createdAt).where(sql`${t.conversationId} IS NULL`),
  ],
);

/** Previews of links found in messages, fetched once by the server and cached. */
export const linkPreviews = pgTable('link_previews', {
  url: text('url').primaryKey(),
  status: text('status', { enum: ['ok', 'failed'] }).notNull(),
  title: text('title'),
  description: text('description'),
  siteName: text('site_name'),
  fetchedAt: ts('fetched_at').notNull().defaultNow(),
});

/** Spec section 3: push_subscriptions (user_id, subscription_data, user_agent, is_active); one row per endpoint. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef('user_id'),
    endpoint: text('endpoint').notNull(),
    subscriptionData: jsonb('subscription_data').notNull(),
    userAgent: text('user_agent'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId, t.isActive)],
);
