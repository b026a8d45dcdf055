import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../../test/database.js';
import { crmFiltersSchema } from '@bayclub/shared';
import { createEngagementJob } from './engagement.js';
import { membersPage } from './repository.js';

/**
 * The engagement refresh at the scale (10,000 members, 5,000 events with 10 registrations each, 200,000
 * check-ins), timed on this engine. Runs only with CRM_SCALE=1 (it takes a while to fill): a figure for the report,
 * never an assertion about speed.
 */
describe.runIf(process.env.CRM_SCALE === '1')('the engagement refresh at scale', () => {
  it('rebuilds every member in one statement', { timeout: 600_000 }, async () => {
    const { database, drop } = await createTestDatabase();
    const db = database.db;
    try {
      await db.execute(sql`insert into users (id, name, email, email_verified)
        select gen_random_uuid(), 'Scale ' || g, 'scale' || g || '@example.com', true from generate_series(1, 10000) g`);
      await db.execute(sql`insert into profiles (id, account_type, full_name, email, city, application_status, last_active_at)
        select id, 'full_platform', name, email, 'tampa', 'approved', now() - random() * interval '60 days' from users`);
      await db.execute(sql`create temp table m as select id, row_number() over (order by id) as n from users`);
      await db.execute(sql`insert into events (created_by, title, starts_at, ends_at, venue)
        select (select id from m where n = 1 + g % 10000), 'Scale event ' || g, now() + ((g - 2500) || ' hours')::interval,
          now() + ((g - 2500) || ' hours')::interval + interval '2 hours', 'Venue' from generate_series(1, 5000) g`);
      await db.execute(sql`create temp table ev as select id, row_number() over (order by id) as n from events`);
      await db.execute(sql`insert into event_registrations (event_id, user_id, status, ticket_code, checked_in_at)
        select ev.id, m.id, 'going', 'C' || lpad(k::text, 5, '0'), case when (ev.n + k) % 10 < 7 then now() end
        from ev cross join generate_series(1, 10) k join m on m.n = 1 + (ev.n * 7 + k * 997) % 10000`);
      await db.execute(sql`insert into locations (name, category, address, city)
        select 'Place ' || g, 'cafe', g || ' Main', 'tampa' from generate_series(1, 100) g`);
      await db.execute(sql`create temp table loc as select id, row_number() over (order by id) as n from locations`);
      await db.execute(sql`insert into location_check_ins (location_id, user_id, visibility, method, created_at)
        select loc.id, m.id, 'public', 'poster', now() - (g || ' minutes')::interval
        from generate_series(1, 200000) g join m on m.n = 1 + (g * 13) % 10000 join loc on loc.n = 1 + g % 100`);
      await db.execute(sql`analyze`);
      const job = createEngagementJob(db);
      const first = await job.refresh();
      const second = await job.refresh();
      console.log(`[crm scale] ${database.engine}: first refresh ${first.ms} ms (${first.members} members), second (nothing changed) ${second.ms} ms`);
      expect(first.members).toBe(10000);
      const filters = crmFiltersSchema.parse({ city: 'tampa', minAttended: 2, minCheckIns: 5 });
      const started = performance.now();
      const page = await membersPage(db, filters, { all: true }, 'score', 'desc', null, 25);
      console.log(`[crm scale] ${database.engine}: a segment with three filters, sorted by score: ${Math.round(performance.now() - started)} ms (${page.length} rows)`);
    } finally {
      await drop();
    }
  });
});
