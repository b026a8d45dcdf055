import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { DbOrTx } from '../db/client.js';
import { tracked } from './job-runs.js';

/**
 * Run `sweep` a minute after start-up and then every hour, never twice at once, until the app closes (which waits
 * for a sweep under way). The timers never keep the process alive. Every process may sweep: the sweeps skip rows
 * another one holds (SKIP LOCKED), so several processes share the work. With `job`, each run stamps job_runs under
 * that name (the health page's background jobs).
 */
export function scheduleHourlySweep(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  sweep: () => Promise<unknown>,
  failure: string,
  job?: { db: DbOrTx; name: string },
) {
  let sweeping: Promise<unknown> | null = null;
  const run = () => {
    sweeping ??= (job ? tracked(job.db, job.name, sweep) : sweep())
      .catch((err: unknown) => log.error({ err }, failure))
      .finally(() => (sweeping = null));
  };
  const first = setTimeout(run, 60_000).unref();
  const hourly = setInterval(run, 60 * 60_000).unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(hourly);
    await sweeping;
  });
}
