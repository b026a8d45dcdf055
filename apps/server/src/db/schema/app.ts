import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

const ts = <N extends string>(name: N) => timestamp(name, { withTimezone: true, mode: 'date' });

export const appSettings = pgTable('app_settings', {
  settingKey: text('setting_key').primaryKey(),
  settingValue: text('setting_value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['message', 'like', 'comment', 'group_join', 'event', 'other'] }).notNull(),
    /**
     * What happened, as data (decision 019): the kind names the module that owns it and renders it when read
     * ('connections.hello', 'events.cancelled', ...), params hold its actor and target ids, counts and the
     * member-written words it quotes. No English sentence is stored.
     */
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    relatedId: text('related_id'),
    /** The in-app path a click opens, when the type alone does not say (hellos, matches, decisions). */
    path: text('path'),
    readAt: ts('read_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id),
    // The unread count and mark-all-read touch only unread rows.
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} IS NULL`),
  ],
);

export const pwaAnalytics = pgTable(
  'pwa_analytics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    eventType: text('event_type').notNull(),
    eventData: jsonb('event_data'),
    userAgent: text('user_agent'),
    platform: text('platform'),
    isPwaMode: boolean('is_pwa_mode').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('pwa_analytics_created_idx').on(t.createdAt)],
);

/**
 * Real-user performance (issue 24, decision 031): one row per Core Web Vital a browser reported (the spec's
 * log_performance_metric with metric_type 'web_vital' and the rating). No URL, query or user agent is kept: the route
 * pattern (/events/:eventId) and phone or desktop only. Signed-out visits have no user id. Rows older than 90 days are
 * deleted by the hourly sweep.
 */
export const performanceMetrics = pgTable(
  'performance_metrics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    metricName: text('metric_name', { enum: ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] }).notNull(),
    metricValue: doublePrecision('metric_value').notNull(),
    metricType: text('metric_type', { enum: ['web_vital'] }).notNull().default('web_vital'),
    rating: text('rating', { enum: ['good', 'needs-improvement', 'poor'] }).notNull(),
    route: text('route').notNull(),
    deviceClass: text('device_class', { enum: ['phone', 'desktop'] }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  // The admin view reads a window of days (created_at first), per vital and route; the retention sweep by created_at.
  (t) => [index('performance_metrics_created_metric_route_idx').on(t.createdAt, t.metricName, t.route)],
);

/** One-time first-admin setup links; only the SHA-256 of the token is stored. */
export const setupTokens = pgTable('setup_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  createdAt: ts('created_at').notNull().defaultNow(),
  usedAt: ts('used_at'),
});

/** Secrets generated once and shared by every server process (auth secret when not configured, VAPID keys, ...). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
