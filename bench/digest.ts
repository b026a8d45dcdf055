// The daily digest job over BENCH_MEMBERS members (default 10,000), printed, never asserted (issue 21). Creates a
// throwaway database: members (5% deactivated, 2.5% pending applicants), 5% with the digest turned off, 60% with one
// to five unread notifications of the last day (others read theirs, or have none), then runs the job as the
// scheduler does at 08:00 New York time and prints its time, SQL statements and mails written; then runs it again
// (everyone settled: what every later poll of the day costs).
// Run: npm run bench:digest   (BENCH_DATABASE_URL, default the test server on port 54329; BENCH_ENGINE=pglite for
// the embedded engine)
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { openBenchDatabase } from './bench-database.js';
import { instrumentStatements, runMigrations } from '../apps/server/src/db/client.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createMailOutbox, createMemberMailer } from '../apps/server/src/modules/mail/index.js';
import { digestMoment, sendDueDigests } from '../apps/server/src/modules/notifications/index.js';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const ENGINE = process.env.BENCH_ENGINE ?? 'postgres';
const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:54329/postgres';

const { database, drop } = await openBenchDatabase(ENGINE === 'pglite' ? undefined : SERVER, 'bayclub_digest', { keep: !!process.env.BENCH_KEEP });
try {
  await runMigrations(database);
  const db = database.db;
  const now = new Date(digestMoment(new Date()).getTime() + 60_000); // a minute after this morning's 08:00
  await db.execute(sql.raw(`select setseed(0.21)`));
  await db.execute(
    sql.raw(`
    with n as (select g, gen_random_uuid() as id from generate_series(1, ${MEMBERS}) g),
    u as (insert into users (id, name, email) select id, 'Member ' || g, 'digest' || g || '@x.test' from n returning id)
    insert into profiles (id, account_type, application_status, username, full_name, email, is_deactivated)
    select n.id, case when g % 40 = 0 then 'community_only' else 'full_platform' end,
      case when g % 40 = 0 then 'pending' else 'approved' end, 'digest' || g, 'Member ' || g, 'digest' || g || '@x.test', g % 20 = 0
    from n`),
  );
  await db.execute(sql.raw(`insert into mail_preferences (user_id, digest) select id, false from profiles where random() < 0.05`));
  await db.execute(
    sql.raw(`
    insert into notifications (user_id, type, kind, params, created_at, read_at)
    select p.id, 'message', 'notifications.legacy',
      jsonb_build_object('title', 'New message', 'message', 'Member ' || k || ' wrote to you'),
      timestamptz '${now.toISOString()}' - (floor(random() * 1400) || ' minutes')::interval,
      case when random() < 0.2 then now() end
    from profiles p, generate_series(1, 1 + floor(random() * 5)::int) k
    where p.id in (select id from profiles where random() < 0.6)`),
  );
  await db.execute(sql`vacuum analyze`);

  const config = loadConfig({}, { NODE_ENV: 'test', BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-00', PUBLIC_URL: 'https://club.test' });
  const log = pino({ level: 'silent' });
  const outbox = createMailOutbox({ db, mailer: { send: async () => {} }, log });
  // The outbox's own sending is not part of the job: kick does nothing here.
  const mail = { ...outbox, kick: () => {} };
  const mailer = await createMemberMailer({ config, database, mail });

  let statements = 0;
  instrumentStatements(database, () => void (statements += 1));
  const counted = await db.execute(sql`select count(*)::int as n from notifications where read_at is null`);
  const unread = (counted.rows as Array<{ n: number }>)[0]!.n;

  for (const label of ['first run (08:01)', 'second run (all settled)']) {
    statements = 0;
    const started = performance.now();
    const run = await sendDueDigests(db, mailer, now);
    const ms = performance.now() - started;
    const queued = (await db.execute(sql`select count(*)::int as n from mail_outbox`)).rows as Array<{ n: number }>;
    console.log(
      `digest ${label} [${database.engine}, ${MEMBERS} members, ${unread} unread notifications]: ${ms.toFixed(0)} ms, ` +
        `${statements} SQL statements, ${run.claimed} members claimed, ${run.mailed} mails written (outbox: ${queued[0]!.n})`,
    );
  }
} finally {
  await drop();
}
