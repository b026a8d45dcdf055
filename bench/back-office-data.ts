// The back office at scale for `npm run bench:http` (issue 23), on top of bench/events-data.ts (10,000 members, 5,000
// events) and bench/locations-data.ts (200,000 check-ins): what the overview, the members table and the CRM read
// besides, written in a few set-based statements while the app is stopped. Deterministic:
// - last_active_at: member i active (i * 37) mod 60 days ago (every 11th never active since the data has no opens);
// - attendance: 70% of the going registrations of past events checked in (the rest are the no-shows);
// - app opens: 40,000 pwa_analytics rows over the last 8 weeks (the overview's active members per week);
// - reports: 2,000 member reports, every 4th resolved, the open ones spread over the last 20 days (some over 48 h);
// - CRM: a tag on every 5th member ('volunteer' or 'host') and a note on every 50th.
// The engagement table is filled by the CRM's refresh when the app starts (its start-up run).

export const BACK_OFFICE_SCALE = { appOpens: 40_000, reports: 2_000 } as const;

export function backOfficeDataStatements(): string[] {
  const { appOpens, reports } = BACK_OFFICE_SCALE;
  const members = 10_000;
  return [
    `CREATE OR REPLACE FUNCTION pg_temp.bench_uuid(name text) RETURNS uuid LANGUAGE sql IMMUTABLE
     AS $$ SELECT overlay(overlay(md5(name) placing '4' from 13 for 1) placing '8' from 17 for 1)::uuid $$`,
    `UPDATE profiles p SET last_active_at = now() - ((s.i * 37) % 60 || ' days')::interval - ((s.i % 1440) || ' minutes')::interval
     FROM (SELECT i, pg_temp.bench_uuid('bench-member-' || i) AS id FROM generate_series(0, ${members - 1}) i WHERE i % 11 <> 0) s
     WHERE p.id = s.id`,
    `UPDATE event_registrations r SET checked_in_at = e.starts_at + interval '10 minutes'
     FROM events e
     WHERE e.id = r.event_id AND e.ends_at < now() AND e.status = 'scheduled' AND r.status = 'going'
       AND r.checked_in_at IS NULL AND abs(hashtext(r.user_id::text || r.event_id::text)) % 10 < 7`,
    `INSERT INTO pwa_analytics (user_id, event_type, platform, is_pwa_mode, created_at)
     SELECT pg_temp.bench_uuid('bench-member-' || ((7 * k) % ${members})), 'app_open', 'android', k % 3 = 0,
       now() - ((k % 56) || ' days')::interval - ((k % 1440) || ' minutes')::interval
     FROM generate_series(0, ${appOpens - 1}) k`,
    `INSERT INTO reports (reporter_id, reported_user_id, reason, details, status, resolution, resolved_at, created_at)
     SELECT pg_temp.bench_uuid('bench-member-' || ((13 * k) % ${members})), pg_temp.bench_uuid('bench-member-' || ((17 * k + 1) % ${members})),
       (ARRAY['spam','harassment','inappropriate','fake_profile','other'])[1 + k % 5], 'Report ' || k || ' of the bench.',
       CASE WHEN k % 4 = 0 THEN 'dismissed' ELSE 'open' END, CASE WHEN k % 4 = 0 THEN 'dismissed' END,
       CASE WHEN k % 4 = 0 THEN now() END, now() - ((k % 20) || ' days')::interval - ((k % 600) || ' minutes')::interval
     FROM generate_series(0, ${reports - 1}) k
     WHERE (13 * k) % ${members} <> (17 * k + 1) % ${members}`,
    `INSERT INTO crm_tags (member_id, tag)
     SELECT pg_temp.bench_uuid('bench-member-' || i), CASE WHEN i % 10 = 0 THEN 'host' ELSE 'volunteer' END
     FROM generate_series(0, ${members - 1}, 5) i ON CONFLICT DO NOTHING`,
    `INSERT INTO crm_notes (member_id, body)
     SELECT pg_temp.bench_uuid('bench-member-' || i), 'Met at the bench mixer; wants to host a run club.'
     FROM generate_series(0, ${members - 1}, 50) i`,
    // VACUUM as well as ANALYZE: rows loaded in bulk and never vacuumed have no visibility map and no hint bits, so
    // the overview's index-only scans fetched every heap row and its first readers wrote hint bits: 5 s a request
    // on PostgreSQL until autovacuum came by, 90 ms after. A club's database is vacuumed; the bench measures that.
    'VACUUM ANALYZE',
  ];
}
