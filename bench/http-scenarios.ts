// The requests `npm run bench:http` measures (see bench/http.ts for how they are run). A later issue adds its pages
// by adding one entry to `scenarios` below: a name, an optional setup that creates what the page needs THROUGH THE
// API (never rows written behind the server's back), and the request to repeat.
import crypto from 'node:crypto';
import Stripe from 'stripe';
import type { Page, PostView } from '@bayclub/shared';
import type { AutocannonRequest } from 'autocannon';
import {
  applyMember,
  approve,
  createFirstAdmin,
  expectStatus,
  inBatches,
  matchPair,
  PROCESS_ORIGIN,
  type ProcessMember,
  type ServerProcess,
} from '../apps/server/src/test/server-process.js';
import { feedDataStatements } from './feed-data.js';
import { DOOR_EVENTS, DOOR_TICKETS, burstEventId, doorEventId, eventsDataStatements, ticketCodeOf } from './events-data.js';
import { BENCH_POSITION, LOCATIONS_SCALE, benchLocationId, isCheckInPlace, locationsDataStatements } from './locations-data.js';
import { SEARCH_TERMS, searchDataStatements } from './search-data.js';
import { backOfficeDataStatements } from './back-office-data.js';
import fs from 'node:fs';

/** What every scenario can use: built once per engine, through the API, as members and admins would. */
export interface World {
  base: string;
  /** The admin's session cookie. */
  admin: string;
  /** The member whose pages are read: matched with every partner, one conversation each. */
  reader: ProcessMember;
  partners: ProcessMember[];
  /** conversations[i] is the reader's conversation with partners[i]; the first holds MESSAGES messages. */
  conversations: string[];
  /**
   * Who sends in the send scenario: SENDER_PAIRS matched pairs of their own, so the reader's pages keep the same
   * size while messages pile up elsewhere. One entry per sender, both directions of each pair.
   */
  senders: Array<{ cookie: string; conversationId: string }>;
}

/** Statements written behind the stopped app; scenarios sharing data share the same functions. */
export type Bulk = (world: World) => string[];

export interface Scenario {
  name: string;
  /** Creates what the request needs, through the API, after the world was built. */
  setup?: (world: World) => Promise<void>;
  /** The request repeated under load; `setupRequest` may vary it per request (ids, bodies, senders). */
  request: (world: World) => AutocannonRequest;
  /**
   * Data too large to write through the API (the feed at scale): statements run against the database while the app
   * is stopped, after the world was built and before any setup. Scenarios sharing data share the same function.
   */
  bulk?: Bulk | Bulk[];
  /** Connections for this request and for the empty route it is compared with (default BENCH_CONNECTIONS). */
  connections?: number;
  /** The target on PostgreSQL: at least this ratio to the empty route, p99 below this many ms. */
  target?: { ratio: number; p99: number };
  /**
   * A one-off measurement printed under the table (the app process's pid given, for its memory): what a load of
   * many connections does not show, e.g. one CSV export of the whole club (time, bytes, peak memory).
   */
  once?: (world: World, appPid: number) => Promise<string>;
}

/** The reader's partners: the inbox lists this many conversations. */
export const PARTNERS = 8;
/**
 * Conversations the send scenario spreads over. A send holds its conversation's row lock until COMMIT, so sends
 * into one conversation queue behind each other; members send in many conversations at once.
 */
export const SENDER_PAIRS = 8;
/** Messages in the first conversation, so its page holds a full 50. */
export const MESSAGES = 60;

const get = (path: string, cookie?: string): AutocannonRequest => ({
  method: 'GET',
  path,
  headers: cookie ? { cookie } : {},
});

export const scenarios: Scenario[] = [
  { name: 'GET /api/health', request: () => get('/api/health') },
  { name: 'GET /api/me', request: (w) => get('/api/me', w.reader.cookie), target: { ratio: 0.2, p99: 15 } },
  {
    name: 'GET /api/profiles/:id',
    request: (w) => get(`/api/profiles/${w.partners[0]!.id}`, w.reader.cookie),
    target: { ratio: 0.2, p99: 15 },
  },
  { name: 'GET /api/conversations', request: (w) => get('/api/conversations', w.reader.cookie), target: { ratio: 0.05, p99: 40 } },
  {
    name: "GET a conversation's 50 messages",
    request: (w) => get(`/api/conversations/${w.conversations[0]}/messages?limit=50`, w.reader.cookie),
    target: { ratio: 0.05, p99: 40 },
  },
  // Issue 13: the People directory's first page (newest first) as the reader sees it: the world's members, through
  // the API. bench/directory-plans.ts prints the query plans with 10,000 members.
  { name: 'GET /api/directory (first page)', request: (w) => get('/api/directory', w.reader.cookie) },
  // The reader's matches and messages: each notification's words are rendered when read, by the kind's module.
  { name: 'GET /api/notifications (first page)', request: (w) => get('/api/notifications', w.reader.cookie) },
  // Issue 21: Home's welcome (checklist + suggested communities and events), read every time Home opens: one statement. The bench sets no number for it.
  { name: 'GET /api/me/welcome', request: (w) => get('/api/me/welcome', w.reader.cookie) },
  {
    name: 'POST a message',
    request: (w) => {
      let n = 0;
      return {
        method: 'POST',
        path: '/',
        // Each request: the next sender, a new idempotency key (a repeated key would be answered from the first send).
        setupRequest: (request) => {
          const sender = w.senders[n++ % w.senders.length]!;
          return {
            ...request,
            path: `/api/conversations/${sender.conversationId}/messages`,
            headers: { cookie: sender.cookie, origin: PROCESS_ORIGIN, 'content-type': 'application/json' },
            body: JSON.stringify({ clientId: crypto.randomUUID(), content: `bench message ${n}` }),
          };
        },
      };
    },
    target: { ratio: 0.04, p99: 60 },
  },
];

// ---------------------------------------------------------------------------------------------
// Issue 10: the Home feed at scale (bench/feed-data.ts), a like and a comment.

/** What the feed scenarios read from the reader's feed before the load: post ids and a cursor deep in it. */
const feedState = new WeakMap<World, { postIds: string[]; laterCursor: string }>();
/** The page the "later page" scenario reads: the 10th (posts 181-200 of the reader's Home). */
const LATER_PAGE = 10;
const feedBulk = (w: World) => feedDataStatements(w.reader.id);

async function feedSetup(w: World) {
  if (feedState.has(w)) return;
  const postIds: string[] = [];
  let cursor: string | null = null;
  let laterCursor = '';
  for (let page = 1; page <= LATER_PAGE; page++) {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const { body } = await expectStatus<Page<PostView>>(200, w.base, 'GET', `/api/feed${query}`, { cookie: w.reader.cookie });
    postIds.push(...body.items.map((p) => p.id));
    if (page === LATER_PAGE - 1) laterCursor = body.nextCursor ?? '';
    cursor = body.nextCursor;
    if (!cursor) throw new Error(`the reader's feed ended after ${page} pages`);
  }
  feedState.set(w, { postIds, laterCursor });
}

const feedOf = (w: World) => {
  const state = feedState.get(w);
  if (!state) throw new Error('feedSetup did not run');
  return state;
};

/** Each request: the next (member, post) pair of the reader's first pages, so likes and comments spread out. */
function spreadWrites(w: World, path: (postId: string) => string, body: (n: number) => unknown): AutocannonRequest {
  const { postIds } = feedOf(w);
  const cookies = [w.reader.cookie, ...w.partners.map((p) => p.cookie)];
  let n = 0;
  return {
    method: 'POST',
    path: '/',
    setupRequest: (request) => {
      const i = n++;
      return {
        ...request,
        path: path(postIds[i % postIds.length]!),
        headers: { cookie: cookies[Math.floor(i / postIds.length) % cookies.length]!, origin: PROCESS_ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify(body(i)),
      };
    },
  };
}

scenarios.push(
  {
    name: 'GET /api/feed (Home, first page of 20)',
    bulk: feedBulk,
    setup: feedSetup,
    request: (w) => get('/api/feed', w.reader.cookie),
    target: { ratio: 0.05, p99: 40 },
  },
  {
    name: `GET /api/feed (Home, page ${LATER_PAGE})`,
    bulk: feedBulk,
    setup: feedSetup,
    request: (w) => get(`/api/feed?cursor=${encodeURIComponent(feedOf(w).laterCursor)}`, w.reader.cookie),
    target: { ratio: 0.05, p99: 40 },
  },
  {
    // A member likes a post of their Home: the first like of each (member, post) pair inserts, later ones are the
    // idempotent no-op a double click is.
    name: 'POST a like',
    bulk: feedBulk,
    setup: feedSetup,
    request: (w) => spreadWrites(w, (id) => `/api/posts/${id}/like`, () => ({})),
  },
  {
    name: 'POST a comment',
    bulk: feedBulk,
    setup: feedSetup,
    request: (w) => spreadWrites(w, (id) => `/api/posts/${id}/comments`, (n) => ({ content: `bench comment ${n}` })),
  },
);

// ---------------------------------------------------------------------------------------------
// Issue 11: events at scale (bench/events-data.ts): the list's first page, an RSVP burst on one event, door check-ins.

const eventsBulk = (w: World) => eventsDataStatements(w.reader.id);
/** Requests sent so far per world and scenario: autocannon asks for the request template once per run. */
const sent = new WeakMap<World, { rsvp: number; checkIn: number }>();
const counters = (w: World) => {
  let c = sent.get(w);
  if (!c) sent.set(w, (c = { rsvp: 0, checkIn: 0 }));
  return c;
};
const write = (method: 'PUT' | 'POST', path: string, cookie: string, body: unknown) => ({
  method,
  path,
  headers: { cookie, origin: PROCESS_ORIGIN, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

scenarios.push(
  { name: 'GET /api/events (first page)', bulk: eventsBulk, request: (w) => get('/api/events', w.reader.cookie) },
  {
    // Every member of the world, at once, on one event of BURST_CAPACITY seats: going (some with guests), then not
    // going, and so on. Each request takes the event's row lock; "not going" promotes the waitlist in the same
    // transaction. The write p99 under contention is the figure.
    name: 'PUT rsvp (burst)',
    bulk: eventsBulk,
    request: (w) => {
      const cookies = [w.reader.cookie, ...w.partners.map((p) => p.cookie), ...w.senders.map((s) => s.cookie)];
      const c = counters(w);
      return {
        method: 'PUT',
        path: '/',
        setupRequest: (request) => {
          const n = c.rsvp++;
          const member = n % cookies.length;
          const going = Math.floor(n / cookies.length) % 2 === 0;
          return { ...request, ...write('PUT', `/api/events/${burstEventId()}/rsvp`, cookies[member]!, { status: going ? 'going' : 'not_going', guests: going ? member % 3 : 0 }) };
        },
      };
    },
  },
  {
    // The host types the next unused ticket code at the door (a used one would answer 409). Deactivated bench
    // members' tickets are skipped: their check-in is refused, which is not what this measures.
    name: 'POST check-in',
    bulk: eventsBulk,
    request: (w) => {
      const c = counters(w);
      return {
        method: 'POST',
        path: '/',
        setupRequest: (request) => {
          let i = c.checkIn++;
          while ((i % DOOR_TICKETS) % 997 === 5) i = c.checkIn++;
          const event = doorEventId(Math.floor(i / DOOR_TICKETS) % DOOR_EVENTS);
          return { ...request, ...write('POST', `/api/events/${event}/check-ins`, w.reader.cookie, { code: ticketCodeOf(i % DOOR_TICKETS) }) };
        },
      };
    },
  },
);

// ---------------------------------------------------------------------------------------------
// Issue 12: locations at scale (bench/locations-data.ts): "near me" with here-now counts, a busy place's page, and a
// check-in write.

const locationsBulk = () => locationsDataStatements();
/** Check-ins sent so far per world: each (member, place) pair is checked in once (a second time would be a 409). */
const checkInsSent = new WeakMap<World, { n: number }>();
/**
 * Members who only check in, made in the scenario's setup: with the world's 25 alone, the pairs ran out after about
 * 12,000 requests and PostgreSQL's rounds measured mostly 409s. 150 more give 80,000 pairs.
 */
const CHECK_IN_MEMBERS = 150;
const checkInCookiesOf = new WeakMap<World, string[]>();
const checkInPlaces = Array.from({ length: LOCATIONS_SCALE.places }, (_, p) => p).filter(isCheckInPlace);
/** The places' poster codes, per world (each engine's server signs with its own key), read in the setup. */
const placeTokensOf = new WeakMap<World, Map<number, string>>();

scenarios.push(
  {
    name: 'GET /api/locations (near me, first 20, here-now counts)',
    bulk: locationsBulk,
    request: (w) => get(`/api/locations?lat=${BENCH_POSITION.lat}&lng=${BENCH_POSITION.lng}`, w.reader.cookie),
  },
  {
    // A place with a dozen members here now and hundreds of recent check-ins: details, here now, recent, events.
    name: 'GET /api/locations/:id (place page)',
    bulk: locationsBulk,
    request: (w) => get(`/api/locations/${benchLocationId(1)}`, w.reader.cookie),
  },
  {
    // The world's members scan the bench places' posters in turn (each pair once): the code's HMAC, the pair's
    // advisory lock, the 3-hour lookup, the insert, the venue-events lookup and the bus notice, in one transaction.
    name: 'POST location check-in',
    bulk: locationsBulk,
    request: (w) => {
      const cookies = checkInCookiesOf.get(w)!;
      let c = checkInsSent.get(w);
      if (!c) checkInsSent.set(w, (c = { n: 0 }));
      const counter = c;
      return {
        method: 'POST',
        path: '/',
        setupRequest: (request) => {
          const n = counter.n++;
          const place = checkInPlaces[Math.floor(n / cookies.length) % checkInPlaces.length]!;
          return {
            ...request,
            ...write('POST', `/api/locations/${benchLocationId(place)}/check-ins`, cookies[n % cookies.length]!, { token: placeTokensOf.get(w)!.get(place), visibility: n % 3 === 0 ? 'private' : 'public' }),
          };
        },
      };
    },
    // The places' poster codes, read once through the API as an admin would before printing.
    setup: async (w) => {
      const extra = await inBatches(Array.from({ length: CHECK_IN_MEMBERS }), 4, () => applyMember(w.base, 'benchcheckin'));
      await inBatches(extra, 4, (m) => approve(w.base, w.admin, m));
      checkInCookiesOf.set(w, [w.reader.cookie, ...w.partners.map((p) => p.cookie), ...w.senders.map((s) => s.cookie), ...extra.map((m) => m.cookie)]);
      const placeTokens = new Map<number, string>();
      placeTokensOf.set(w, placeTokens);
      for (const p of checkInPlaces) {
        const res = await fetch(`${w.base}/api/locations/${benchLocationId(p)}/qr`, { headers: { cookie: w.admin } });
        if (res.status !== 200) throw new Error(`qr of bench place ${p}: ${res.status}`);
        placeTokens.set(p, ((await res.json()) as { token: string }).token);
      }
    },
  },
);

// Issue 13: global search at scale: the feed's members, communities and posts (BENCH_POSTS: 100,000 and 1,000,000
// measured), the events' events, and search-data.ts to reach 1,000 communities and 10,000 events with text that
// reads like members'. Each request searches the next term of its list. BENCH_SEARCH_CONNECTIONS (default 1: the
// latency of one member's search, the target) sets the connections for these and their empty-route runs.

const searchBulk: Bulk = () => searchDataStatements();
const SEARCH_BULK = [feedBulk, eventsBulk, searchBulk];
const SEARCH_CONNECTIONS = Number(process.env.BENCH_SEARCH_CONNECTIONS ?? 1);

function searching(w: World, terms: readonly string[]): AutocannonRequest {
  let n = 0;
  return {
    method: 'GET',
    path: '/',
    headers: { cookie: w.reader.cookie },
    setupRequest: (request) => ({ ...request, path: `/api/search?q=${encodeURIComponent(terms[n++ % terms.length]!)}` }),
  };
}

/** A word nobody wrote before (letters only). */
const freshWord = () => `zb${crypto.randomBytes(5).toString('hex').replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!)}`;

/**
 * The check, printed: a post written through the API is found by the very next search (no index to wait
 * for), also by a typo of its new word; both within the same second.
 */
async function searchAfterWrite(w: World) {
  const seen: number[] = [];
  for (let i = 0; i < 5; i++) {
    const word = freshWord();
    const started = performance.now();
    const { body: post } = await expectStatus<{ id: string }>(201, w.base, 'POST', '/api/posts', {
      cookie: w.reader.cookie,
      body: { communityId: null, content: `Written for the search bench: ${word}.`, imageKeys: [] },
    });
    for (const q of [word, `${word.slice(0, -1)}x${word.slice(-1)}`]) {
      const { body } = await expectStatus<{ results: Array<{ id: string }> }>(200, w.base, 'GET', `/api/search?q=${q}`, { cookie: w.reader.cookie });
      if (!body.results.some((r) => r.id === post.id)) throw new Error(`a post written just now was not found by "${q}"`);
    }
    seen.push(performance.now() - started);
  }
  console.log(`search: a post written then searched (as typed and misspelled) was found each time, ${seen.map((t) => t.toFixed(0)).join(', ')} ms after the write began`);
}

scenarios.push(
  {
    name: 'GET /api/search (rare terms)',
    bulk: SEARCH_BULK,
    setup: searchAfterWrite,
    connections: SEARCH_CONNECTIONS,
    request: (w) => searching(w, SEARCH_TERMS.rare),
  },
  { name: 'GET /api/search (common terms)', bulk: SEARCH_BULK, connections: SEARCH_CONNECTIONS, request: (w) => searching(w, SEARCH_TERMS.common) },
  { name: 'GET /api/search (misspelled terms)', bulk: SEARCH_BULK, connections: SEARCH_CONNECTIONS, request: (w) => searching(w, SEARCH_TERMS.misspelled) },
  // Issue 21: every word across names, city, topics and descriptions ("tampa yoga"), and places as a fifth type.
  { name: 'GET /api/search (multi-word terms)', bulk: SEARCH_BULK, connections: SEARCH_CONNECTIONS, request: (w) => searching(w, SEARCH_TERMS.multiWord) },
  {
    name: 'GET /api/search (place names)',
    bulk: [...SEARCH_BULK, locationsBulk],
    connections: SEARCH_CONNECTIONS,
    request: (w) => searching(w, SEARCH_TERMS.places),
  },
  {
    // Writing a post also adds its new words to the lexicon (migration 0009's trigger): its cost is in here.
    name: 'POST a post (new words for the lexicon)',
    bulk: SEARCH_BULK,
    connections: SEARCH_CONNECTIONS,
    request: (w) => ({
      method: 'POST',
      path: '/api/posts',
      setupRequest: (request) => ({
        ...request,
        headers: { cookie: w.reader.cookie, origin: PROCESS_ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ communityId: null, content: `Bench post about ${freshWord()} and the beach at sunset.`, imageKeys: [] }),
      }),
    }),
  },
);

// ---------------------------------------------------------------------------------------------
// Issue 22: money against the local Stripe double (no STRIPE_SECRET_KEY in the bench's server), on the events data at
// scale (10,000 members, 5,000 events): a paid RSVP (the hold under the event's lock, the payment row, a Checkout
// Session created at the double) alternating with giving the hold back (release, the session expired at the double),
// and the platform webhook under a burst (signature, the event id recorded once, the payment looked up).

const paidEventOf = new WeakMap<World, string>();
const paidSent = new WeakMap<World, { n: number }>();

/** The reader sets up payouts (the double's onboarding page, as a member would) and sells an unlimited paid event. */
async function paidSetup(w: World) {
  if (paidEventOf.has(w)) return;
  const setup = await expectStatus<{ onboardingUrl: string }>(200, w.base, 'POST', '/api/payments/payout-account', {
    cookie: w.reader.cookie,
    body: { email: w.reader.email, country: 'US' },
  });
  const page = await fetch(setup.body.onboardingUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: PROCESS_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'outcome=complete',
  });
  if (page.status !== 303) throw new Error(`onboarding page answered ${page.status}`);
  await expectStatus(200, w.base, 'POST', '/api/payments/payout-account/refresh', { cookie: w.reader.cookie, body: {} });
  const starts = new Date(Date.now() + 30 * 86_400_000);
  const local = (d: Date) => d.toISOString().slice(0, 16);
  const event = await expectStatus<{ id: string }>(201, w.base, 'POST', '/api/events', {
    cookie: w.reader.cookie,
    body: {
      title: 'Bench paid event',
      venue: 'Bench venue',
      visibility: 'members',
      startsAtLocal: local(starts),
      endsAtLocal: local(new Date(starts.getTime() + 7_200_000)),
      timeZone: 'UTC',
      priceAmount: 2500,
    },
  });
  paidEventOf.set(w, event.body.id);
}

scenarios.push(
  {
    name: 'POST checkout / ticket cancel (paid RSVP against the Stripe double)',
    bulk: eventsBulk,
    setup: paidSetup,
    request: (w) => {
      const cookies = [...w.partners.map((p) => p.cookie), ...w.senders.map((s) => s.cookie)];
      let c = paidSent.get(w);
      if (!c) paidSent.set(w, (c = { n: 0 }));
      const counter = c;
      return {
        method: 'POST',
        path: '/',
        setupRequest: (request) => {
          const n = counter.n++;
          const member = n % cookies.length;
          const buying = Math.floor(n / cookies.length) % 2 === 0;
          const event = paidEventOf.get(w)!;
          return { ...request, ...write('POST', buying ? `/api/events/${event}/checkout` : `/api/events/${event}/ticket/cancel`, cookies[member]!, buying ? { guests: 0 } : {}) };
        },
      };
    },
  },
  {
    name: 'POST Stripe webhook (burst, signed, each event once)',
    bulk: eventsBulk,
    request: () => ({
      method: 'POST',
      path: '/',
      setupRequest: (request) => {
        const payload = JSON.stringify({
          id: `evt_bench_${crypto.randomUUID().replaceAll('-', '')}`,
          object: 'event',
          type: 'checkout.session.expired',
          created: Math.floor(Date.now() / 1000),
          data: { object: { id: `cs_test_bench${crypto.randomUUID().replaceAll('-', '')}`, object: 'checkout.session', status: 'expired', metadata: { bayclub_payment_id: crypto.randomUUID() } } },
        });
        const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_local_platform' });
        return {
          ...request,
          method: 'POST',
          path: '/api/payments/webhooks/stripe',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body: payload,
        };
      },
    }),
  },
);

/** Members, an admin's approvals, matches and messages, all through the API. */
export async function buildWorld(server: ServerProcess): Promise<World> {
  const base = server.base;
  const admin = await createFirstAdmin(server);
  const members = await inBatches(Array.from({ length: 1 + PARTNERS + 2 * SENDER_PAIRS }), 4, () => applyMember(base, 'benchhttp'));
  await inBatches(members, 4, (m) => approve(base, admin, m));
  const [reader, ...others] = members;
  const partners = others.slice(0, PARTNERS);
  // Each partner says hi to the reader, the reader accepts, the partner opens the conversation.
  const conversations: string[] = [];
  for (const partner of partners) conversations.push((await matchPair(partner, reader!, { a: base, b: base })).conversationId);
  const pairs = await inBatches(Array.from({ length: SENDER_PAIRS }), 4, async (_, i) => {
    const [a, b] = [others[PARTNERS + 2 * i]!, others[PARTNERS + 2 * i + 1]!];
    const { conversationId } = await matchPair(a, b, { a: base, b: base });
    return [
      { cookie: a.cookie, conversationId },
      { cookie: b.cookie, conversationId },
    ];
  });
  const senders = pairs.flat();
  for (let i = 0; i < MESSAGES; i++) {
    const from = i % 2 ? partners[0]! : reader!;
    await expectStatus(201, base, 'POST', `/api/conversations/${conversations[0]}/messages`, {
      cookie: from.cookie,
      body: { clientId: crypto.randomUUID(), content: `setup message ${i}` },
    });
  }
  return { base, admin, reader: reader!, partners, conversations, senders };
}

// ---------------------------------------------------------------------------------------------
// Issue 23: the back office on 10,000 members, 5,000 events and 200,000 check-ins (the events and locations data, plus
// bench/back-office-data.ts: last-active stamps, attendance and no-shows, app opens, reports, CRM tags and notes). The
// CRM's engagement figures are built by the app's start-up refresh. Read by the world's admin (full_platform, CRM
// access); the CSV export of every member is measured once: time, bytes and the app's peak memory (it must stream).

const backOfficeBulk: Bulk[] = [eventsBulk, locationsBulk, () => backOfficeDataStatements()];
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** The app process's resident memory now and at its peak (Linux /proc), in MB. */
function memoryOf(pid: number): { rss: number; peak: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN) / 1024;
    return { rss: field('VmRSS'), peak: field('VmHWM') };
  } catch {
    return null;
  }
}

scenarios.push(
  {
    name: 'GET /api/admin/members (city + type filter, last-active sort)',
    bulk: backOfficeBulk,
    request: (w) => get('/api/admin/members?city=tampa&type=full_platform&sort=last_active&dir=desc', w.admin),
  },
  {
    name: 'GET /api/admin/members (name search)',
    bulk: backOfficeBulk,
    request: (w) => get('/api/admin/members?q=member%2012&sort=name&dir=asc', w.admin),
  },
  {
    name: 'GET /api/admin/overview',
    bulk: backOfficeBulk,
    connections: 10,
    request: (w) => get('/api/admin/overview', w.admin),
  },
  {
    name: 'GET /api/crm/members (segment: Tampa, attended 2+, active in 60 days; by score)',
    bulk: backOfficeBulk,
    request: (w) => get(`/api/crm/members?city=tampa&minAttended=2&activeFrom=${daysAgo(60)}&sort=score&dir=desc`, w.admin),
  },
  {
    name: 'GET /api/moderation/reports (open queue)',
    bulk: backOfficeBulk,
    request: (w) => get('/api/moderation/reports', w.admin),
  },
  {
    name: 'GET /api/crm/export.csv (all members, 2 connections)',
    bulk: backOfficeBulk,
    connections: 2,
    request: (w) => get('/api/crm/export.csv', w.admin),
    once: async (w, pid) => {
      const before = memoryOf(pid);
      const started = performance.now();
      const res = await fetch(`${w.base}/api/crm/export.csv`, { headers: { cookie: w.admin } });
      let bytes = 0;
      let rows = 0;
      let firstByte = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        if (!firstByte) firstByte = performance.now() - started;
        bytes += chunk.length;
        for (const b of chunk) if (b === 10) rows++;
      }
      const ms = performance.now() - started;
      const after = memoryOf(pid);
      const mem = before && after ? `; app RSS ${before.rss.toFixed(0)} -> ${after.rss.toFixed(0)} MB, peak ${after.peak.toFixed(0)} MB` : '';
      return `CSV export of every member: HTTP ${res.status}, ${rows} lines, ${(bytes / 1024).toFixed(0)} KB in ${ms.toFixed(0)} ms (first byte ${firstByte.toFixed(0)} ms)${mem}`;
    },
  },
);

// ---------------------------------------------------------------------------------------------
// Issue 24 part 5: the admin's Performance tab over 300,000 web vital reports spread over 90 days (the retention),
// 12 routes, phone and desktop, and 20,000 app opens and installs over 28 days. Percentiles by grouping sets in SQL.

const VITALS_REPORTS = 300_000;
const vitalsBulk: Bulk = () => [
  `INSERT INTO performance_metrics (metric_name, metric_value, metric_type, rating, route, device_class, created_at)
   SELECT (ARRAY['LCP','INP','CLS','FCP','TTFB'])[1 + k % 5],
     CASE WHEN k % 5 = 2 THEN (k % 40) / 100.0 ELSE 50 + (k::bigint * 7919) % 6000 END,
     'web_vital',
     (ARRAY['good','good','good','needs-improvement','poor'])[1 + (k / 5) % 5],
     (ARRAY['/','/community','/events','/events/:eventId','/inbox','/chat/:conversationId','/profile','/locations',
            '/locations/:locationId','/user-directory','/admin','/:slug'])[1 + (k / 25) % 12],
     CASE WHEN k % 3 = 0 THEN 'desktop' ELSE 'phone' END,
     now() - ((k % (90 * 1440)) || ' minutes')::interval
   FROM generate_series(0, ${VITALS_REPORTS - 1}) k`,
  `INSERT INTO pwa_analytics (event_type, is_pwa_mode, created_at)
   SELECT CASE WHEN k % 40 = 0 THEN 'app_installed' ELSE 'app_open' END, k % 2 = 0, now() - ((k % (28 * 1440)) || ' minutes')::interval
   FROM generate_series(0, 19999) k`,
];

scenarios.push(
  {
    name: 'GET /api/admin/vitals?days=7 (300,000 reports over 90 days)',
    bulk: [vitalsBulk],
    connections: 10,
    request: (w) => get('/api/admin/vitals?days=7', w.admin),
  },
  {
    name: 'GET /api/admin/vitals?days=28 (300,000 reports over 90 days)',
    bulk: [vitalsBulk],
    connections: 10,
    request: (w) => get('/api/admin/vitals?days=28', w.admin),
  },
);

// ---------------------------------------------------------------------------------------------
// Issue 24: the pages the integrations added. A page load's web vitals arrive as one signed-out beacon of five metrics
// (every visitor sends one, so it is the busiest write of the issue); the legal pages and /delete-data's status page
// are public; Settings → Security asks for the member's data archive status.

const vitalsBeacon = JSON.stringify({
  metrics: (['LCP', 'FCP', 'TTFB', 'CLS', 'INP'] as const).map((name) => ({
    name,
    value: name === 'CLS' ? 0.02 : 420,
    rating: 'good',
    route: '/events/:eventId',
    deviceClass: 'phone',
  })),
});
let deletionCode = '';

scenarios.push(
  {
    name: 'POST /api/analytics/vitals (signed out, 5 metrics)',
    request: () => ({
      method: 'POST',
      path: '/api/analytics/vitals',
      headers: { origin: PROCESS_ORIGIN, 'content-type': 'application/json' },
      body: vitalsBeacon,
    }),
  },
  { name: 'GET /api/legal/terms-of-service (public)', request: () => get('/api/legal/terms-of-service') },
  { name: 'GET /api/account/export (Settings → Security)', request: (w) => get('/api/account/export', w.reader.cookie) },
  {
    name: 'GET /api/delete-data/status/:code (public)',
    setup: async (w) => {
      const asked = await expectStatus<{ confirmationCode: string }>(202, w.base, 'POST', '/api/delete-data/requests', {
        body: { email: w.partners.at(-1)!.email },
      });
      deletionCode = asked.body.confirmationCode;
    },
    request: () => get(`/api/delete-data/status/${deletionCode}`),
  },
);
