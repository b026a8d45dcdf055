import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { communities } from './communities.js';

const ts = <N extends string>(name: N) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One profile per account; id is the user id. */
export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountType: text('account_type', { enum: ['community_only', 'full_platform'] }).notNull().default('community_only'),
    username: text('username'),
    fullName: text('full_name'),
    email: text('email'),
    profilePictureUrl: text('profile_picture_url'),
    bio: text('bio'),
    relationshipStatus: text('relationship_status'),
    age: integer('age'),
    church: text('church'),
    city: text('city'),
    gender: text('gender'),
    instagramUsername: text('instagram_username'),
    tiktokUsername: text('tiktok_username'),
    linkedinUsername: text('linkedin_username'),
    youtubeUsername: text('youtube_username'),
    interests: text('interests').array().notNull().default(sql`'{}'::text[]`),
    isDeactivated: boolean('is_deactivated').notNull().default(false),
    isVerified: boolean('is_verified').notNull().default(false),
    applicationStatus: text('application_status', { enum: ['pending', 'approved', 'rejected'] }),
    instagramOauthConnected: boolean('instagram_oauth_connected').notNull().default(false),
    instagramUserId: text('instagram_user_id'),
    /**
     * Suspension by an admin (issue 23): the member cannot sign in and every session ends; reversible. The reason is
     * shown to the member when they try to sign in.
     */
    suspendedAt: ts('suspended_at'),
    suspensionReason: text('suspension_reason'),
    /** The last app open or sign-in (at most one write a minute per member): the back office's "last active". */
    lastActiveAt: ts('last_active_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Usernames are stored lowercase; the unique index settles races between two writers.
    uniqueIndex('profiles_username_key').on(t.username),
    index('profiles_account_type_idx').on(t.accountType),
    // The People directory (migration 0006, decision 018): its newest and name sorts walk these and stop after a
    // page; the trigram indexes serve a name or username search ("contains", case-insensitive) on both engines.
    // Ascending: read backwards it is exactly `order by created_at desc, id desc` (nulls first, as desc sorts them).
    index('profiles_directory_newest_idx').on(t.createdAt, t.id).where(sql`not ${t.isDeactivated}`),
    index('profiles_directory_name_idx').on(sql`bayclub_fold(coalesce(${t.fullName}, ''))`, t.id).where(sql`not ${t.isDeactivated}`),
    // The back office's and the organisers' member searches match the name as written (ILIKE).
    index('profiles_full_name_trgm_idx').using('gin', sql`${t.fullName} gin_trgm_ops`),
    index('profiles_username_trgm_idx').using('gin', sql`${t.username} gin_trgm_ops`),
    // The directory and global search match names and bios folded (bayclub_fold, migration 0024: lower case, accents
    // off, so "jose nunez" finds "José Núñez"). Usernames are lower-case ASCII already: their index above serves both.
    index('profiles_full_name_fold_trgm_idx').using('gin', sql`bayclub_fold(${t.fullName}) gin_trgm_ops`),
    // Global search (issue 13, decision 017) also matches bios; lists that look through many rows leave out the
    // (few) deactivated members as one hashed set read from this index.
    index('profiles_bio_fold_trgm_idx').using('gin', sql`bayclub_fold(${t.bio}) gin_trgm_ops`),
    index('profiles_deactivated_idx').on(t.id).where(sql`${t.isDeactivated}`),
    // The back office's member table: sorted by joined (the directory's index), name, or last active.
    index('profiles_last_active_idx').on(t.lastActiveAt, t.id),
    // The members table's last-active sort (never active = the oldest): desc walks it forward, asc backwards.
    // The Overview's new members per week (deactivated members included, unlike the directory's index).
    index('profiles_created_idx').on(t.createdAt),
    index('profiles_admin_last_active_idx').on(t.lastActiveAt.desc().nullsLast(), t.id.desc()),
    index('profiles_admin_name_idx').on(sql`bayclub_fold(coalesce(${t.fullName}, ''))`, t.id),
    index('profiles_suspended_idx').on(t.id).where(sql`${t.suspendedAt} IS NOT NULL`),
    // One Instagram account links to at most one member (decision 033): the index settles two members racing.
    uniqueIndex('profiles_instagram_user_id_key').on(t.instagramUserId).where(sql`${t.instagramUserId} IS NOT NULL`),
    check('profiles_username_lowercase', sql`${t.username} = lower(${t.username})`),
    check('profiles_age_range', sql`${t.age} IS NULL OR (${t.age} BETWEEN 13 AND 100)`),
  ],
);

export const membershipApplications = pgTable(
  'membership_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    username: text('username'),
    instagramUsername: text('instagram_username'),
    bio: text('bio'),
    age: integer('age'),
    gender: text('gender'),
    relationshipStatus: text('relationship_status'),
    city: text('city'),
    interests: text('interests').array().notNull().default(sql`'{}'::text[]`),
    profilePictureUrl: text('profile_picture_url'),
    createdUserId: uuid('created_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The community the applicant applied through (/{slug}/register); approval joins it. */
    communityId: uuid('community_id').references(() => communities.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The admin list orders pending first, then newest first, paged by (created_at, id).
    index('membership_applications_status_created_idx').on(t.status, t.createdAt.desc(), t.id),
    index('membership_applications_created_idx').on(t.createdAt.desc(), t.id),
    index('membership_applications_created_user_idx').on(t.createdUserId, t.status),
  ],
);

/**
 * The Home welcome a member closed (issue 21): kept on the server so it stays closed on every device. A table of its
 * own rather than a profiles column: profile writes announce Actor changes (decision 010), this one needs not.
 */
export const welcomeDismissals = pgTable('welcome_dismissals', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  dismissedAt: ts('dismissed_at').notNull().defaultNow(),
});

/**
 * Instagram linking (decision 033): one row per started link, bound to the member who started it. The callback
 * deletes the row it uses (single use) and refuses one that is missing, expired or another member's. Only the
 * SHA-256 of the state is stored, so a database read does not hand out usable states.
 */
export const instagramLinkStates = pgTable(
  'instagram_link_states',
  {
    stateHash: text('state_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('instagram_link_states_user_idx').on(t.userId), index('instagram_link_states_expires_idx').on(t.expiresAt)],
);
