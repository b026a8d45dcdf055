import crypto from 'node:crypto';
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import { CLUB_TIME_ZONE, TICKET_CODE_ALPHABET, utcToZonedLocal, zonedToUtc, type City, type EventVisibility } from '@bayclub/shared';
import type { Db } from '../db/client.js';
import { communities, communityMembers, eventHosts, eventRegistrations, events, profiles } from '../db/schema/index.js';
import type { Storage } from '../platform/storage/index.js';
import { count, rowsOf } from '../platform/sql.js';
import { z } from 'zod';
import { drawScene, storeImage } from './seed-demo-communities.js';

/**
 * The events half of `npm run seed:demo` (issue 11): about 30 events over the coming five weeks across the six
 * cities and the demo communities (public, members-only and community-only), some full with a waitlist (parties
 * with guests), some from the last weeks with attendance (checked-in tickets), a few with covers, one cancelled.
 * Members and communities are read from the database, so this also fills a demo seeded before events existed.
 * Idempotent: nothing happens once any event exists.
 */
interface DemoEvent {
  title: string;
  description: string;
  city: City;
  venue: string;
  address: string;
  /** Community slug (its active members attend); null: member-wide. */
  community: string | null;
  visibility: EventVisibility;
  /** Days from today (club time); negative: past. */
  day: number;
  time: string;
  hours: number;
  capacity: number | null;
  guestsAllowed: number;
  /** How many members RSVP (more than the seats: a waitlist). */
  rsvps: number;
  cover?: [string, string, string];
  cancelled?: boolean;
}

const E = (
  title: string, city: City, venue: string, address: string, community: string | null, visibility: EventVisibility,
  day: number, time: string, hours: number, capacity: number | null, guestsAllowed: number, rsvps: number,
  description: string, extra: Partial<DemoEvent> = {},
): DemoEvent => ({ title, city, venue, address, community, visibility, day, time, hours, capacity, guestsAllowed, rsvps, description, ...extra });

/** Sky, glow and ground of the drawn covers for events that name none (sunset, bay, palms, dusk, citrus, lagoon). */
const COVER_PALETTES: Array<[string, string, string]> = [
  ['#f6d365', '#fda085', '#5b3a29'],
  ['#89f7fe', '#66a6ff', '#1e3a5f'],
  ['#d4fc79', '#96e6a1', '#2f5d3a'],
  ['#a18cd1', '#fbc2eb', '#3d2c5e'],
  ['#ffecd2', '#fcb69f', '#7a4e3a'],
  ['#84fab0', '#8fd3f4', '#23566b'],
];

const EVENTS: DemoEvent[] = [
  // Past, with attendance.
  E('Bayshore sunset run', 'tampa', 'Bayshore Blvd at Rome Ave', 'Bayshore Blvd & S Rome Ave, Tampa', 'sunset-runners', 'public', -12, '18:30', 1.5, 20, 0, 14, 'An easy 5K along the water. Every pace welcome; we regroup at the turnaround.'),
  E('Ramen night on Central', 'st_pete', 'Ichicoro Imoto', '2475 Central Ave, St. Petersburg', 'st-pete-foodies', 'members', -9, '19:00', 2, 12, 1, 12, 'We have the long table. Come hungry.'),
  E('Pickup volleyball at Pier 60', 'clearwater', 'Pier 60 courts', '1 Causeway Blvd, Clearwater', 'clearwater-volleyball', 'public', -6, '09:00', 3, 16, 0, 13, 'Doubles and fours, rotating courts. Bring water.'),
  E('Book club: the beach novel', 'sarasota', 'Selby Public Library', '1331 1st St, Sarasota', 'sarasota-books', 'public', -4, '18:00', 2, null, 0, 9, 'This month’s pick, chapter by chapter. Snacks provided.'),
  E('Tech & coffee in Ybor', 'tampa', 'Blind Tiger Cafe', '1901 E 7th Ave, Tampa', 'tampa-tech-coffee', 'members', -2, '08:30', 1.5, 25, 0, 15, 'Show what you are building, or just come for the coffee.'),
  // Upcoming.
  E('Sunrise yoga on Lido Beach', 'sarasota', 'Lido Beach pavilion', '400 Benjamin Franklin Dr, Sarasota', 'sarasota-yoga', 'public', 1, '07:00', 1, null, 2, 11, 'A gentle flow as the sun comes up. Mats to borrow.', { cover: ['#ffecd2', '#fcb69f', '#7a4e3a'] }),
  E('Mangrove tunnel paddle', 'clearwater', 'Caladesi Island launch', '1 Causeway Blvd, Dunedin', 'clearwater-kayak', 'community', 2, '08:00', 3, 6, 2, 9, 'Six kayaks booked. Parties with guests welcome while seats last.', { cover: ['#00c6ff', '#0072ff', '#e0f7fa'] }),
  E('Bayshore social run', 'tampa', 'Bayshore Blvd at Rome Ave', 'Bayshore Blvd & S Rome Ave, Tampa', 'sunset-runners', 'public', 3, '18:30', 1.5, null, 0, 10, 'An easy 5K along the bay. Tacos after for whoever wants.'),
  E('Jazz at the Palladium', 'st_pete', 'The Palladium', '253 5th Ave N, St. Petersburg', 'st-pete-music', 'members', 4, '20:00', 2.5, 10, 1, 14, 'Ten seats together in the balcony. Waitlist opens when we are full.', { cover: ['#8e2de2', '#4a00e0', '#ff6a88'] }),
  E('Circle B Bar sunrise hike', 'lakeland', 'Circle B Bar Reserve', '4399 Winter Lake Rd, Lakeland', 'lakeland-trails', 'public', 5, '07:30', 2.5, 15, 1, 8, 'Alligators, herons and a slow pace. Bug spray recommended.'),
  E('Parents’ playground morning', 'brandon', 'Brandon Sports & Aquatic Center park', '502 Sadie Ln, Brandon', 'brandon-parents', 'community', 6, '10:00', 2, null, 3, 7, 'Kids run, parents talk. Coffee on us.'),
  E('New members welcome drinks', 'tampa', 'Armature Works', '1910 N Ola Ave, Tampa', null, 'members', 7, '18:30', 2, 40, 1, 22, 'Just joined? Meet the people behind the app and a few regulars.', { cover: ['#355c7d', '#6c5b7b', '#c06c84'] }),
  E('Open mic night', 'st_pete', 'Green Bench Brewing', '1133 Baum Ave N, St. Petersburg', 'st-pete-music', 'public', 8, '19:30', 3, null, 2, 9, 'Sign up at the door, or just come to listen.'),
  E('Dessert crawl downtown', 'st_pete', 'Meet at Williams Park', '350 2nd Ave N, St. Petersburg', 'st-pete-foodies', 'public', 9, '19:00', 2.5, 8, 1, 12, 'Four stops, small portions, big opinions. Eight seats.'),
  E('Beach volleyball doubles tournament', 'clearwater', 'Pier 60 courts', '1 Causeway Blvd, Clearwater', 'clearwater-volleyball', 'public', 10, '09:00', 5, 24, 1, 16, 'Sign up with a partner (a guest counts). Prizes for the top three.'),
  E('Founders breakfast', 'tampa', 'Oxford Exchange', '420 W Kennedy Blvd, Tampa', 'tampa-tech-coffee', 'members', 11, '08:00', 1.5, 12, 0, 9, 'A small table, one question each. Bring your hardest problem.'),
  E('Lakeland food truck rally', 'lakeland', 'Munn Park', '210 E Main St, Lakeland', null, 'public', 12, '17:30', 3, null, 3, 10, 'Twenty trucks around the park. We meet at the fountain.'),
  E('Book club vote and potluck', 'sarasota', 'Bayfront Park', '5 Bayfront Dr, Sarasota', 'sarasota-books', 'public', 13, '17:00', 2, null, 1, 7, 'Bring a dish and a book to pitch for next month.'),
  E('Sunset kayak and picnic', 'clearwater', 'Sand Key Park', '1060 Gulf Blvd, Clearwater', 'clearwater-kayak', 'community', 14, '17:00', 3, 10, 2, 8, 'Paddle out, picnic on the sand, paddle back by moonlight.'),
  E('Brandon board game night', 'brandon', 'Brandon Library', '619 Vonderburg Dr, Brandon', null, 'members', 15, '18:30', 3, 16, 1, 11, 'Catan, Ticket to Ride and a very competitive game of Uno.'),
  E('Full moon yoga', 'sarasota', 'Lido Beach pavilion', '400 Benjamin Franklin Dr, Sarasota', 'sarasota-yoga', 'public', 17, '19:30', 1.5, 20, 1, 9, 'Breathing, stretching and the moon over the Gulf.'),
  E('Hillsborough River hike', 'tampa', 'Hillsborough River State Park', '15402 US-301, Thonotosassa', 'lakeland-trails', 'public', 18, '08:00', 4, 12, 1, 10, 'Rapids, boardwalks and a picnic lunch. Carpool from downtown Tampa.'),
  E('Cuban sandwich showdown', 'tampa', 'Ybor City Museum garden', '1818 E 9th Ave, Tampa', 'st-pete-foodies', 'members', 20, '12:00', 2, 30, 1, 13, 'Tampa versus St Pete, settled once and for all.'),
  E('Clearwater beach cleanup', 'clearwater', 'Clearwater Beach lifeguard tower 2', '100 Coronado Dr, Clearwater', null, 'public', 21, '08:00', 2, null, 3, 12, 'Gloves and bags provided. Breakfast after.'),
  E('Rooftop networking', 'st_pete', 'The Canopy', '340 Beach Dr NE, St. Petersburg', null, 'members', 23, '18:00', 2.5, 35, 1, 15, 'Drinks with a view. Name tags optional, smiles required.'),
  E('Lakeland lake loop', 'lakeland', 'Lake Mirror promenade', '121 S Lake Ave, Lakeland', null, 'public', 25, '07:30', 1.5, null, 2, 6, 'Three lakes, one loop, coffee after.'),
  E('Sarasota art walk', 'sarasota', 'Towles Court', '1943 Morrill St, Sarasota', null, 'members', 27, '18:00', 2.5, 25, 1, 9, 'Open studios and a glass of wine. Meet at the gate.'),
  E('St Pete pier sunset picnic', 'st_pete', 'St. Pete Pier', '600 2nd Ave NE, St. Petersburg', null, 'public', 29, '18:00', 2.5, null, 2, 11, 'Blankets on the lawn by the pier. Bring something to share.'),
  E('Holiday market meetup', 'tampa', 'Curtis Hixon Park', '600 N Ashley Dr, Tampa', null, 'members', 33, '16:00', 3, 30, 2, 12, 'Lights, vendors and hot cider. Meet by the fountain.'),
  // Cancelled: the banner, the notice, STATUS:CANCELLED in calendars.
  E('Kayak to Shell Key', 'st_pete', 'Fort De Soto kayak launch', '3500 Pinellas Bayway S, Tierra Verde', null, 'members', 16, '08:00', 4, 10, 1, 6, 'Called off: small craft advisory. We will pick a new date.', { cancelled: true }),
];

export async function seedDemoEvents(db: Db, storage: Storage, rand: () => number): Promise<{ events: number; registrations: number; checkedIn: number; waitlisted: number }> {
  const totals = { events: 0, registrations: 0, checkedIn: 0, waitlisted: 0 };
  const [any] = await db.select({ id: events.id }).from(events).limit(1);
  if (any) return totals;

  // The demo's approved members (the seed's addresses), full members first for hosting.
  const members = await db
    .select({ id: profiles.id, accountType: profiles.accountType })
    .from(profiles)
    .where(and(like(profiles.email, '%@bayclub.demo'), eq(profiles.applicationStatus, 'approved'), eq(profiles.isDeactivated, false)))
    .orderBy(asc(profiles.createdAt), asc(profiles.id));
  const full = members.filter((m) => m.accountType === 'full_platform').map((m) => m.id);
  const everyone = members.map((m) => m.id);
  if (full.length < 3) return totals;
  const slugs = [...new Set(EVENTS.flatMap((e) => (e.community ? [e.community] : [])))];
  const communityRows = await db.select({ id: communities.id, slug: communities.urlSlug, createdBy: communities.createdBy }).from(communities).where(inArray(communities.urlSlug, slugs));
  const memberships = communityRows.length
    ? await db
        .select({ communityId: communityMembers.communityId, userId: communityMembers.userId, role: communityMembers.role })
        .from(communityMembers)
        .where(and(inArray(communityMembers.communityId, communityRows.map((c) => c.id)), eq(communityMembers.status, 'active')))
        .orderBy(asc(communityMembers.createdAt))
    : [];
  const pick = <T>(a: readonly T[]) => a[Math.floor(rand() * a.length)]!;
  const shuffle = <T>(a: readonly T[]) => a.map((v) => [rand(), v] as const).sort((x, y) => x[0] - y[0]).map(([, v]) => v);
  const code = (used: Set<string>) => {
    for (;;) {
      const c = Array.from({ length: 6 }, () => TICKET_CODE_ALPHABET[Math.floor(rand() * TICKET_CODE_ALPHABET.length)]).join('');
      if (!used.has(c)) return used.add(c), c;
    }
  };
  const today = utcToZonedLocal(new Date(), CLUB_TIME_ZONE).slice(0, 10);
  const dayOf = (offset: number) => {
    const d = new Date(`${today}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + offset);
    return d.toISOString().slice(0, 10);
  };

  for (const e of EVENTS) {
    const community = e.community ? communityRows.find((c) => c.slug === e.community) : undefined;
    // A community's events are hosted by its creator and attended by its active members.
    const crowd = community ? memberships.filter((m) => m.communityId === community.id).map((m) => m.userId) : everyone;
    const hostPool = community ? crowd.filter((id) => full.includes(id)) : full;
    if (!hostPool.length) continue;
    const creator = community?.createdBy && full.includes(community.createdBy) ? community.createdBy : pick(hostPool);
    const startsAt = zonedToUtc(`${dayOf(e.day)}T${e.time}`, CLUB_TIME_ZONE);
    const endsAt = new Date(startsAt.getTime() + e.hours * 3_600_000);
    const past = endsAt.getTime() < Date.now();
    const id = crypto.randomUUID();
    // Every event has a cover (decision 025): its own palette, else one of the palettes below by its place in the list.
    const palette = e.cover ?? COVER_PALETTES[EVENTS.indexOf(e) % COVER_PALETTES.length]!;
    const cover = await storeImage(storage, `events/${id}/${Date.now()}-cover`, await drawScene(palette, e.day + 11, 1200, 600));
    // The creator is going without a registration (decision 025: counted, no seat); then the crowd in a stable
    // random order, parties with guests where allowed.
    const attendees = shuffle(crowd.filter((m) => m !== creator)).slice(0, Math.max(0, e.rsvps - 1));
    const used = new Set<string>();
    let seats = 0;
    const rows = attendees.map((userId, i) => {
      const guests = e.guestsAllowed && i > 0 && rand() < 0.35 ? 1 + Math.floor(rand() * e.guestsAllowed) : 0;
      const fits = e.capacity === null || seats + 1 + guests <= e.capacity;
      if (fits) seats += 1 + guests;
      const at = new Date(startsAt.getTime() - (10 - Math.min(i, 9)) * 86_400_000 + i * 60_000);
      const checkedIn = past && fits && !e.cancelled && rand() < 0.75;
      return {
        eventId: id,
        userId,
        status: fits ? ('going' as const) : ('waitlisted' as const),
        guests,
        waitlistedAt: fits ? null : at,
        ticketCode: code(used),
        checkedInAt: checkedIn ? new Date(startsAt.getTime() + Math.floor(rand() * 40) * 60_000) : null,
        checkedInBy: checkedIn ? creator : null,
        createdAt: at,
        updatedAt: at,
      };
    });
    const waitlisted = rows.filter((r) => r.status === 'waitlisted').length;
    const coHost = hostPool.find((m) => m !== creator && attendees.includes(m));
    await db.transaction(async (tx) => {
      await tx.insert(events).values({
        id,
        createdBy: creator,
        communityId: community?.id ?? null,
        title: e.title,
        description: e.description,
        coverImageKey: cover.key,
        startsAt,
        endsAt,
        timeZone: CLUB_TIME_ZONE,
        venue: e.venue,
        address: e.address,
        city: e.city,
        visibility: community || e.visibility !== 'community' ? e.visibility : 'members',
        status: e.cancelled ? 'cancelled' : 'scheduled',
        capacity: e.capacity,
        guestsAllowed: e.guestsAllowed,
        goingCount: seats,
        waitlistCount: waitlisted,
        sequence: e.cancelled ? 1 : 0,
        cancelledAt: e.cancelled ? new Date() : null,
        // Past events are not reminded of any more.
        remindedDayAt: past ? startsAt : null,
        remindedHourAt: past ? startsAt : null,
        createdAt: new Date(startsAt.getTime() - 14 * 86_400_000),
      });
      if (rows.length) await tx.insert(eventRegistrations).values(rows);
      if (coHost && rand() < 0.5) await tx.insert(eventHosts).values({ eventId: id, userId: coHost, role: 'host' });
    });
    totals.events++;
    totals.registrations += rows.length;
    totals.waitlisted += waitlisted;
    totals.checkedIn += rows.filter((r) => r.checkedInAt).length;
  }
  // The seed writes counts itself: check them against the rows once, cheaply, so a mistake here shows at once.
  const [drift] = rowsOf(
    await db.execute(sql`
    select count(*)::int as n from ${events} e
    where e.going_count <> (select coalesce(sum(1 + r.guests), 0) from ${eventRegistrations} r where r.event_id = e.id and r.status = 'going')`),
    z.object({ n: count() }),
  );
  if ((drift?.n ?? 0) !== 0) throw new Error('seed-demo-events: seat counts do not match the registrations');
  return totals;
}
