import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { JOB_LABELS, type AdminHealthView, type DeliveryFiguresView, type PaymentsMode } from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { migrationsFolder, type Db } from '../../db/client.js';
import { deliveryDay, flushDeliveryStats, safeErrorText } from '../../platform/delivery-stats.js';
import * as repo from './repository.js';
import { diskUsage } from './storage-usage.js';
import { appVersion } from './version.js';

const iso = (d: Date | string | null | undefined) => (d == null ? null : new Date(d).toISOString());
const DAY_MS = 86_400_000;
/** The readiness check's deadline: a load balancer's probe should not hang on a stuck database. */
export const READY_DEADLINE_MS = 2_000;

let expectedMigrations: number | null = null;
/** Migrations the code ships (drizzle's journal): the database is ready once it has applied them all. */
function shippedMigrations(): number {
  if (expectedMigrations === null) {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    expectedMigrations = journal.entries.length;
  }
  return expectedMigrations;
}

/** Readiness: the database answers within the deadline and every shipped migration is applied. */
export async function databaseReady(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_DEADLINE_MS);
    timer.unref();
  });
  const check = (async () => {
    const res = await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const n = Number((res as unknown as { rows: Array<{ n: number | string }> }).rows[0]?.n ?? 0);
    return n >= shippedMigrations();
  })().catch(() => false);
  try {
    return await Promise.race([check, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

export interface HealthDeps {
  paymentsMode: PaymentsMode;
}

export function createHealthService(ctx: AppContext, deps: HealthDeps) {
  const db = ctx.database.db;

  return {
    async adminHealth(now = new Date()): Promise<AdminHealthView> {
      // This process's counts first, so the figures include its latest sends.
      await flushDeliveryStats(db);
      const today = deliveryDay(now);
      const weekFrom = deliveryDay(new Date(now.getTime() - 6 * DAY_MS));
      const [mail, deliveries, subscriptions, jobs, backup, storage] = await Promise.all([
        repo.mailOutboxFigures(db),
        repo.deliveryRows(db, weekFrom),
        repo.activeSubscriptions(db),
        repo.jobRunRows(db),
        repo.lastBackup(db),
        ctx.storage.kind === 'disk' ? diskUsage(ctx.config.uploadsDir) : Promise.resolve(null),
      ]);
      const figures = (channel: 'mail' | 'push', fromDay: string): DeliveryFiguresView => {
        const rows = deliveries.filter((r) => r.channel === channel && r.day >= fromDay);
        return {
          sent: rows.reduce((n, r) => n + r.sent, 0),
          failed: rows.reduce((n, r) => n + r.failed, 0),
          expired: rows.reduce((n, r) => n + r.expired, 0),
        };
      };
      const lastError = (channel: 'mail' | 'push') => {
        const row = deliveries
          .filter((r) => r.channel === channel && r.last_error_at)
          .sort((a, b) => new Date(b.last_error_at!).getTime() - new Date(a.last_error_at!).getTime())[0];
        return row ? { text: row.last_error, at: iso(row.last_error_at) } : null;
      };
      const mailError = lastError('mail');
      const pushError = lastError('push');
      const config = ctx.config;
      return {
        checkedAt: now.toISOString(),
        version: appVersion(),
        uptimeSeconds: Math.round(process.uptime()),
        database: {
          engine: ctx.database.engine,
          migrations: ctx.migrations,
          lastBackupAt: iso(backup?.created_at),
          lastBackupBytes: backup?.bytes ?? null,
        },
        mail: {
          transport: config.SMTP_URL ? 'smtp' : 'console',
          queued: mail.queued,
          failing: mail.failing,
          // The outbox's own text is the newest when a mail is failing now; else the last counted failure.
          lastError: mail.last_error ? safeErrorText(mail.last_error) : (mailError?.text ?? null),
          lastErrorAt: mailError?.at ?? null,
          today: figures('mail', today),
          week: figures('mail', weekFrom),
        },
        push: {
          vapidKeys: config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY ? 'configured' : 'generated',
          activeSubscriptions: subscriptions,
          lastError: pushError?.text ?? null,
          lastErrorAt: pushError?.at ?? null,
          today: figures('push', today),
          week: figures('push', weekFrom),
        },
        storage: { driver: ctx.storage.kind, bytesUsed: storage?.bytes ?? null, files: storage?.files ?? null },
        jobs: jobs.map((j) => ({
          name: j.name,
          label: JOB_LABELS[j.name] ?? j.name,
          lastStartedAt: iso(j.last_started_at),
          lastFinishedAt: iso(j.last_finished_at),
          lastError: j.last_error ? safeErrorText(j.last_error) : null,
          lastErrorAt: iso(j.last_error_at),
          runs: j.runs,
        })),
        payments: { mode: deps.paymentsMode },
      };
    },
  };
}
