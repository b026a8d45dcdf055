import crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { applyAs, buildTestApp, createAdmin, createMember, injectAs, isErrorBody, signIn, type TestUser } from '../test/helpers.js';
import { hostileMultipartBodies, multipart, randomMultipart } from '../test/multipart.js';
import { photo, pngBomb } from '../test/image-fixtures.js';
import { fillParams, registeredRoutes, type RegisteredRoute } from '../test/routes.js';
import {
  RAW_BODIES,
  craftedCursors,
  createRandom,
  mutate,
  randomObject,
  randomParam,
  randomQuery,
  randomValue,
  replaceAt,
  stringPaths,
  ODD_CHARACTERS,
  HOSTILE_QUERIES,
  HOSTILE_SEGMENTS,
  HOSTILE_TAILS,
  hostileJsonBodies,
  type Random,
} from '../test/fuzz.js';
import { BUCKETS } from '@bayclub/shared';
import { eq } from 'drizzle-orm';
import { profileImages } from '../db/schema/index.js';
import { BODY_LIMIT } from '../app.js';

vi.mock('fastify', async (importOriginal) => (await import('../test/routes.js')).withRouteRecorder(await importOriginal()));

/** Random payloads per route and persona (plus every raw body once). FUZZ_ITERATIONS raises it for a deeper run. */
const ITERATIONS = Number(process.env.FUZZ_ITERATIONS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? 20240611);

const t = await buildTestApp();
const routes = registeredRoutes(t.app).filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
const ourRoutes = routes.filter((r) => !r.url.startsWith('/api/auth/'));
const admin = await createAdmin(t);
const member = await createMember(t);

type Who = { name: string; user: TestUser | null };
const anonymous: Who = { name: 'anonymous', user: null };
const everyone: Who[] = [anonymous, { name: 'member', user: member }, { name: 'admin', user: admin }];

/** Valid-looking inputs per route, so mutations reach past the first check. */
const SAMPLES: Record<string, { body?: Record<string, unknown>; queryKeys?: string[] }> = {
  'POST /api/applications': {
    body: {
      name: 'Fuzz Applicant',
      email: 'fuzz-applicant@example.com',
      password: 'fuzz-pass-1',
      username: 'fuzzapplicant',
      instagramUsername: '@fuzz',
      bio: 'hello',
      age: 30,
      gender: 'Male',
      relationshipStatus: 'single',
      city: 'tampa',
      interests: ['Yoga', 'Beach'],
    },
  },
  // Issue 24: download your data (modules/data-export); no input but the session.
  'POST /api/account/export': { body: {} },
  'POST /api/account/change-password': {
    body: { currentPassword: 'not-the-password', newPassword: 'another-1', confirmPassword: 'another-1' },
  },
  'PUT /api/admin/settings': {
    body: { settings: { app_name: 'Fuzz Club', limited_users_can_message: 'false', landing_fake_member_count: '7' } },
  },
  'POST /api/admin/applications/:id/reject': { body: { reason: 'fuzz' } },
  'POST /api/admin/applications/:id/approve': { body: {} },
  'POST /api/setup/admin': {
    body: { token: 'bogus-token', name: 'Setup', email: 'setup@example.com', username: 'setupadmin', password: 'secret-123' },
  },
  'POST /api/analytics/pwa': { body: { eventType: 'install', eventData: { a: 1, b: 'x', c: true }, platform: 'ios', isPwaMode: true } },
  'POST /api/analytics/vitals': {
    body: { metrics: [{ name: 'LCP', value: 1200, rating: 'good', route: '/events/:eventId', deviceClass: 'phone' }] },
  },
  'GET /api/admin/vitals': { queryKeys: ['days'] },
  'POST /api/me/recover': { body: {} },
  'PUT /api/me/language': { body: { language: 'es' } },
  'PUT /api/me/profile': {
    body: {
      fullName: 'Fuzz Member',
      username: 'fuzzmember',
      bio: 'hello',
      instagramUsername: '@fuzz.insta',
      tiktokUsername: 'fuzz_tok',
      linkedinUsername: 'https://www.linkedin.com/in/fuzz-link/',
      youtubeUsername: '@fuzz-tube',
      interests: ['Yoga', 'Beach'],
      gender: 'Male',
      relationshipStatus: 'single',
      age: 30,
      city: 'tampa',
    },
  },
  'PUT /api/me/images/order': { body: { ids: ['6f1c3e2a-8d4b-4c1e-9f2a-1b2c3d4e5f60'] } },
  'POST /api/session/sign-out': { body: {} },
  'GET /api/usernames/availability': { queryKeys: ['username'] },
  'GET /api/admin/applications': { queryKeys: ['status', 'cursor', 'limit'] },
  // Issue 23: the members section (modules/admin).
  'GET /api/admin/members': { queryKeys: ['q', 'type', 'state', 'role', 'city', 'sort', 'dir', 'cursor', 'limit'] },
  'PUT /api/admin/members/:id/account-type': { body: { accountType: 'community_only' } },
  'PUT /api/admin/members/:id/verified': { body: { verified: true } },
  // Issue 24: the legal pages' texts (modules/legal).
  'PUT /api/admin/legal/:document': { body: { markdown: '## Fuzz terms\n\nBe kind.' } },
  // Issue 24: apply and sign in with LinkedIn (modules/linkedin).
  'GET /api/linkedin/start': { queryKeys: ['intent'] },
  'GET /api/linkedin/callback': { queryKeys: ['code', 'state', 'error', 'error_description'] },
  'GET /api/linkedin/prefill': { queryKeys: [] },
  'DELETE /api/linkedin/prefill': { queryKeys: [] },
  'POST /api/admin/members/:id/suspend': { body: { reason: 'fuzz' } },
  'DELETE /api/admin/members/:id': { queryKeys: ['confirm'] },
  // Issue 23: the CRM (modules/crm).
  'GET /api/crm/members': {
    queryKeys: ['q', 'type', 'state', 'city', 'interests', 'community', 'joinedFrom', 'joinedTo', 'activeFrom', 'activeTo', 'minRsvps', 'minAttended', 'minNoShows', 'minCheckIns', 'minPaidEvents', 'minConnections', 'tag', 'sort', 'dir', 'cursor', 'limit'],
  },
  'GET /api/crm/members/:id/timeline': { queryKeys: ['cursor'] },
  'POST /api/crm/members/:id/notes': { body: { body: 'fuzz note' } },
  'POST /api/crm/segments': { body: { name: 'Fuzz segment', filters: { city: 'tampa', minAttended: 2 } } },
  'PATCH /api/crm/segments/:id': { body: { name: 'Fuzz renamed', filters: { q: 'x' } } },
  'GET /api/crm/export.csv': { queryKeys: ['segment', 'fields', 'sort', 'dir', 'city', 'minAttended', 'q', 'tag'] },
  'GET /api/crm/communities/:id': { queryKeys: ['cursor'] },
  // Issue 24: /delete-data and Meta's data-deletion callback.
  'POST /api/delete-data/requests': { body: { email: 'fuzz@example.com' } },
  'POST /api/delete-data/confirm': { body: { token: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' } },
  'POST /api/delete-data/meta': { body: { signed_request: 'c2ln.eyJhbGdvcml0aG0iOiJITUFDLVNIQTI1NiIsInVzZXJfaWQiOiIxIn0' } },
  // Issue 4.
  'GET /api/say-hi/deck': { queryKeys: ['city', 'interests', 'ageMin', 'ageMax', 'cursor', 'limit'] },
  'GET /api/search': { queryKeys: ['q'] },
  'GET /api/directory': { queryKeys: ['q', 'city', 'interests', 'ageMin', 'ageMax', 'verified', 'hideIncomplete', 'sort', 'cursor', 'limit'] },
  'POST /api/hellos': { body: { userId: '6f1c3e2a-8d4b-4c1e-9f2a-1b2c3d4e5f60', note: 'Hi there!' } },
  'GET /api/hellos': { queryKeys: ['direction', 'cursor', 'limit'] },
  'GET /api/matches': { queryKeys: ['cursor', 'limit'] },
  'POST /api/say-hi/skip': { body: { userId: '6f1c3e2a-8d4b-4c1e-9f2a-1b2c3d4e5f60' } },
  'POST /api/blocks': { body: { userId: '6f1c3e2a-8d4b-4c1e-9f2a-1b2c3d4e5f60' } },
  'POST /api/reports': {
    body: { userId: '6f1c3e2a-8d4b-4c1e-9f2a-1b2c3d4e5f60', reason: 'other', details: 'fuzz', messageId: '6f1c3e2a-8d4b-4c1e-9f2a-1b2c3d4e5f61' },
  },
  'POST /api/conversations': { body: { userId: '6f1c3e2a-8d4b-4c1e-9f2a-1b2c3d4e5f60' } },
  'GET /api/conversations': { queryKeys: ['cursor', 'limit'] },
  'GET /api/conversations/:id/messages': { queryKeys: ['before', 'after', 'limit'] },
  'POST /api/conversations/:id/messages': {
    body: { clientId: '6f1c3e2a-8d4b-4c1e-9f2a-1b2c3d4e5f62', content: 'hello https://example.com', mediaUrls: [] },
  },
  'GET /api/notifications': { queryKeys: ['cursor', 'limit'] },
  'POST /api/notifications/mark-read': { body: { ids: ['6f1c3e2a-8d4b-4c1e-9f2a-1b2c3d4e5f60'] } },
  'POST /api/push/subscriptions': {
    body: {
      subscription: {
        endpoint: 'https://push.example.com/send/abc',
        expirationTime: null,
        keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
      },
    },
  },
  'POST /api/push/unsubscribe': { body: { endpoint: 'https://push.example.com/send/abc' } },
  // Issue 10: communities.
  'GET /api/communities': { queryKeys: ['q', 'city', 'cursor', 'limit'] },
  'GET /api/communities/discover': { queryKeys: ['limit'] },
  'GET /api/communities/slug-availability': { queryKeys: ['slug'] },
  'GET /api/communities/:id/members': { queryKeys: ['status', 'cursor', 'limit'] },
  'POST /api/communities': {
    body: { name: 'Fuzz Runners', urlSlug: 'fuzz-runners', description: 'Runs', visibility: 'public', joinPolicy: 'request', city: 'tampa', interests: ['Running'] },
  },
  'PATCH /api/communities/:id': { body: { name: 'Fuzz Walkers', urlSlug: 'fuzz-walkers', description: 'Walks', visibility: 'private', joinPolicy: 'open', city: null, interests: ['Yoga'] } },
  // Issue 11: RSVPs and the door (real ids are fuzzed in modules/events/rsvp-fuzz.test.ts).
  'PUT /api/events/:id/rsvp': { body: { status: 'going', guests: 1 } },
  // Issue 22: money.
  'POST /api/payments/payout-account': { body: { email: 'fuzz-payouts@example.com', country: 'US' } },
  'POST /api/events/:id/checkout': { body: { guests: 0 } },
  'POST /api/events/:id/checkout/confirm': { body: { sessionId: 'cs_test_fuzz' } },
  'GET /api/payments': { queryKeys: ['cursor'] },
  // Issue 24: Instagram linking (the start and disconnect take no input).
  'GET /api/instagram/callback': { queryKeys: ['code', 'state', 'error', 'error_reason', 'error_description'] },
  'POST /api/instagram/start': {},
  'POST /api/instagram/disconnect': {},
  'POST /api/events/:id/check-ins': { body: { code: 'ACDEFG' } },
  // Issue 10: posts (real ids are fuzzed in modules/posts/posts-fuzz.test.ts).
  'GET /api/feed': { queryKeys: ['cursor', 'limit'] },
  'GET /api/feed/reported': { queryKeys: ['cursor', 'limit'] },
  'GET /api/communities/:id/posts': { queryKeys: ['cursor', 'limit'] },
  'GET /api/communities/:id/reported': { queryKeys: ['cursor', 'limit'] },
  'POST /api/posts': { body: { communityId: null, content: 'Hello https://example.com', imageKeys: ['posts/6f1c3e2a-8d4b-4c1e-9f2a-1b2c3d4e5f60/1700000000000-0123456789abcdef.webp'] } },
  'PATCH /api/posts/:id': { body: { content: 'Edited' } },
  'GET /api/posts/:id/comments': { queryKeys: ['cursor', 'limit'] },
  'GET /api/comments/:id/replies': { queryKeys: ['cursor', 'limit'] },
  'POST /api/posts/:id/comments': { body: { content: 'Nice one', parentId: '6f1c3e2a-8d4b-4c1e-9f2a-1b2c3d4e5f60' } },
  'PATCH /api/comments/:id': { body: { content: 'Edited' } },
  'POST /api/posts/:id/report': { body: { reason: 'other', details: 'fuzz' } },
  // Issue 23: event and place reports, the reports queue and its actions, the audit log.
  'POST /api/events/:id/report': { body: { reason: 'other', details: 'fuzz' } },
  'POST /api/locations/:id/report': { body: { reason: 'spam', details: 'fuzz' } },
  'GET /api/moderation/reports': { queryKeys: ['status', 'type', 'communityId', 'cursor', 'limit'] },
  'POST /api/moderation/reports/:id/actions': { body: { action: 'remove', reason: 'fuzz' } },
  'GET /api/admin/audit': { queryKeys: ['action', 'actorId', 'memberId', 'cursor', 'limit'] },
  'POST /api/comments/:id/report': { body: { reason: 'spam' } },
  // Issue 11: events (real ids are fuzzed in modules/events/events-fuzz.test.ts).
  'GET /api/events': { queryKeys: ['city', 'communityId', 'range', 'going', 'past', 'cursor', 'limit'] },
  'GET /api/events/month': { queryKeys: ['month', 'city', 'communityId', 'going'] },
  'GET /api/events/:id/attendees': { queryKeys: ['status', 'cursor', 'limit'] },
  'POST /api/events': {
    body: { title: 'Fuzz walk', startsAtLocal: '2999-03-08T19:00', endsAtLocal: '2999-03-08T21:00', timeZone: 'America/New_York', venue: 'Pier', visibility: 'public', capacity: 5, guestsAllowed: 1 },
  },
  'PATCH /api/events/:id': { body: { title: 'Fuzz walk', capacity: 10, startsAtLocal: '2999-03-08T19:00', endsAtLocal: '2999-03-08T21:00', timeZone: 'UTC' } },
  'PUT /api/events/:id/hosts/:userId': { body: { role: 'door' } },
};

/**
 * Routes under a community reach past the 404 with a real one (the member below created it), half of the time;
 * deleting it would leave the rest with nothing to reach, so DELETE /api/communities/:id keeps random ids.
 */
const fuzzCommunity = (
  await injectAs(t, member, {
    method: 'POST',
    url: '/api/communities',
    payload: { name: 'Fuzz Community', urlSlug: 'fuzz-community', visibility: 'public', joinPolicy: 'request' },
  })
).json().id as string;
const usesRealCommunity = (route: RegisteredRoute) => route.url.startsWith('/api/communities/:id') && !(route.method === 'DELETE' && route.url === '/api/communities/:id');

/** better-auth endpoints behind the /api/auth/* bridge, with a plausible body each. */
const AUTH_PATHS: Record<string, Record<string, unknown>> = {
  'sign-in/email': { email: 'nobody@example.com', password: 'wrong-password' },
  'sign-up/email': { email: 'signup@example.com', password: 'secret-123', name: 'X' },
  'request-password-reset': { email: 'nobody@example.com', redirectTo: '/reset-password' },
  'reset-password': { newPassword: 'secret-123', token: 'bogus' },
  'get-session': {},
  'change-password': { currentPassword: 'not-the-password', newPassword: 'secret-123', revokeOtherSessions: false },
  'update-user': { name: 'Renamed' },
  'change-email': { newEmail: 'other@example.com' },
  'verify-email': { token: 'bogus' },
  'send-verification-email': { email: 'nobody@example.com' },
  'list-sessions': {},
  'list-accounts': {},
  ok: {},
  'no-such-endpoint': {},
};
/** Endpoints that end the caller's sessions or account: fuzzed anonymously, and once each with a throwaway session. */
const SESSION_ENDING = new Set([
  '/api/session/sign-out',
  '/api/auth/sign-out',
  '/api/auth/revoke-sessions',
  '/api/auth/revoke-other-sessions',
  '/api/auth/revoke-session',
  '/api/auth/delete-user',
  '/api/account/deactivate',
  '/api/account/delete',
]);

/** Upload routes: multipart bodies, fuzzed on their own below (the JSON and raw bodies above reach them too). */
const MULTIPART_ROUTES = [
  '/api/me/profile-picture',
  '/api/applications/picture',
  '/api/me/images',
  '/api/admin/assets/favicon',
  '/api/admin/assets/landing-cover',
  '/api/admin/assets/verification-badge',
  '/api/admin/assets/landing-video',
  '/api/chat-media',
  '/api/post-images',
];

const STACK_TRACE = /\bat [^\s]+ \(|\bat (?:file:\/\/|\/)[^\s]+:\d+:\d+|node_modules|"stack"|\.ts:\d+:\d+/;

const stats = new Map<number, number>();
/** One example per kind of failure (route, status, problem), so a report stays readable. */
let failures = new Map<string, string>();

function check(res: LightMyRequestResponse, label: string, routeKey: string) {
  stats.set(res.statusCode, (stats.get(res.statusCode) ?? 0) + 1);
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`status ${res.statusCode}`);
  if (STACK_TRACE.test(res.body)) problems.push('stack trace in body');
  // The local Stripe double's hosted pages stand in for Stripe's own site: people read their refusals as HTML pages
  // (decision 028). Everything else answers errors in the one JSON shape.
  const humanPage = routeKey.includes(' /stripe-local/') && String(res.headers['content-type']).startsWith('text/html');
  // The local LinkedIn and Instagram doubles (decisions 034, 033) answer in their services' own shapes
  // ({ error, error_description }, Graph error bodies, HTML pages).
  const foreignShape = routeKey.includes(' /linkedin-local/') || routeKey.includes(' /instagram-local/');
  if (res.statusCode >= 400 && res.body !== '' && !humanPage && !foreignShape) {
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(res.body);
    } catch {
      problems.push('error body is not JSON');
    }
    if (parsed !== null && !isErrorBody(parsed)) problems.push('error body shape');
  }
  if (!problems.length) return;
  const kind = `${routeKey} → ${res.statusCode} ${problems.join(', ')}`;
  if (!failures.has(kind)) failures.set(kind, `${kind}\n    sent: ${label}\n    got:  ${res.body.slice(0, 240)}`);
}

/** Up to 80 characters of what was sent, for the failure list. */
const show = (v: unknown) => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return (s ?? String(v)).slice(0, 80);
};

function bodyRequest(r: Random, sample: Record<string, unknown> | undefined): { payload: string; contentType?: string; note: string } {
  const roll = r.int(10);
  if (sample && roll < 4) {
    const m = mutate(r, sample);
    return { payload: JSON.stringify(m), contentType: 'application/json', note: show(m) };
  }
  if (roll < 6) {
    const v = randomObject(r);
    return { payload: JSON.stringify(v), contentType: 'application/json', note: show(v) };
  }
  if (roll < 8) {
    const v = randomValue(r);
    return { payload: JSON.stringify(v) ?? 'null', contentType: 'application/json', note: show(v) };
  }
  const raw = r.pick(RAW_BODIES);
  return { payload: raw.body, contentType: raw.contentType, note: `raw ${show(raw.body)} as ${raw.contentType}` };
}

function urlFor(r: Random, route: RegisteredRoute) {
  if (!route.url.includes(':')) return route.url;
  // Mostly a well-formed id, so bodies get past the params; sometimes junk in the path itself.
  const junk = route.url.includes(':slug') || r.chance(0.3);
  const real = !junk && usesRealCommunity(route) && r.chance(0.5);
  return route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) =>
    junk ? randomParam(r) : name === 'document' ? r.pick(['terms-of-service', 'privacy-policy']) : real && name === 'id' ? fuzzCommunity : real && name === 'userId' ? r.pick([member.id, admin.id, crypto.randomUUID()]) : crypto.randomUUID(),
  );
}

async function send(who: Who, opts: InjectOptions, label: string, routeKey: string) {
  const res = await injectAs(t, who.user, opts);
  check(res, `${label} as ${who.name}`, routeKey);
}

async function fuzzRoute(route: RegisteredRoute, who: Who, seed: number) {
  const r = createRandom(seed);
  const key = `${route.method} ${route.url}`;
  const sample = SAMPLES[key];
  const method = route.method as 'POST';
  if (['GET', 'DELETE'].includes(route.method)) {
    const keys = sample?.queryKeys ?? ['q', 'id', 'cursor', 'limit'];
    const queries = Array.from({ length: ITERATIONS }, () => randomQuery(r, keys));
    if (key === 'GET /api/admin/applications') queries.push(...craftedCursors().map((c) => `cursor=${c}`));
    if (key === 'GET /api/admin/members') queries.push(...craftedCursors().map((c) => `cursor=${c}`), ...adminMemberCursors());
    if (key === 'GET /api/directory') queries.push(...directoryCursors());
    if (key === 'GET /api/moderation/reports' || key === 'GET /api/admin/audit') queries.push(...craftedCursors().map((c) => `cursor=${c}`));
    for (const q of queries) {
      const url = `${urlFor(r, route)}?${q}`;
      await send(who, { method, url }, `${key} [seed ${seed}] ${url.slice(0, 120)}`, key);
    }
    return;
  }
  for (const raw of RAW_BODIES) {
    const headers = raw.contentType ? { 'content-type': raw.contentType } : {};
    await send(who, { method, url: urlFor(r, route), payload: raw.body, headers }, `${key} raw ${show(raw.body)} (${raw.contentType})`, key);
  }
  for (let i = 0; i < ITERATIONS; i++) {
    const b = bodyRequest(r, sample?.body);
    const url = r.chance(0.1) ? `${urlFor(r, route)}?${randomQuery(r, ['x'])}` : urlFor(r, route);
    const headers = b.contentType ? { 'content-type': b.contentType } : {};
    await send(who, { method, url, payload: b.payload, headers }, `${key} [seed ${seed} #${i}] ${url.slice(0, 80)} ${b.note}`, key);
  }
}

/** Members-table cursors of every sort (issue 23), with keys of the wrong kind or text PostgreSQL refuses. */
function adminMemberCursors(): string[] {
  const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const i = '6f1c3e2a-8d4b-4c1e-9f2a-1b2c3d4e5f60';
  return [
    { sort: 'name', c: { s: 'name', d: 'asc', k: 'ann\u0000', i } },
    { sort: 'name', c: { s: 'name', d: 'asc', k: '\ud800', i } },
    { sort: 'name', c: { s: 'name', d: 'desc', k: "o'brien %_\\", i } },
    { sort: 'joined', c: { s: 'joined', d: 'asc', k: '2024-02-30T00:00:00.000000Z', i } },
    { sort: 'last_active', c: { s: 'last_active', d: 'asc', k: null, i } },
    { sort: 'last_active', c: { s: 'last_active', d: 'desc', k: 42, i } },
  ].map(({ sort, c }) => `sort=${sort}&dir=${c.d}&cursor=${enc(c)}`);
}

/** Directory cursors of every sort, with their keys out of range or of the wrong kind (decision 018). */
function directoryCursors(): string[] {
  const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const id = '6f1c3e2a-8d4b-4c1e-9f2a-1b2c3d4e5f60';
  const cursors = [
    ...craftedCursors().map((c) => ({ sort: 'newest', c })),
    { sort: 'newest', c: enc({ s: 'newest', c: '2024-02-30T00:00:00.000000Z', i: id }) },
    { sort: 'newest', c: enc({ s: 'name', n: 'ann', i: id }) },
    { sort: 'name', c: enc({ s: 'name', n: 'ann\u0000', i: id }) },
    { sort: 'name', c: enc({ s: 'name', n: 42, i: id }) },
    { sort: 'name', c: enc({ s: 'name', n: '\ud800', i: id }) },
    { sort: 'common', c: enc({ s: 'common', k: 1e400, n: 'ann', i: id }) },
    { sort: 'common', c: enc({ s: 'common', k: -1, n: 'ann', i: id }) },
    { sort: 'common', c: enc({ s: 'common', k: 2.5, n: 'ann', i: id }) },
    { sort: 'common', c: enc({ s: 'common', k: 3, n: "o'brien %_\\", i: id }) },
  ];
  return cursors.map(({ sort, c }) => `sort=${sort}&cursor=${c}`);
}

function seedOf(...parts: string[]) {
  return crypto.createHash('sha256').update([SEED, ...parts].join('|')).digest().readUInt32LE(0);
}

function report() {
  const found = [...failures.values()];
  failures = new Map();
  if (found.length) expect.fail(`${found.length} kind(s) of failure:\n${found.join('\n')}`);
}

describe('fuzz: malformed input never breaks the server', () => {
  for (const route of ourRoutes) {
    const ending = SESSION_ENDING.has(route.url);
    it(`${route.method} ${route.url}`, async () => {
      for (const who of ending ? [anonymous] : everyone) await fuzzRoute(route, who, seedOf(route.method, route.url, who.name));
      report();
    });
  }

  it('better-auth endpoints behind /api/auth/*', async () => {
    expect(routes.some((r) => r.url === '/api/auth/*')).toBe(true);
    for (const [path, body] of Object.entries(AUTH_PATHS)) {
      for (const method of ['GET', 'POST'] as const) {
        for (const who of everyone.slice(0, 2)) {
          const r = createRandom(seedOf(method, path, who.name));
          const url = `/api/auth/${path}`;
          const n = Math.ceil(ITERATIONS / 4);
          for (let i = 0; i < n; i++) {
            if (method === 'GET') {
              const q = randomQuery(r, Object.keys(body).length ? Object.keys(body) : ['token', 'callbackURL']);
              await send(who, { method, url: `${url}?${q}` }, `GET ${url}?${q.slice(0, 100)}`, `GET ${url}`);
            } else {
              const b = bodyRequest(r, body);
              const headers = b.contentType ? { 'content-type': b.contentType } : {};
              await send(who, { method, url, payload: b.payload, headers }, `POST ${url} #${i} ${b.note}`, `POST ${url}`);
            }
          }
        }
      }
    }
    report();
  });

  it('session-ending endpoints, once each with a throwaway session', async () => {
    const r = createRandom(seedOf('session-ending'));
    const victim = await createMember(t);
    for (const url of SESSION_ENDING) {
      for (let i = 0; i < 3; i++) {
        const cookie = await signIn(t, victim.email, victim.password);
        const b = bodyRequest(r, {});
        const headers = { cookie, ...(b.contentType ? { 'content-type': b.contentType } : {}) };
        const res = await t.app.inject({ method: 'POST', url, payload: b.payload, headers });
        check(res, `POST ${url} ${b.note}`, `POST ${url}`);
      }
      const anon = createRandom(seedOf('anon', url));
      for (let i = 0; i < ITERATIONS / 2; i++) {
        const b = bodyRequest(anon, {});
        await send(anonymous, { method: 'POST', url, payload: b.payload, headers: b.contentType ? { 'content-type': b.contentType } : {} }, `POST ${url} ${b.note}`, `POST ${url}`);
      }
    }
    report();
  });

  it('near-valid bodies: each odd character spliced into every string field', async () => {
    const cases: Array<[string, string, Record<string, unknown>]> = [
      ...Object.entries(SAMPLES).flatMap(([key, s]) => (s.body ? [[key.split(' ')[0]!, key.split(' ')[1]!, s.body] as [string, string, Record<string, unknown>]] : [])),
      ...Object.entries(AUTH_PATHS).map(([path, body]) => ['POST', `/api/auth/${path}`, body] as [string, string, Record<string, unknown>]),
    ];
    for (const [method, pattern, body] of cases) {
      if (SESSION_ENDING.has(pattern) || !routes.some((r) => r.method === method && (r.url === pattern || r.url === '/api/auth/*'))) continue;
      const url = fillParams(pattern, { id: crypto.randomUUID() });
      for (const path of stringPaths(body)) {
        // better-auth hashes on every sign-in or password check: there, only the characters storage chokes on.
        const characters = pattern.startsWith('/api/auth/') ? ['\u0000', '\ud800', '\udc00', '😀', '\u202e'] : ODD_CHARACTERS;
        for (const [n, ch] of characters.entries()) {
          // One position per character, rotating, keeps the sweep quick (sign-in hashes each attempt).
          for (const position of [(['start', 'middle', 'end'] as const)[n % 3]!]) {
            const original = path.reduce<unknown>((node, k) => (node as Record<string | number, unknown>)[k], body) as string;
            const at = position === 'start' ? 0 : position === 'end' ? original.length : Math.floor(original.length / 2);
            const payload = replaceAt(body, path, original.slice(0, at) + ch + original.slice(at)) as Record<string, unknown>;
            const who = pattern.startsWith('/api/admin/')
              ? everyone[2]!
              : pattern.startsWith('/api/auth/') || pattern.startsWith('/api/account/') || pattern.startsWith('/api/me/')
                ? everyone[1]!
                : anonymous;
            await send(who, { method: method as 'POST', url, payload }, `${method} ${pattern} ${show(payload)}`, `${method} ${pattern}`);
          }
        }
      }
    }
    report();
  });

  it('multipart upload routes: random, odd and broken multipart bodies', async () => {
    expect(MULTIPART_ROUTES.every((url) => ourRoutes.some((r) => r.method === 'POST' && r.url === url))).toBe(true);
    const assets = { image: await photo(24, 16), bomb: await pngBomb(4000) };
    const applicant = await applyAs(t);
    for (const url of MULTIPART_ROUTES) {
      const key = `POST ${url} (multipart)`;
      const callers: Who[] = [anonymous, { name: 'member', user: member }, { name: 'applicant', user: applicant }];
      for (const who of callers) {
        const r = createRandom(seedOf('multipart', url, who.name));
        const n = who === anonymous ? Math.ceil(ITERATIONS / 6) : Math.ceil(ITERATIONS / 2);
        for (let i = 0; i < n; i++) {
          const body = randomMultipart(r, assets);
          await send(who, { method: 'POST', url, payload: body.payload, headers: { 'content-type': body.contentType } }, `${key} [#${i}] ${body.note}`, key);
        }
      }
    }
    report();
  });

  it('odd headers: junk cookies, junk origins, huge headers', async () => {
    const r = createRandom(seedOf('headers'));
    const targets = ourRoutes.filter((x) => !SESSION_ENDING.has(x.url));
    for (let i = 0; i < ITERATIONS; i++) {
      const route = r.pick(targets);
      const cookie = r.pick([
        'better-auth.session_token=' + 'x'.repeat(r.int(5000)),
        'better-auth.session_token=abc.def',
        `better-auth.session_token=${encodeURIComponent('\u0000')}`,
        'better-auth.session_token=%zz',
        '=;=;=',
        'a'.repeat(8000),
        `${member.cookie}; ${member.cookie}x`,
      ]);
      const headers: Record<string, string> = { cookie, 'content-type': 'application/json' };
      if (r.chance(0.3)) headers['x-forwarded-for'] = r.pick(['1.2.3.4', 'garbage', '::1, 10.0.0.1', '\u00ff'.repeat(10)]);
      if (r.chance(0.2)) headers.origin = r.pick(['null', 'http://localhost:3000/', 'http://localhost:3000.evil.example', 'x']);
      const method = route.method as 'POST';
      await send(anonymous, { method, url: fillParams(route.url, { id: crypto.randomUUID() }), headers, ...(method === 'POST' || method === ('PUT' as string) ? { payload: '{}' } : {}) }, `${route.method} ${route.url} cookie ${cookie.slice(0, 40)}`, `${route.method} ${route.url} (headers)`);
    }
    report();
  });
});

describe('hostile shapes on every route', () => {
  // Every registered route, /media, the web app and the auth bridge included (HEAD answers as GET does).
  const allRoutes = registeredRoutes(t.app).filter((r) => r.method !== 'HEAD');
  const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
  /** Admin routes are fuzzed as an admin (others stop at the access check); ending routes anonymously only. */
  const callers = (url: string): Who[] =>
    SESSION_ENDING.has(url) ? [anonymous] : [anonymous, url.includes('/admin/') ? everyone[2]! : everyone[1]!];
  const jsonBody = (method: string) => (BODY_METHODS.has(method) ? { payload: '{}', headers: { 'content-type': 'application/json' } } : {});

  it('over-long, NUL and surrogate path segments and query strings', async () => {
    expect(allRoutes.some((r) => r.url === '/media/:bucket/*')).toBe(true);
    for (const route of allRoutes) {
      const key = `${route.method} ${route.url}`;
      const urls = new Set<string>();
      const fill = (segment: string, tail = segment) =>
        route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => (name === 'bucket' ? 'app-assets' : segment)).replace('*', tail);
      if (/[:*]/.test(route.url)) for (const segment of HOSTILE_SEGMENTS) urls.add(fill(segment));
      if (route.url.includes(':bucket')) {
        for (const segment of HOSTILE_SEGMENTS) urls.add(route.url.replace(':bucket', segment).replace('*', 'x.webp'));
        for (const bucket of BUCKETS) for (const tail of HOSTILE_TAILS) urls.add(route.url.replace(':bucket', bucket).replace('*', tail));
      }
      const plain = fill(crypto.randomUUID(), 'x.webp');
      for (const query of HOSTILE_QUERIES) urls.add(`${plain}?${query}`);
      for (const who of callers(route.url)) {
        for (const url of urls) await send(who, { method: route.method as 'GET', url, ...jsonBody(route.method) }, `${key} ${url.slice(0, 100)}`, key);
      }
    }
    report();
  });

  it('deeply nested JSON and unstorable text in keys and values, on every body route and better-auth endpoint', async () => {
    const targets: Array<[string, string, Record<string, unknown> | undefined]> = [
      ...allRoutes.filter((r) => BODY_METHODS.has(r.method) && r.url !== '/api/auth/*').map((r): [string, string, Record<string, unknown> | undefined] => [r.method, r.url, SAMPLES[`${r.method} ${r.url}`]?.body]),
      ...Object.entries(AUTH_PATHS).map(([path, body]): [string, string, Record<string, unknown>] => ['POST', `/api/auth/${path}`, body]),
    ];
    expect(targets.length).toBeGreaterThan(30);
    for (const [method, pattern, sample] of targets) {
      const key = `${method} ${pattern}`;
      const url = fillParams(pattern, { id: crypto.randomUUID() });
      for (const body of hostileJsonBodies(sample && Object.keys(sample).length ? sample : undefined)) {
        for (const who of callers(pattern)) {
          await send(who, { method: method as 'POST', url, payload: body.body, headers: { 'content-type': 'application/json' } }, `${key} ${body.note}`, key);
        }
      }
    }
    report();
  });

  it('multipart: unstorable text in fields and field names, deeply nested JSON captions, over-long and odd file names', async () => {
    const image = await photo(24, 16);
    const uploader = await createMember(t);
    const applicant = await applyAs(t);
    const callers: Who[] = [{ name: 'member', user: uploader }, { name: 'applicant', user: applicant }, everyone[2]!];
    for (const url of MULTIPART_ROUTES) {
      const key = `POST ${url} (hostile multipart)`;
      for (const body of hostileMultipartBodies(image)) {
        for (const who of callers) {
          const { payload, headers } = multipart(body.parts);
          await send(who, { method: 'POST', url, payload, headers }, `${key} ${body.note}`, key);
          // A photo that was taken (an odd file name is fine) leaves room for the next body: the gallery holds 12.
          await t.ctx.database.db.delete(profileImages).where(eq(profileImages.userId, who.user!.id));
        }
      }
    }
    report();
  });
});

describe('oversized bodies', () => {
  const big = (n: number) => JSON.stringify({ bio: 'x'.repeat(n) });

  it(`answer 413 on every body route above ${BODY_LIMIT} bytes, for anyone`, async () => {
    const bodyRoutes = routes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
    expect(bodyRoutes.length).toBeGreaterThan(5);
    for (const route of bodyRoutes) {
      const url = route.url === '/api/auth/*' ? '/api/auth/sign-in/email' : fillParams(route.url, { id: crypto.randomUUID() });
      for (const who of everyone) {
        const payload = big(BODY_LIMIT);
        expect(payload.length).toBeGreaterThan(BODY_LIMIT);
        const res = await injectAs(t, who.user, { method: route.method as 'POST', url, payload, headers: { 'content-type': 'application/json' } });
        expect(res.statusCode, `${route.method} ${url} as ${who.name}`).toBe(413);
        expect(res.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large' } });
      }
    }
  });

  it('a body one byte over the limit is refused, one at the limit is read', async () => {
    const at = JSON.stringify({ eventType: 'x', platform: 'y'.repeat(BODY_LIMIT - 34) });
    const pad = BODY_LIMIT - at.length;
    const exact = JSON.stringify({ eventType: 'x', platform: 'y'.repeat(BODY_LIMIT - 34 + pad) });
    expect(exact.length).toBe(BODY_LIMIT);
    const ok = await t.app.inject({ method: 'POST', url: '/api/analytics/pwa', payload: exact, headers: { 'content-type': 'application/json' } });
    expect(ok.statusCode).toBe(400); // read and validated (platform is too long), not refused for size
    const over = await t.app.inject({ method: 'POST', url: '/api/analytics/pwa', payload: exact + ' ', headers: { 'content-type': 'application/json' } });
    expect(over.statusCode).toBe(413);
  });

  it('also when the body is not JSON', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/applications', payload: 'x'.repeat(BODY_LIMIT + 1), headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(413);
  });
});

describe('after the fuzzing', () => {
  it('nothing polluted Object.prototype', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(Object.keys(Object.prototype)).toEqual([]);
  });

  it('the server still answers and the personas are still signed in', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    for (const who of [member, admin]) {
      const me = await injectAs(t, who, { method: 'GET', url: '/api/me' });
      expect(me.statusCode).toBe(200);
      expect(me.json().user.id).toBe(who.id);
    }
    const adminAgain = await injectAs(t, admin, { method: 'GET', url: '/api/admin/settings' });
    expect(adminAgain.statusCode).toBe(200);
  });

  it('a fair share of requests got past validation (the fuzzing is not only bouncing off)', () => {
    const ok = [...stats.entries()].filter(([s]) => s < 300).reduce((n, [, c]) => n + c, 0);
    expect(ok).toBeGreaterThan(100);
  });
});
