import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

const ts = <N extends string>(name: N) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Requests to delete an account's data (issue 24, decision 032): from /delete-data (by email) or from Meta's
 * data-deletion callback. No address is stored: `email_hash` is an HMAC of the address with a server secret, kept
 * only to mail an address at most once every few minutes; `user_id` goes (set null) with the account it names.
 */
export const dataDeletionRequests = pgTable(
  'data_deletion_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The public confirmation code: the status page's address. */
    code: text('code').notNull().unique(),
    source: text('source', { enum: ['web', 'meta'] }).notNull(),
    status: text('status', { enum: ['received', 'confirmed', 'done'] }).notNull().default('received'),
    emailHash: text('email_hash'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** SHA-256 of the mailed confirmation token; cleared when it is used. */
    tokenHash: text('token_hash').unique(),
    mailedAt: ts('mailed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    confirmedAt: ts('confirmed_at'),
    doneAt: ts('done_at'),
  },
  (t) => [
    // The per-address mail interval looks up the latest mail to an address.
    index('data_deletion_requests_email_mailed_idx').on(t.emailHash, t.mailedAt).where(sql`${t.mailedAt} IS NOT NULL`),
    index('data_deletion_requests_user_idx').on(t.userId),
  ],
);
