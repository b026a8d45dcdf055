import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Mail, Mailer } from '../../platform/mailer.js';
import { closeDeliveryStats, countDelivery } from '../../platform/delivery-stats.js';
import { tracked } from '../../platform/job-runs.js';
import { claimDue, deleteClaimed, insertMail, insertMails, reschedule, type OutboxRow } from './repository.js';

export interface OutboxTiming {
  /**
   * A queued mail is sent this long after send() (plus up to sendJitterMs at random), never at once: the sending
   * (claim, SMTP client, delete) would otherwise run while the request that queued it is still being answered, and
   * make a member's address answer slower than an unknown one (measured under CPU contention: 47 ms against 14 ms).
   */
  sendDelayMs: number;
  sendJitterMs: number;
  /** How often every process looks for due mails (retries, and mails of a process that died mid-send). */
  pollMs: number;
  /** How long a claim keeps other processes off a mail; far longer than a send may take (see the mailer's deadline). */
  leaseMs: number;
  /** Wait before the second attempt; doubled for each further one, up to maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
  /** Attempts before a mail is given up (logged and deleted). */
  maxAttempts: number;
  /** Mails claimed (and sent side by side) at once. */
  batch: number;
}

/**
 * Production timing: six attempts over about 16 minutes (at 0, 30 s, 1, 2, 4 and 8 minutes). A reset link is valid
 * for an hour, so retrying for longer would deliver links that no longer work.
 */
export const OUTBOX_TIMING: OutboxTiming = {
  sendDelayMs: 100,
  sendJitterMs: 900,
  pollMs: 10_000,
  leaseMs: 5 * 60_000,
  backoffMs: 30_000,
  maxBackoffMs: 10 * 60_000,
  maxAttempts: 6,
  batch: 10,
};

/**
 * Every mail the app sends goes through here: `send` writes it to the mail_outbox table and returns at once (the
 * answer never waits for SMTP, so it cannot tell a known address from an unknown one by its timing); a worker in
 * each process sends it a moment later (sendDelayMs), deletes it, and retries failures with backoff. Several
 * processes share the table: a claim is one atomic statement, so each mail is sent once (at least once if a process
 * dies between the SMTP answer and the delete; then it goes out again after the lease).
 */
export function createMailOutbox(deps: { db: Db; mailer: Mailer; log: FastifyBaseLogger; timing?: Partial<OutboxTiming> }) {
  const { db, mailer, log } = deps;
  const timing = { ...OUTBOX_TIMING, ...deps.timing };
  let draining: Promise<void> | null = null;
  let again = false;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;

  const backoff = (attempts: number) => Math.min(timing.backoffMs * 2 ** (attempts - 1), timing.maxBackoffMs);

  async function deliver(row: OutboxRow): Promise<void> {
    // The body holds a reset link: logs name the mail by id and subject only.
    const about = { mailId: row.id, subject: row.subject, attempts: row.attempts };
    if (row.attempts > timing.maxAttempts) {
      // Claimed that often without an outcome: the processes sending it died (a poison mail). Stop trying.
      log.error(about, 'Mail given up: claimed too often without being sent');
      await deleteClaimed(db, row);
      return;
    }
    try {
      await mailer.send({ to: row.toAddress, subject: row.subject, text: row.body, html: row.html, headers: row.headers });
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      countDelivery(db, 'mail', 'failed', err);
      if (row.attempts >= timing.maxAttempts) {
        log.error({ ...about, error }, 'Mail given up after the last attempt failed');
        await deleteClaimed(db, row);
      } else {
        const wait = backoff(row.attempts);
        log.warn({ ...about, error, retryInSeconds: Math.round(wait / 1000) }, 'Mail not sent; will retry');
        await reschedule(db, row, wait, error);
      }
      return;
    }
    countDelivery(db, 'mail', 'sent');
    await deleteClaimed(db, row);
  }

  /** Send everything due now; answers how many mails were claimed. */
  async function drainDue(): Promise<number> {
    let claimed = 0;
    while (!closed) {
      const rows = await claimDue(db, timing.batch, timing.leaseMs);
      claimed += rows.length;
      await Promise.all(rows.map((row) => deliver(row).catch((err: unknown) => log.error({ err, mailId: row.id }, 'Mail outbox bookkeeping failed'))));
      if (rows.length < timing.batch) break;
    }
    return claimed;
  }

  /** Drain in the background, soon; a kick while draining runs one more round afterwards. */
  function kick(): void {
    if (closed) return;
    if (draining) {
      again = true;
      return;
    }
    draining = tracked(db, 'mail-outbox', async () => {
      do {
        again = false;
        await drainDue();
      } while (again && !closed);
    })
      .catch((err: unknown) => log.error({ err }, 'Mail outbox drain failed; the next poll retries'))
      .finally(() => {
        draining = null;
      });
  }

  return {
    /** Write a mail in the caller's transaction; call kick() after commit (until then the worker cannot see it). */
    async enqueue(tx: DbOrTx, mail: Mail): Promise<void> {
      await insertMail(tx, mail);
    },

    /** Write several mails in the caller's transaction, in one statement; call kick() after commit. */
    async enqueueMany(tx: DbOrTx, mails: Mail[]): Promise<void> {
      await insertMails(tx, mails);
    },

    /** Queue one mail and have it sent in the background, soon. Resolves once the mail is stored, not sent. */
    async send(mail: Mail): Promise<void> {
      await insertMail(db, mail);
      setTimeout(kick, timing.sendDelayMs + Math.random() * timing.sendJitterMs).unref();
    },

    kick,

    /** Send what is due now and wait for it (tests). */
    drainDue,

    /** Start polling, and send at once what was left by a crash or by another process's failed attempts. */
    start(): void {
      if (timer || closed) return;
      timer = setInterval(kick, timing.pollMs);
      timer.unref();
      kick();
    },

    /** Stop; a send in flight gets a few seconds to finish (if it is cut off, its lease runs out and it is sent again). */
    async close(): Promise<void> {
      closed = true;
      if (timer) clearInterval(timer);
      timer = null;
      if (draining) await Promise.race([draining, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
      await closeDeliveryStats(db);
    },
  };
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;
