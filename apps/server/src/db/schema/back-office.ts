import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { communities } from './communities.js';

const ts = <N extends string>(name: N) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The back office's audit log (issue 23, decision 029): every admin and moderator action, append-only. The actor
 * and the target keep a name snapshot so an entry still reads after either account is deleted (their ids are then
 * set to null: the member's deletion rules win over the log, which keeps what was done, not who it was done to).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    /** `<area>.<verb>`, e.g. member.suspend, role.grant, report.remove, crm.export (AUDIT_ACTIONS in the contract). */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id'),
    targetLabel: text('target_label'),
    /** The member the action was about, if any: set null when they are deleted (their trail goes with them). */
    memberId: uuid('member_id').references(() => users.id, { onDelete: 'set null' }),
    /** A community moderator's action: the community it was in (moderators read their own communities' entries). */
    communityId: uuid('community_id').references(() => communities.id, { onDelete: 'set null' }),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_member_idx').on(t.memberId, t.createdAt, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt, t.id),
    index('audit_log_action_idx').on(t.action, t.createdAt, t.id),
  ],
);

/** CRM notes about a member: private to the CRM (never shown to the member), with their author and time. */
export const crmNotes = pgTable(
  'crm_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('crm_notes_member_idx').on(t.memberId, t.createdAt, t.id)],
);

/** CRM tags on a member (lowercase words), one row per member and tag. */
export const crmTags = pgTable(
  'crm_tags',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.tag] }), index('crm_tags_tag_idx').on(t.tag, t.memberId)],
);

/** Saved CRM filters ("segments"): a name and the filter object the members query takes. */
export const crmSegments = pgTable(
  'crm_segments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    filters: jsonb('filters').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('crm_segments_name_idx').on(sql`lower(${t.name})`, t.id)],
);

/**
 * Each member's engagement figures for the CRM, rebuilt by one statement (a background job every few minutes and on
 * demand): counting RSVPs, attendance and check-ins of 10,000 members on every CRM page would read the whole club.
 * `refreshed_at` says how old the figures are; the CRM shows it.
 */
export const memberEngagement = pgTable(
  'member_engagement',
  {
    memberId: uuid('member_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    rsvps: integer('rsvps').notNull().default(0),
    attended: integer('attended').notNull().default(0),
    noShows: integer('no_shows').notNull().default(0),
    checkIns: integer('check_ins').notNull().default(0),
    paidEvents: integer('paid_events').notNull().default(0),
    posts: integer('posts').notNull().default(0),
    connections: integer('connections').notNull().default(0),
    score: real('score').notNull().default(0),
    lastActiveAt: ts('last_active_at'),
    refreshedAt: ts('refreshed_at').notNull().defaultNow(),
  },
  (t) => [
    index('member_engagement_score_idx').on(t.score, t.memberId),
    index('member_engagement_attended_idx').on(t.attended, t.memberId),
    index('member_engagement_no_shows_idx').on(t.noShows, t.memberId),
    index('member_engagement_check_ins_idx').on(t.checkIns, t.memberId),
    index('member_engagement_rsvps_idx').on(t.rsvps, t.memberId),
  ],
);

/** Backups made with `npm run admin -- backup` (or the dashboard): the dashboard's "last backup" figure. */
export const backups = pgTable(
  'backups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    engine: text('engine').notNull(),
    file: text('file').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('backups_created_idx').on(t.createdAt)],
);

/** Background jobs' last runs, shared by every process (the health page's "background jobs"). */
export const jobRuns = pgTable(
  'job_runs',
  {
    name: text('name').primaryKey(),
    lastStartedAt: ts('last_started_at'),
    lastFinishedAt: ts('last_finished_at'),
    lastError: text('last_error'),
    lastErrorAt: ts('last_error_at'),
    runs: bigint('runs', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('job_runs_name_not_empty', sql`${t.name} <> ''`)],
);

/**
 * Mail and push deliveries per day (the health page's "sent, failed, expired"): each process counts in memory and
 * adds its counts here about once a minute, so a send costs no extra statement.
 */
export const deliveryStats = pgTable(
  'delivery_stats',
  {
    channel: text('channel', { enum: ['mail', 'push'] }).notNull(),
    day: text('day').notNull(),
    sent: integer('sent').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    expired: integer('expired').notNull().default(0),
    lastError: text('last_error'),
    lastErrorAt: ts('last_error_at'),
  },
  (t) => [primaryKey({ columns: [t.channel, t.day] })],
);
