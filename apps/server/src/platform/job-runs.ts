import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { jobRuns } from '../db/schema/index.js';

/**
 * Background jobs say when they last ran (issue 23: the health page's "background jobs"), in job_runs shared by every
 * process. `tracked(db, name, job)` wraps one run: a start stamp, then the finish or the error (its message only).
 * Recording never fails the job: a database too busy to take the stamp loses the stamp, not the run.
 */
export async function tracked<T>(db: DbOrTx, name: string, job: () => Promise<T>): Promise<T> {
  await stamp(db, sql`
    insert into ${jobRuns} (name, last_started_at, runs) values (${name}, now(), 1)
    on conflict (name) do update set last_started_at = now(), runs = ${jobRuns}.runs + 1
  `);
  try {
    const result = await job();
    await stamp(db, sql`update ${jobRuns} set last_finished_at = now() where name = ${name}`);
    return result;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await stamp(db, sql`update ${jobRuns} set last_error = ${message.slice(0, 500)}, last_error_at = now() where name = ${name}`);
    throw err;
  }
}

async function stamp(db: DbOrTx, statement: ReturnType<typeof sql>) {
  await db.execute(statement).catch(() => undefined);
}
