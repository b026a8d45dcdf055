import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

const ts = <N extends string>(name: N) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Mails waiting to be sent (an outbox): a request writes the row and answers at once; a worker in every server
 * process claims due rows, sends them and deletes them (modules/mail). A crash loses nothing: an unsent row is
 * still here at the next start-up. A row holds a reset link until it is sent (better-auth keeps the same token
 * in `verifications`), so it is deleted as soon as the mail went out or was given up.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The HTML part (member mails have one beside the plain text; the reset mail is plain text only). */
    html: text('html'),
    /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on member mails). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /**
     * When the row may next be claimed. A claim moves it a lease ahead (another process skips it meanwhile; a
     * process that died mid-send frees it when the lease runs out); a failed send moves it a backoff ahead.
     */
    availableAt: ts('available_at').notNull().defaultNow(),
    /** Set by each claim; only the claimer's token may delete or reschedule the row. */
    claimToken: uuid('claim_token'),
    /** Sends tried so far (counted at claim time, so a send that crashed the process counts too). */
    attempts: integer('attempts').notNull().default(0),
    /** The last SMTP failure, for an operator (never the mail's body). */
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_available_idx').on(t.availableAt)],
);

/**
 * A member's choice per mail type (packages/shared MAIL_TYPES). No row means every type is on; a row is written by
 * the first change (Settings or an unsubscribe link) or by the first digest claim. `digest_sent_at` is when the last
 * digest was claimed: the daily job claims a member by moving it (one statement, so two processes never both send).
 */
export const mailPreferences = pgTable(
  'mail_preferences',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    approval: boolean('approval').notNull().default(true),
    reminders: boolean('reminders').notNull().default(true),
    waitlist: boolean('waitlist').notNull().default(true),
    digest: boolean('digest').notNull().default(true),
    digestSentAt: ts('digest_sent_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  // Looked up by user_id only (the primary key); the digest's scan starts from the unread notifications' index.
);
