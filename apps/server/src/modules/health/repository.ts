import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { backups, deliveryStats, jobRuns, mailOutbox, pushSubscriptions } from '../../db/schema/index.js';
import { count, rowsOf, timestamp } from '../../platform/sql.js';

const MailRow = z.object({ queued: count(), failing: count(), last_error: z.string().nullable() });

/** The outbox: queued mails, those whose last attempt failed, and the newest failure (one statement). */
export async function mailOutboxFigures(db: DbOrTx) {
  const [row] = rowsOf(
    await db.execute(sql`
      select count(*) as queued,
        count(*) filter (where attempts > 0 and last_error is not null) as failing,
        (select last_error from ${mailOutbox} where last_error is not null order by available_at desc limit 1) as last_error
      from ${mailOutbox}
    `),
    MailRow,
  );
  return row!;
}

const DeliveryRow = z.object({
  channel: z.enum(['mail', 'push']),
  day: z.string(),
  sent: count(),
  failed: count(),
  expired: count(),
  last_error: z.string().nullable(),
  last_error_at: timestamp().nullable(),
});

/** delivery_stats rows from `fromDay` (a UTC day, inclusive) on, both channels (its primary key's range). */
export async function deliveryRows(db: DbOrTx, fromDay: string) {
  return rowsOf(
    await db.execute(sql`
      select channel, day, sent, failed, expired, last_error, last_error_at
      from ${deliveryStats} where channel in ('mail', 'push') and day >= ${fromDay}
    `),
    DeliveryRow,
  );
}

const SubscriptionsRow = z.object({ active: count() });

export async function activeSubscriptions(db: DbOrTx) {
  const [row] = rowsOf(await db.execute(sql`select count(*) as active from ${pushSubscriptions} where is_active`), SubscriptionsRow);
  return row?.active ?? 0;
}

const JobRow = z.object({
  name: z.string(),
  last_started_at: timestamp().nullable(),
  last_finished_at: timestamp().nullable(),
  last_error: z.string().nullable(),
  last_error_at: timestamp().nullable(),
  runs: count(),
});

export async function jobRunRows(db: DbOrTx) {
  return rowsOf(
    await db.execute(sql`select name, last_started_at, last_finished_at, last_error, last_error_at, runs from ${jobRuns} order by name`),
    JobRow,
  );
}

const BackupRow = z.object({ created_at: timestamp(), bytes: count() });

export async function lastBackup(db: DbOrTx) {
  const [row] = rowsOf(await db.execute(sql`select created_at, bytes from ${backups} order by created_at desc limit 1`), BackupRow);
  return row ?? null;
}
