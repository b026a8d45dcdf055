import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

const ts = <N extends string>(name: N) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * "Download your data" (issue 24, decision 036): one row per archive a member asked for. The archive itself is in
 * the `data-exports` bucket under `{userId}/`, served only to that member signed in (no token in the mail: a
 * forwarded or leaked mail opens nothing). The hourly sweep
 * deletes archives past `expires_at` (the row stays, status 'expired', for the member's Settings).
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['preparing', 'ready', 'failed', 'expired'] }).notNull().default('preparing'),
    storageKey: text('storage_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    readyAt: ts('ready_at'),
    expiresAt: ts('expires_at'),
  },
  // The member's latest request (Settings), and the sweep's archives past their time.
  (t) => [index('data_exports_user_created_idx').on(t.userId, t.createdAt), index('data_exports_status_expires_idx').on(t.status, t.expiresAt)],
);
