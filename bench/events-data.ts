// Events at scale for `npm run bench:http` (issue 11): 10,000 members, 5,000 events, 30,000 registrations, written in
// a few set-based statements (generate_series) while the app is stopped, like bench/feed-data.ts (whose members are
// the same rows: ON CONFLICT DO NOTHING lets either bulk run first or alone). Plus the two events the write scenarios
// need, both owned by the bench reader (created through the API):
// - the burst event: capacity BURST_CAPACITY, guests allowed; the world's members RSVP to it all at once, so the
//   seats fill, the waitlist grows and every "not going" promotes someone (the row lock's worst case);
// - DOOR_EVENTS door events, each with DOOR_TICKETS going registrations of bench members, whose codes are
//   `ticketCodeOf(i)`: every check-in request types the next unused code (a second use would be a 409).
//
// Shapes, all deterministic:
// - member i (0..9,999): bench-member-i, full_platform, approved; every 997th deactivated (as in the feed data);
// - community c (0..49): bench-evcommunity-c, public (every 5th private), creator member c; member i is active in
//   community i mod 50;
// - event e (0..4,999): created by member (7e mod 10,000); 1,000 in the past, 4,000 upcoming every 50 minutes from
//   the current hour on (every 25th shares its neighbour's start: keyset ties); visibility public (e mod 10 < 4),
//   community (e mod 10 = 9, in community e mod 50) or members; city e mod 6; capacity none (e mod 4 = 0) or 20-59;
//   every 100th cancelled;
// - registrations: 6 per event, members (31e + 1,667k) mod 10,000, going with 0-1 guests; the bench reader is going
//   to every 50th event (the list's "myStatus").
import crypto from 'node:crypto';
import { TICKET_CODE_ALPHABET } from '@bayclub/shared';

export const EVENTS_SCALE = { members: 10_000, events: 5_000, registrationsPerEvent: 6, communities: 50 } as const;
export const BURST_CAPACITY = 10;
export const DOOR_EVENTS = 3;
export const DOOR_TICKETS = 10_000;

/** The uuid pg_temp.bench_uuid(name) makes in SQL (md5 shaped as version 4), so scenarios know the bulk's ids. */
export function benchUuid(name: string): string {
  let h = crypto.createHash('md5').update(name).digest('hex');
  h = `${h.slice(0, 12)}4${h.slice(13, 16)}8${h.slice(17)}`;
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export const burstEventId = () => benchUuid('bench-event-burst');
export const doorEventId = (d: number) => benchUuid(`bench-event-door-${d}`);

/** Ticket i's 6-character code: i in base 28 over TICKET_CODE_ALPHABET (unique per event). */
export function ticketCodeOf(i: number): string {
  const n = TICKET_CODE_ALPHABET.length;
  return Array.from({ length: 6 }, (_, k) => TICKET_CODE_ALPHABET[Math.floor(i / n ** k) % n]).join('');
}

/** The same code in SQL, for an integer expression. */
const ticketCodeSql = (i: string) =>
  Array.from({ length: 6 }, (_, k) => `substr('${TICKET_CODE_ALPHABET}', 1 + ((${i}) / ${TICKET_CODE_ALPHABET.length ** k}) % ${TICKET_CODE_ALPHABET.length}, 1)`).join(' || ');

/** Statements to run in order against a migrated database (PGlite or PostgreSQL). */
export function eventsDataStatements(readerId: string): string[] {
  const { members, events, registrationsPerEvent, communities } = EVENTS_SCALE;
  const cities = `(ARRAY['tampa','st_pete','clearwater','brandon','sarasota','lakeland'])`;
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
    `INSERT INTO communities (id, name, url_slug, description, visibility, join_policy, city, interests, created_by)
     SELECT pg_temp.bench_uuid('bench-evcommunity-' || c), 'Bench Events Community ' || c, 'bench-evcommunity-' || c,
       'A community of the events benchmark.', CASE WHEN c % 5 = 4 THEN 'private' ELSE 'public' END, 'open',
       ${cities}[1 + c % 6], ARRAY['Running'], pg_temp.bench_uuid('bench-member-' || c)
     FROM generate_series(0, ${communities - 1}) c`,
    `INSERT INTO community_members (community_id, user_id, role, status)
     SELECT pg_temp.bench_uuid('bench-evcommunity-' || (i % ${communities})), pg_temp.bench_uuid('bench-member-' || i),
       CASE WHEN i < ${communities} THEN 'creator' ELSE 'member' END, 'active'
     FROM generate_series(0, ${members - 1}) i
     ON CONFLICT DO NOTHING`,
    `UPDATE communities m SET member_count = c.n FROM (SELECT community_id, count(*)::int n FROM community_members
       WHERE status = 'active' GROUP BY community_id) c WHERE c.community_id = m.id`,
    `INSERT INTO events (id, created_by, community_id, title, description, starts_at, ends_at, venue, address, city,
       visibility, status, capacity, guests_allowed, sequence, cancelled_at, reminded_day_at, reminded_hour_at)
     SELECT pg_temp.bench_uuid('bench-event-' || e), pg_temp.bench_uuid('bench-member-' || ((7 * e) % ${members})),
       CASE WHEN e % 10 = 9 THEN pg_temp.bench_uuid('bench-evcommunity-' || (e % ${communities})) END,
       'Bench event ' || e || ': sunset run and tacos', 'Event ' || e || ' of the events benchmark. Bring water.',
       s.at, s.at + interval '2 hours', 'Bench venue ' || (e % 97), (e % 500) || ' Bayshore Blvd', ${cities}[1 + e % 6],
       CASE WHEN e % 10 < 4 THEN 'public' WHEN e % 10 = 9 THEN 'community' ELSE 'members' END,
       CASE WHEN e % 100 = 42 THEN 'cancelled' ELSE 'scheduled' END,
       CASE WHEN e % 4 = 0 THEN NULL ELSE 20 + e % 40 END, 1,
       CASE WHEN e % 100 = 42 THEN 1 ELSE 0 END, CASE WHEN e % 100 = 42 THEN now() END,
       CASE WHEN s.at < now() THEN s.at END, CASE WHEN s.at < now() THEN s.at END
     FROM generate_series(0, ${events - 1}) e,
       LATERAL (SELECT date_trunc('hour', now()) + (((e - e % 25 / 24) - 1000) * 50 || ' minutes')::interval AS at) s`,
    `INSERT INTO event_registrations (event_id, user_id, status, guests, ticket_code, created_at)
     SELECT pg_temp.bench_uuid('bench-event-' || e), pg_temp.bench_uuid('bench-member-' || ((31 * e + 1667 * k) % ${members})),
       'going', (e + k) % 2, ${ticketCodeSql('k')}, now() - ((e + k) || ' minutes')::interval
     FROM generate_series(0, ${events - 1}) e, generate_series(0, ${registrationsPerEvent - 1}) k
     ON CONFLICT DO NOTHING`,
    `INSERT INTO event_registrations (event_id, user_id, status, guests, ticket_code)
     SELECT pg_temp.bench_uuid('bench-event-' || e), '${readerId}'::uuid, 'going', 0, ${ticketCodeSql(String(registrationsPerEvent))}
     FROM generate_series(0, ${events - 1}, 50) e
     ON CONFLICT DO NOTHING`,
    // The burst event (upcoming, members-only, capacity BURST_CAPACITY) and the door events (under way), the reader's.
    `INSERT INTO events (id, created_by, title, description, starts_at, ends_at, venue, city, visibility, capacity, guests_allowed)
     VALUES ('${burstEventId()}'::uuid, '${readerId}'::uuid, 'Bench burst event', 'Everyone RSVPs at once.',
       now() + interval '7 days', now() + interval '7 days 2 hours', 'Bench venue', 'tampa', 'members', ${BURST_CAPACITY}, 2)`,
    `INSERT INTO events (id, created_by, title, description, starts_at, ends_at, venue, city, visibility, capacity)
     SELECT pg_temp.bench_uuid('bench-event-door-' || d), '${readerId}'::uuid, 'Bench door event ' || d, 'Tickets at the door.',
       now() - interval '1 hour', now() + interval '3 days', 'Bench venue', 'tampa', 'members', NULL
     FROM generate_series(0, ${DOOR_EVENTS - 1}) d`,
    `INSERT INTO event_registrations (event_id, user_id, status, guests, ticket_code)
     SELECT pg_temp.bench_uuid('bench-event-door-' || d), pg_temp.bench_uuid('bench-member-' || i), 'going', i % 2, ${ticketCodeSql('i')}
     FROM generate_series(0, ${DOOR_EVENTS - 1}) d, generate_series(0, ${DOOR_TICKETS - 1}) i`,
    `UPDATE events e SET going_count = r.seats FROM (SELECT event_id, sum(1 + guests)::int seats FROM event_registrations
       WHERE status = 'going' GROUP BY event_id) r WHERE r.event_id = e.id`,
    'ANALYZE',
  ];
}
