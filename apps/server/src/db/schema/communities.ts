import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

const ts = <N extends string>(name: N) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Communities (issue 10). url_slug shares one namespace with usernames (/{slug}); writers of either take the
 * slug's advisory lock before checking and inserting. Images live in post-images under communities/{id}/.
 */
export const communities = pgTable(
  'communities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    urlSlug: text('url_slug').notNull(),
    visibility: text('visibility', { enum: ['public', 'private'] }).notNull().default('public'),
    joinPolicy: text('join_policy', { enum: ['open', 'request'] }).notNull().default('open'),
    city: text('city'),
    interests: text('interests').array().notNull().default(sql`'{}'::text[]`),
    /** Large-variant keys in post-images; the 480/160 variants follow the naming convention. */
    coverImageKey: text('cover_image_key'),
    avatarImageKey: text('avatar_image_key'),
    /** Active members, the creator included; kept in the transaction that changes a membership. */
    memberCount: integer('member_count').notNull().default(0),
    postCount: integer('post_count').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('communities_url_slug_key').on(t.urlSlug),
    // The A-Z list pages by (lower(name), id), with or without a city.
    index('communities_name_idx').on(sql`lower(${t.name})`, t.id),
    index('communities_city_name_idx').on(t.city, sql`lower(${t.name})`, t.id),
    // Search as you type on the name (ILIKE '%q%').
    index('communities_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    // Global search (issue 13, decision 017) matches names and descriptions folded (bayclub_fold, migration 0024).
    index('communities_name_fold_trgm_idx').using('gin', sql`bayclub_fold(${t.name}) gin_trgm_ops`),
    index('communities_description_fold_trgm_idx').using('gin', sql`bayclub_fold(${t.description}) gin_trgm_ops`),
    check('communities_name_length', sql`char_length(${t.name}) BETWEEN 3 AND 60`),
    check('communities_description_length', sql`${t.description} IS NULL OR char_length(${t.description}) <= 2000`),
    check('communities_member_count', sql`${t.memberCount} >= 0`),
  ],
);

/** Spec section 3: community_members (role creator, moderator; and member), with a status for requests and bans. */
export const communityMembers = pgTable(
  'community_members',
  {
    communityId: uuid('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['creator', 'moderator', 'member'] }).notNull().default('member'),
    status: text('status', { enum: ['active', 'pending', 'banned'] }).notNull().default('active'),
    /** Joined (active), asked (pending) or banned at. */
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.communityId, t.userId] }),
    // Access (community staff roles), "your communities" and the Home feed's community list.
    index('community_members_user_role_idx').on(t.userId, t.status, t.role),
    // The Members tab: one status, staff first, newest first.
    index('community_members_list_idx').on(t.communityId, t.status, t.createdAt.desc(), t.userId),
  ],
);
