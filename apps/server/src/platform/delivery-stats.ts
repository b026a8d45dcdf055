import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { deliveryStats } from '../db/schema/index.js';

/**
 * Mail and push deliveries counted in memory per process (issue 23: the health page's "sent, failed, expired") and
 * added to delivery_stats about once a minute and when the app closes: a send costs no extra statement. Counters are
 * kept per database (one per app; tests build several apps in one process) and per channel; each flush adds this
 * process's counts since the last one to the row of its UTC day.
 */
export type DeliveryChannel = 'mail' | 'push';
export type DeliveryOutcome = 'sent' | 'failed' | 'expired';

interface Pending {
  sent: number;
  failed: number;
  expired: number;
  lastError: string | null;
  lastErrorAt: Date | null;
}

const FLUSH_EVERY_MS = 60_000;

const empty = (): Pending => ({ sent: 0, failed: 0, expired: 0, lastError: null, lastErrorAt: null });

interface Counters {
  pending: Map<string, Pending>;
  timer: NodeJS.Timeout | null;
  flushing: Promise<void> | null;
}

const byDatabase = new WeakMap<Db, Counters>();

function countersOf(db: Db): Counters {
  let counters = byDatabase.get(db);
  if (!counters) {
    counters = { pending: new Map(), timer: null, flushing: null };
    byDatabase.set(db, counters);
  }
  return counters;
}

/** The UTC day of an instant, as delivery_stats keys it. */
export const deliveryDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * An error's text as the health page may show it: no mail addresses, no URLs (a push endpoint is a capability, an SMTP
 * URL may hold a password), no long numbers; at most 300 characters.
 */
export function safeErrorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, '[url]')
    .replace(/[^\s<>"'@]+@[^\s<>"'@]+/g, '[address]')
    .replace(/\b[A-Za-z0-9_-]{32,}\b/g, '[token]')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);
}

/** Count one delivery outcome (no I/O). The first count of a database starts its minute flush timer. */
export function countDelivery(db: Db, channel: DeliveryChannel, outcome: DeliveryOutcome, error?: unknown) {
  const counters = countersOf(db);
  const key = `${channel}|${deliveryDay(new Date())}`;
  let entry = counters.pending.get(key);
  if (!entry) counters.pending.set(key, (entry = empty()));
  entry[outcome] += 1;
  if (error !== undefined) {
    entry.lastError = safeErrorText(error);
    entry.lastErrorAt = new Date();
  }
  if (!counters.timer) {
    counters.timer = setInterval(() => void flushDeliveryStats(db).catch(() => {}), FLUSH_EVERY_MS);
    counters.timer.unref();
  }
}

/**
 * Add this process's pending counts to delivery_stats (one upsert per channel and day that has any). Counts that could
 * not be written are put back, so the next flush carries them.
 */
export async function flushDeliveryStats(db: Db): Promise<void> {
  const counters = countersOf(db);
  if (counters.flushing) await counters.flushing;
  if (counters.pending.size === 0) return;
  const batch = counters.pending;
  counters.pending = new Map();
  counters.flushing = (async () => {
    for (const [key, c] of batch) {
      const [channel, day] = key.split('|') as [DeliveryChannel, string];
      try {
        await db.execute(sql`
          insert into ${deliveryStats} (channel, day, sent, failed, expired, last_error, last_error_at)
          values (${channel}, ${day}, ${c.sent}, ${c.failed}, ${c.expired}, ${c.lastError}, ${c.lastErrorAt?.toISOString() ?? null}::timestamptz)
          on conflict (channel, day) do update set
            sent = ${deliveryStats}.sent + excluded.sent,
            failed = ${deliveryStats}.failed + excluded.failed,
            expired = ${deliveryStats}.expired + excluded.expired,
            last_error = coalesce(excluded.last_error, ${deliveryStats}.last_error),
            last_error_at = coalesce(excluded.last_error_at, ${deliveryStats}.last_error_at)
        `);
      } catch {
        const now = counters.pending.get(key) ?? empty();
        counters.pending.set(key, {
          sent: now.sent + c.sent,
          failed: now.failed + c.failed,
          expired: now.expired + c.expired,
          lastError: now.lastError ?? c.lastError,
          lastErrorAt: now.lastErrorAt ?? c.lastErrorAt,
        });
      }
    }
  })().finally(() => (counters.flushing = null));
  await counters.flushing;
}

/** The last flush, when the app closes: stops the timer and writes what is left (a closed database loses it). */
export async function closeDeliveryStats(db: Db): Promise<void> {
  const counters = byDatabase.get(db);
  if (!counters) return;
  if (counters.timer) clearInterval(counters.timer);
  counters.timer = null;
  await flushDeliveryStats(db).catch(() => {});
}
