import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

const ts = <N extends string>(name: N) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The profile photo gallery (at most 12 per member, enforced under a row lock on the profile). */
export const profileImages = pgTable(
  'profile_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Public URL of the large variant; the smaller ones follow the naming convention (imageVariantUrl). */
    imageUrl: text('image_url').notNull(),
    /** Storage key of the large variant in profile-images (`{userId}/{timestamp}-{index}.webp`). */
    storageKey: text('storage_key').notNull(),
    imageOrder: integer('image_order').notNull(),
    mediaType: text('media_type', { enum: ['image'] }).notNull().default('image'),
    caption: text('caption'),
    width: integer('width'),
    height: integer('height'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    // The gallery reads one member's photos in order.
    index('profile_images_user_order_idx').on(t.userId, t.imageOrder),
    check('profile_images_caption_length', sql`${t.caption} IS NULL OR char_length(${t.caption}) <= 100`),
  ],
);

/** Every profile picture upload attempt and how it ended (spec section 3, "profile picture upload log"). */
export const profilePictureUploadLogs = pgTable(
  'profile_picture_upload_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The client's file name, trimmed to 255 characters; never used as a storage path. */
    fileName: text('file_name'),
    fileSize: integer('file_size'),
    uploadStatus: text('upload_status', { enum: ['started', 'success', 'failed'] }).notNull(),
    errorMessage: text('error_message'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('profile_picture_upload_logs_user_idx').on(t.userId, t.createdAt.desc())],
);

/**
 * Stored files waiting to be removed (an outbox): written in the same transaction that deletes their
 * owner's rows, drained after commit and again at start-up, so a crash in between never leaves files behind.
 */
export const storageDeletions = pgTable('storage_deletions', {
  id: uuid('id').primaryKey().defaultRandom(),
  bucket: text('bucket').notNull(),
  /** A key prefix ending in `/` removes everything under it; otherwise one key. */
  keyOrPrefix: text('key_or_prefix').notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});
