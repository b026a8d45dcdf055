import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
