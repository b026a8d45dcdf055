// Locations at scale for `npm run bench:http` (issue 12): 10,000 members, 500 places, 200,000 check-ins, written in a
// few set-based statements (generate_series) while the app is stopped, like bench/events-data.ts (whose members are
// the same rows: ON CONFLICT DO NOTHING lets either bulk run first or alone).
//
// Shapes, all deterministic:
// - member i (0..9,999): bench-member-i, full_platform, approved; every 997th deactivated (as in the other bulks);
// - place p (0..499): bench-location-p in city p mod 6, within about 5 km of that city's centre; every 25th without
//   coordinates (last in "near me"), every 50th deactivated, every 10th with a photo row;
// - check-in k (0..199,999): member (7,919k) mod 10,000 at place (31k + k / 500) mod 500; every 33rd is here now
//   (within the last 170 minutes: about 6,000, a dozen per place), the others spread over the last 30 days;
//   visibility public (k mod 10 < 5), connections (< 8) or private; every 7th checked out after an hour. No member
//   has two check-ins at one place within 3 hours among the here-now ones (k differ by 10,000 multiples of 33).
import { benchUuid } from './events-data.js';

export const LOCATIONS_SCALE = { members: 10_000, places: 500, checkIns: 200_000 } as const;

/** Where the bench reader stands for "near me": downtown Tampa. */
export const BENCH_POSITION = { lat: 27.9506, lng: -82.4572 } as const;

export const benchLocationId = (p: number) => benchUuid(`bench-location-${p}`);

/** A place that is active and has coordinates (the write scenario's places). */
export const isCheckInPlace = (p: number) => p % 25 !== 0 && p % 50 !== 0;

/** Statements to run in order against a migrated database (PGlite or PostgreSQL). */
export function locationsDataStatements(): string[] {
  const { members, places, checkIns } = LOCATIONS_SCALE;
  const cities = `(ARRAY['tampa','st_pete','clearwater','brandon','sarasota','lakeland'])`;
  const lat = `(ARRAY[27.9506, 27.7731, 27.9659, 27.9378, 27.3364, 28.0395])`;
  const lng = `(ARRAY[-82.4572, -82.6400, -82.8001, -82.2859, -82.5307, -81.9498])`;
  const categories = `(ARRAY['bar','cafe','restaurant','gym','park','beach','venue','other'])`;
  return [
    `CREATE OR REPLACE FUNCTION pg_temp.bench_uuid(name text) RETURNS uuid LANGUAGE sql IMMUTABLE
     AS $$ SELECT overlay(overlay(md5(name) placing '4' from 13 for 1) placing '8' from 17 for 1)::uuid $$`,
    `INSERT INTO users (id, name, email, email_verified)
     SELECT pg_temp.bench_uuid('bench-member-' || i), 'Bench Member ' || i, 'bench-member-' || i || '@bench.invalid', true
     FROM generate_series(0, ${members - 1}) i
     ON CONFLICT DO NOTHING`,
    `INSERT INTO profiles (id, account_type, application_status, username, full_name, email, city, age, interests,
       is_deactivated, is_verified)
     SELECT pg_temp.bench_uuid('bench-member-' || i), 'full_platform', 'approved', 'benchmember' || i, 'Bench Member ' || i,
       'bench-member-' || i || '@bench.invalid', ${cities}[1 + i % 6], 20 + i % 50, ARRAY['Coffee','Running'], i % 997 = 5, i % 9 = 0
     FROM generate_series(0, ${members - 1}) i
     ON CONFLICT DO NOTHING`,
    `INSERT INTO locations (id, name, category, address, city, latitude, longitude, description, opening_hours, active)
     SELECT pg_temp.bench_uuid('bench-location-' || p), 'Bench place ' || p || ' on the bay', ${categories}[1 + p % 8],
       (p % 900 + 1) || ' Bayshore Blvd', ${cities}[1 + p % 6],
       CASE WHEN p % 25 = 0 THEN NULL ELSE ${lat}[1 + p % 6] + ((p * 37) % 100 - 50) / 1000.0 END,
       CASE WHEN p % 25 = 0 THEN NULL ELSE ${lng}[1 + p % 6] + ((p * 53) % 100 - 50) / 1000.0 END,
       'Place ' || p || ' of the locations benchmark.', 'Daily 7am-11pm', p % 50 <> 0
     FROM generate_series(0, ${places - 1}) p`,
    `INSERT INTO location_photos (location_id, image_key)
     SELECT pg_temp.bench_uuid('bench-location-' || p), 'locations/bench/' || p || '.webp'
     FROM generate_series(0, ${places - 1}, 10) p`,
    `INSERT INTO location_check_ins (location_id, user_id, visibility, method, created_at, checked_out_at)
     SELECT pg_temp.bench_uuid('bench-location-' || ((31 * k + k / ${places}) % ${places})),
       pg_temp.bench_uuid('bench-member-' || ((7919 * k) % ${members})),
       CASE WHEN k % 10 < 5 THEN 'public' WHEN k % 10 < 8 THEN 'connections' ELSE 'private' END, 'poster', s.at,
       CASE WHEN k % 7 = 0 AND s.at < now() - interval '1 hour' THEN s.at + interval '1 hour' END
     FROM generate_series(0, ${checkIns - 1}) k,
       LATERAL (SELECT CASE WHEN k % 33 = 0 THEN now() - ((k % 170) || ' minutes')::interval
         ELSE now() - ((180 + (13 * k) % 43000) || ' minutes')::interval - ((k % 60) || ' seconds')::interval END AS at) s`,
    'ANALYZE',
  ];
}

export { benchUuid };
