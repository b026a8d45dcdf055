import crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  DEFAULT_LIMITED_USER_FLAGS,
  LIMITED_USER_FLAGS,
  accessLevel,
  flagSettingKey,
  type AccessSubject,
  type UserRole,
} from '@bayclub/shared';
import {
  applyAs,
  buildTestApp,
  createAdmin,
  createLimitedMember,
  createMember,
  createRejectedApplicant,
  deactivate,
  grantRole,
  injectAs,
  isErrorBody,
  setSettings,
  type TestUser,
} from '../test/helpers.js';
import { fillParams, registeredRoutes, type RegisteredRoute } from '../test/routes.js';
import { photo } from '../test/image-fixtures.js';
import { file, upload } from '../test/multipart.js';
import { createTestDatabase } from '../test/database.js';
import { loadConfig } from '../config.js';
import { membershipApplications, profiles } from '../db/schema/index.js';
import type { RouteAccess } from '../modules/access/policy.js';

vi.mock('fastify', async (importOriginal) => (await import('../test/routes.js')).withRouteRecorder(await importOriginal()));

const t = await buildTestApp();
const db = t.ctx.database.db;
const routes = registeredRoutes(t.app);
const apiRoutes = routes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/auth/'));

/** The foundation routes of docs/api.md with their documented access. */
const DOCUMENTED: Array<[string, string, RouteAccess]> = [
  ['GET', '/api/health', 'public'],
  ['GET', '/api/health/live', 'public'],
  ['GET', '/api/health/ready', 'public'],
  ['GET', '/api/admin/health', 'admin'],
  ['GET', '/api/admin/vitals', 'admin'],
  // Registered only on a PGlite server; answers 404 to anyone without the token in the data folder (decision 029).
  ['POST', '/api/internal/backup', 'public'],
  ['POST', '/api/session/sign-out', 'public'],
  ['POST', '/api/account/change-password', 'signedIn'],
  ['GET', '/api/me', 'signedIn'],
  ['POST', '/api/me/recover', 'signedIn'],
  ['PUT', '/api/me/language', 'signedIn'],
  ['GET', '/api/me/welcome', 'approved'],
  ['POST', '/api/me/welcome/dismiss', 'approved'],
  ['GET', '/api/mentions', 'approved'],
  ['GET', '/api/permissions', 'signedIn'],
  ['GET', '/api/settings/public', 'public'],
  ['GET', '/api/landing/stats', 'public'],
  ['GET', '/api/usernames/availability', 'public'],
  ['POST', '/api/applications', 'public'],
  ['GET', '/api/admin/applications', 'admin'],
  ['POST', '/api/admin/applications/:id/approve', 'admin'],
  ['POST', '/api/admin/applications/:id/reject', 'admin'],
  ['GET', '/api/admin/settings', 'admin'],
  ['PUT', '/api/admin/settings', 'admin'],
  ['GET', '/api/setup/status', 'public'],
  ['POST', '/api/setup/admin', 'public'],
  ['GET', '/api/slugs/:slug', 'public'],
  ['POST', '/api/analytics/pwa', 'public'],
  ['POST', '/api/analytics/vitals', 'public'],
  // Issue 3: profiles, media and the account lifecycle. The profile reads are signedIn: a deactivated
  // member still sees their own profile and photos; the service answers 404 for everyone else's.
  ['GET', '/api/profiles/:id', 'signedIn'],
  ['GET', '/api/profiles/:id/images', 'signedIn'],
  ['PUT', '/api/me/profile', { flag: 'edit_profile' }],
  ['POST', '/api/me/profile-picture', { flag: 'edit_profile' }],
  ['POST', '/api/applications/picture', 'signedIn'],
  ['POST', '/api/me/images', { flag: 'upload_images' }],
  ['DELETE', '/api/me/images/:id', { flag: 'upload_images' }],
  ['PUT', '/api/me/images/order', { flag: 'upload_images' }],
  ['POST', '/api/account/deactivate', 'member'],
  ['POST', '/api/account/delete', 'signedIn'],
  // Issue 9: a deactivated member signs in and reactivates (the service refuses anyone not deactivated).
  ['POST', '/api/account/reactivate', 'signedIn'],
  ['POST', '/api/admin/assets/favicon', 'admin'],
  ['POST', '/api/admin/assets/landing-cover', 'admin'],
  ['POST', '/api/admin/assets/verification-badge', 'admin'],
  ['POST', '/api/admin/assets/landing-video', 'admin'],
  ['GET', '/api/get-app/qr.svg', 'public'],
  ['GET', '/api/account/export', 'signedIn'],
  ['POST', '/api/account/export', 'signedIn'],
  ['GET', '/api/account/export/download', 'signedIn'],
  ['GET', '/api/legal/:document', 'public'],
  ['GET', '/api/admin/legal/:document', 'admin'],
  ['PUT', '/api/admin/legal/:document', 'admin'],
  // Apply and sign in with LinkedIn (decision 034).
  ['GET', '/api/linkedin/start', 'public'],
  ['GET', '/api/linkedin/callback', 'public'],
  ['GET', '/api/linkedin/prefill', 'public'],
  ['DELETE', '/api/linkedin/prefill', 'public'],
  // Issue 24: /delete-data (signed out; the answer never tells whether an address has an account) and Meta's callback.
  ['POST', '/api/delete-data/requests', 'public'],
  ['POST', '/api/delete-data/confirm', 'public'],
  ['GET', '/api/delete-data/status/:code', 'public'],
  ['POST', '/api/delete-data/meta', 'public'],
  ['POST', '/api/instagram/start', 'full_platform'],
  ['GET', '/api/instagram/callback', 'full_platform'],
  ['POST', '/api/instagram/disconnect', 'member'],
  // Issue 4: connections, safety, messaging, notifications, push and the realtime socket.
  ['GET', '/api/say-hi/deck', 'full_platform'],
  ['POST', '/api/say-hi/skip', 'full_platform'],
  ['POST', '/api/hellos', 'full_platform'],
  ['GET', '/api/hellos', 'full_platform'],
  ['POST', '/api/hellos/:id/accept', 'full_platform'],
  ['POST', '/api/hellos/:id/decline', 'full_platform'],
  ['DELETE', '/api/hellos/:id', 'full_platform'],
  ['GET', '/api/matches', 'full_platform'],
  ['DELETE', '/api/matches/:id', 'full_platform'],
  ['GET', '/api/connections/with/:userId', 'member'],
  ['POST', '/api/blocks', 'member'],
  ['DELETE', '/api/blocks/:userId', 'member'],
  ['GET', '/api/blocks', 'member'],
  ['POST', '/api/reports', 'member'],
  ['GET', '/api/conversations', { flag: 'message' }],
  ['POST', '/api/conversations', { flag: 'message' }],
  ['GET', '/api/conversations/:id', { flag: 'message' }],
  ['GET', '/api/conversations/:id/messages', { flag: 'message' }],
  ['POST', '/api/conversations/:id/messages', { flag: 'message' }],
  ['POST', '/api/conversations/:id/read', { flag: 'message' }],
  ['GET', '/api/messages/unread-count', { flag: 'message' }],
  ['GET', '/api/messages/:id/link-preview', { flag: 'message' }],
  ['POST', '/api/chat-media', { flag: 'message' }],
  ['GET', '/api/notifications', 'signedIn'],
  ['GET', '/api/notifications/unread-count', 'signedIn'],
  ['POST', '/api/notifications/mark-read', 'signedIn'],
  ['GET', '/api/me/mail-preferences', 'member'],
  ['PUT', '/api/me/mail-preferences', 'member'],
  ['GET', '/api/mail/unsubscribe', 'public'],
  ['POST', '/api/mail/unsubscribe', 'public'],
  ['GET', '/api/push/public-key', 'public'],
  ['POST', '/api/push/subscriptions', 'signedIn'],
  ['POST', '/api/push/unsubscribe', 'signedIn'],
  // The socket: a plain GET (no upgrade) is a 404; the upgrade itself is covered by realtime.test.ts.
  ['GET', '/api/realtime', 'signedIn'],
  // Issue 10: communities. Reading the list and a community's About page is public; everything else is for approved
  // members, and the service decides reader / moderator / creator (communityViewer).
  ['GET', '/api/communities', 'public'],
  ['GET', '/api/communities/mine', 'approved'],
  ['GET', '/api/communities/discover', 'approved'],
  ['GET', '/api/communities/slug-availability', 'approved'],
  ['POST', '/api/communities', { flag: 'create_communities' }],
  ['GET', '/api/communities/:id', 'public'],
  ['PATCH', '/api/communities/:id', 'approved'],
  ['DELETE', '/api/communities/:id', 'approved'],
  ['POST', '/api/communities/:id/cover', 'approved'],
  ['POST', '/api/communities/:id/avatar', 'approved'],
  ['POST', '/api/communities/:id/join', 'approved'],
  ['POST', '/api/communities/:id/leave', 'approved'],
  ['GET', '/api/communities/:id/members', 'approved'],
  ['POST', '/api/communities/:id/requests/:userId/approve', 'approved'],
  ['POST', '/api/communities/:id/requests/:userId/decline', 'approved'],
  ['POST', '/api/communities/:id/members/:userId/remove', 'approved'],
  ['POST', '/api/communities/:id/members/:userId/ban', 'approved'],
  ['POST', '/api/communities/:id/members/:userId/unban', 'approved'],
  ['PUT', '/api/communities/:id/moderators/:userId', 'approved'],
  ['DELETE', '/api/communities/:id/moderators/:userId', 'approved'],
  // Issue 10: posts, likes, comments, reports and the Home feed (the service answers 404 to non-readers).
  ['GET', '/api/feed', { flag: 'see_feed_nav' }],
  ['GET', '/api/feed/reported', 'approved'],
  ['GET', '/api/communities/:id/posts', 'approved'],
  ['GET', '/api/communities/:id/reported', 'approved'],
  ['POST', '/api/post-images', { flag: 'upload_images' }],
  ['POST', '/api/posts', 'approved'],
  ['GET', '/api/posts/:id', 'approved'],
  ['PATCH', '/api/posts/:id', 'approved'],
  ['DELETE', '/api/posts/:id', 'approved'],
  ['POST', '/api/posts/:id/like', { flag: 'like_posts' }],
  ['DELETE', '/api/posts/:id/like', { flag: 'like_posts' }],
  ['GET', '/api/posts/:id/comments', 'approved'],
  ['GET', '/api/comments/:id/replies', 'approved'],
  ['POST', '/api/posts/:id/comments', { flag: 'comment_posts' }],
  ['PATCH', '/api/comments/:id', 'approved'],
  ['DELETE', '/api/comments/:id', 'approved'],
  ['POST', '/api/posts/:id/report', 'approved'],
  ['POST', '/api/comments/:id/report', 'approved'],
  ['POST', '/api/posts/:id/restore', 'approved'],
  // Issue 11: RSVPs, tickets and the door (the service decides per event: 404 when not visible, 403 when not staff).
  ['PUT', '/api/events/:id/rsvp', 'approved'],
  ['GET', '/api/events/:id/ticket', 'approved'],
  ['POST', '/api/events/:id/check-ins', 'approved'],
  ['GET', '/api/events/:id/check-ins', 'approved'],
  ['GET', '/api/events/:id/attendance', 'approved'],
  // Issue 13: the People directory (full_platform, as the spec's side menu says; decision 018).
  ['GET', '/api/directory', 'full_platform'],
  // Issue 13: global search (approved members; what each finds is decided per type and row, decision 017).
  ['GET', '/api/search', 'approved'],
  // Issue 11: the events themselves (lists and the event page are public; eventViewer answers 404 to non-viewers).
  ['GET', '/api/events', 'public'],
  ['GET', '/api/events/month', 'public'],
  ['POST', '/api/events', { flag: 'create_events' }],
  ['GET', '/api/events/:id', 'public'],
  ['PATCH', '/api/events/:id', 'approved'],
  ['POST', '/api/events/:id/cancel', 'approved'],
  ['POST', '/api/events/:id/cover', 'approved'],
  ['PUT', '/api/events/:id/hosts/:userId', 'approved'],
  ['DELETE', '/api/events/:id/hosts/:userId', 'approved'],
  ['GET', '/api/events/:id/attendees', 'approved'],
  // Issue 11: calendars. The .ics of an event is public (eventViewer decides, else 404); the feed's secret URL is
  // its own credential; managing the feed needs access_calendar, and the service refuses applicants.
  ['GET', '/api/events/:id/calendar.ics', 'public'],
  ['GET', '/api/calendar-feed', { flag: 'access_calendar' }],
  ['POST', '/api/calendar-feed', { flag: 'access_calendar' }],
  ['DELETE', '/api/calendar-feed', { flag: 'access_calendar' }],
  ['GET', '/api/calendar/:token.ics', 'public'],
  // Issue 12: locations. Approved members only; the service decides the flags (view_locations, checkin_locations,
  // manage_locations, generate_qr_codes; admins always) and answers 404 for places a caller may not see.
  ['GET', '/api/locations', 'approved'],
  ['POST', '/api/locations', 'approved'],
  ['GET', '/api/locations/scan', 'approved'],
  // Issue 21: the maps' tile source (configuration, no data).
  ['GET', '/api/locations/map-tiles', 'approved'],
  ['GET', '/api/locations/:id', 'approved'],
  ['PATCH', '/api/locations/:id', 'approved'],
  ['POST', '/api/locations/:id/photos', 'approved'],
  ['DELETE', '/api/locations/:id/photos/:photoId', 'approved'],
  ['GET', '/api/locations/:id/check-ins', 'approved'],
  ['POST', '/api/locations/:id/check-ins', 'approved'],
  ['POST', '/api/locations/check-ins/:id/check-out', 'approved'],
  ['DELETE', '/api/locations/check-ins/:id', 'approved'],
  ['GET', '/api/locations/:id/qr', 'approved'],
  ['POST', '/api/locations/:id/qr/regenerate', 'approved'],
  ['GET', '/api/locations/:id/poster.png', 'approved'],
  ['GET', '/api/locations/:id/poster.pdf', 'approved'],
  ['GET', '/api/locations/:id/door-token', 'approved'],
  // Issue 21: a place's managers (its managers read them; admins add and remove: decision 026).
  ['GET', '/api/locations/:id/managers', 'approved'],
  ['POST', '/api/locations/:id/managers', 'approved'],
  ['DELETE', '/api/locations/:id/managers/:userId', 'approved'],
  ['GET', '/api/me/location-settings', 'approved'],
  ['PUT', '/api/me/location-settings', 'approved'],
  ['GET', '/api/profiles/:id/check-ins', 'approved'],
  // Issue 22: payments. Payout accounts are the caller's own (no id in any route); limited members pay with
  // register_paid_events; the service decides per event (eventViewer: 404 for non-viewers, hosts for sales).
  // Stripe's webhooks are public and verified by their signature instead.
  ['GET', '/api/payments/payout-account', 'approved'],
  ['POST', '/api/payments/payout-account', 'approved'],
  ['POST', '/api/payments/payout-account/refresh', 'approved'],
  ['GET', '/api/payments/payout-account/onboarding', 'approved'],
  ['POST', '/api/payments/payout-account/dashboard', 'approved'],
  ['GET', '/api/payments', 'approved'],
  ['GET', '/api/payments/mode', 'admin'],
  ['POST', '/api/payments/webhooks/stripe', 'public'],
  ['POST', '/api/payments/webhooks/stripe-connect', 'public'],
  ['POST', '/api/events/:id/checkout', { flag: 'register_paid_events' }],
  ['POST', '/api/events/:id/checkout/confirm', 'approved'],
  ['POST', '/api/events/:id/ticket/cancel', 'approved'],
  ['GET', '/api/events/:id/payment', 'approved'],
  ['GET', '/api/events/:id/sales', 'approved'],
  // Issue 23: the back office's Members section and Overview (admins only; modules/admin).
  ['GET', '/api/admin/overview', 'admin'],
  ['GET', '/api/admin/members', 'admin'],
  ['GET', '/api/admin/members/:id', 'admin'],
  ['PUT', '/api/admin/members/:id/roles/:role', 'admin'],
  ['DELETE', '/api/admin/members/:id/roles/:role', 'admin'],
  ['PUT', '/api/admin/members/:id/account-type', 'admin'],
  ['PUT', '/api/admin/members/:id/verified', 'admin'],
  ['POST', '/api/admin/members/:id/suspend', 'admin'],
  ['POST', '/api/admin/members/:id/unsuspend', 'admin'],
  ['DELETE', '/api/admin/members/:id', 'admin'],
  // Issue 23: the CRM (modules/crm): full_platform at the door, then the CRM policy (crm/policy.ts) in the service.
  ['GET', '/api/crm/access', 'full_platform'],
  ['GET', '/api/crm/members', 'full_platform'],
  ['GET', '/api/crm/members/:id', 'full_platform'],
  ['GET', '/api/crm/members/:id/timeline', 'full_platform'],
  ['GET', '/api/crm/members/:id/notes', 'full_platform'],
  ['POST', '/api/crm/members/:id/notes', 'full_platform'],
  ['DELETE', '/api/crm/notes/:noteId', 'full_platform'],
  ['PUT', '/api/crm/members/:id/tags/:tag', 'full_platform'],
  ['DELETE', '/api/crm/members/:id/tags/:tag', 'full_platform'],
  ['GET', '/api/crm/segments', 'full_platform'],
  ['POST', '/api/crm/segments', 'full_platform'],
  ['PATCH', '/api/crm/segments/:id', 'full_platform'],
  ['DELETE', '/api/crm/segments/:id', 'full_platform'],
  ['GET', '/api/crm/export.csv', 'full_platform'],
  ['POST', '/api/crm/refresh', 'full_platform'],
  ['GET', '/api/crm/communities', 'full_platform'],
  ['GET', '/api/crm/communities/:id', 'full_platform'],
  // Issue 23: the reports queue and event / place reports (modules/moderation; the service decides the scope: admins,
  // platform moderators, a community's staff), and the audit log (modules/audit; admins, platform moderators).
  ['POST', '/api/events/:id/report', 'approved'],
  ['POST', '/api/locations/:id/report', 'approved'],
  ['GET', '/api/moderation/reports', 'member'],
  ['GET', '/api/moderation/reports/:id', 'member'],
  ['POST', '/api/moderation/reports/:id/actions', 'member'],
  ['GET', '/api/admin/audit', 'member'],
];

const isValidAccess = (a: unknown): a is RouteAccess =>
  (typeof a === 'string' && ['public', 'signedIn', 'member', 'approved', 'full_platform', 'admin'].includes(a)) ||
  (typeof a === 'object' && a !== null && Object.keys(a).join() === 'flag' && LIMITED_USER_FLAGS.includes((a as { flag: never }).flag));

const describeAccess = (a: RouteAccess | undefined) => (typeof a === 'object' ? `flag:${a.flag}` : String(a));

describe('the access table', () => {
  it('records the routes buildApp registered', () => {
    expect(apiRoutes.length).toBeGreaterThanOrEqual(DOCUMENTED.length);
  });

  it('every /api route outside /api/auth/* declares a valid config.access', () => {
    const missing = apiRoutes.filter((r) => !isValidAccess(r.access)).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('only the better-auth bridge lives under /api/auth/ (nothing hides from the table there)', () => {
    const authRoutes = routes.filter((r) => r.url.startsWith('/api/auth/'));
    expect([...new Set(authRoutes.map((r) => r.url))]).toEqual(['/api/auth/*']);
    expect(authRoutes.every((r) => r.access === 'public')).toBe(true);
  });

  it('routes outside /api are read-only (GET/HEAD)', () => {
    // The local Stripe double's hosted pages (Checkout, onboarding) post their forms: they stand in for Stripe's
    // own site and exist only without STRIPE_SECRET_KEY (decision 028); so do the local LinkedIn double's authorize
    // form and token endpoint (without LINKEDIN_CLIENT_ID, decision 034) and the Instagram double's consent form and
    // token endpoint (without INSTAGRAM_CLIENT_ID, decision 033).
    const doubles = ['/stripe-local/', '/linkedin-local/', '/instagram-local/'];
    const mutating = routes.filter((r) => !r.url.startsWith('/api/') && !doubles.some((d) => r.url.startsWith(d)) && !['GET', 'HEAD'].includes(r.method));
    expect(mutating.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('matches docs/api.md for every documented route', () => {
    for (const [method, url, access] of DOCUMENTED) {
      const route = apiRoutes.find((r) => r.method === method && r.url === url);
      expect(route, `${method} ${url} is registered`).toBeDefined();
      expect(route!.access, `${method} ${url}`).toEqual(access);
    }
  });

  it('every registered /api route has an entry in the documented table (a new route without one fails)', () => {
    const undocumented = apiRoutes
      .filter((r) => r.method !== 'HEAD')
      .filter((r) => !DOCUMENTED.some(([method, url]) => method === r.method && url === r.url))
      .map((r) => `${r.method} ${r.url}`);
    expect(undocumented).toEqual([]);
  });

  it('every /api/admin/ route is admin-only', () => {
    // The audit log is also read by platform moderators (their moderation entries; the audit service decides, 403 to others).
    const moderatorsToo = new Set(['/api/admin/audit']);
    const loose = apiRoutes.filter((r) => r.url.startsWith('/api/admin/') && r.access !== 'admin' && !moderatorsToo.has(r.url));
    expect(loose.map((r) => `${r.method} ${r.url} ${describeAccess(r.access)}`)).toEqual([]);
  });

  it('buildApp fails when a module registers an /api route without config.access', async () => {
    vi.resetModules();
    vi.doMock('../modules/index.js', async (importOriginal) => {
      const mod = await importOriginal<typeof import('../modules/index.js')>();
      return {
        ...mod,
        registerModules: async (app: FastifyInstance, ctx: Parameters<typeof mod.registerModules>[1]) => {
          await mod.registerModules(app, ctx);
          await app.register(async (scope) => {
            scope.get('/api/rogue', async () => ({ secret: true }));
          });
        },
      };
    });
    const { database, drop } = await createTestDatabase();
    try {
      const { buildApp } = await import('../app.js');
      const config = loadConfig(
        {},
        { LOG_LEVEL: 'silent', RATE_LIMIT: false, BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-000', WEB_DIST: '/nonexistent' },
      );
      await expect(buildApp(config, { database })).rejects.toThrow('Route GET /api/rogue has no config.access entry');
    } finally {
      vi.doUnmock('../modules/index.js');
      vi.resetModules();
      await drop();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Every route against every persona: the declared access decides 401 / 403 / through.

interface Persona {
  name: string;
  user: TestUser | null;
  subject: AccessSubject | null;
  roles: UserRole[];
}

async function persona(name: string, user: TestUser | null, roles: UserRole[] = []): Promise<Persona> {
  if (!user) return { name, user, subject: null, roles };
  const [p] = await db.select().from(profiles).where(eq(profiles.id, user.id));
  const subject = p ? { accountType: p.accountType, applicationStatus: p.applicationStatus, isDeactivated: p.isDeactivated } : null;
  return { name, user, subject, roles };
}

/** A signed-in user whose profile is gone and cannot be recovered (no pending application). */
async function userWithoutProfile() {
  const user = await applyAs(t);
  await db.delete(profiles).where(eq(profiles.id, user.id));
  await db
    .update(membershipApplications)
    .set({ status: 'rejected' })
    .where(and(eq(membershipApplications.createdUserId, user.id)));
  return user;
}

const admin = await createAdmin(t);
const full = await createMember(t);
const moderator = await createMember(t);
await grantRole(t, moderator.id, 'moderator');
await grantRole(t, moderator.id, 'crm_admin');
const deactivatedAdmin = await createAdmin(t);
await deactivate(t, deactivatedAdmin.id);
const deactivatedMember = await createMember(t);
await deactivate(t, deactivatedMember.id);

const personas: Persona[] = [
  await persona('anonymous', null),
  await persona('pending applicant (community_only)', await applyAs(t)),
  await persona('rejected applicant (community_only)', await createRejectedApplicant(t)),
  await persona('limited (approved community_only)', await createLimitedMember(t)),
  await persona('full_platform', full),
  await persona('moderator + crm_admin', moderator, ['moderator', 'crm_admin']),
  await persona('admin', admin, ['admin']),
  await persona('deactivated full_platform', deactivatedMember),
  await persona('deactivated admin', deactivatedAdmin, ['admin']),
  await persona('no profile', await userWithoutProfile()),
];

/** The independent reading of the table: what should happen to this persona on this route. */
async function expectedOutcome(access: RouteAccess, p: Persona): Promise<'through' | 401 | 403> {
  if (access === 'public') return 'through';
  if (!p.user) return 401;
  const level = accessLevel(p.subject);
  switch (access) {
    case 'signedIn':
      return 'through';
    case 'member':
      return level === 'none' ? 403 : 'through';
    case 'approved':
      // Approved members see other members; applicants and deactivated members do not (decision 009).
      return level === 'full_platform' || level === 'limited' ? 'through' : 403;
    case 'full_platform':
      return level === 'full_platform' ? 'through' : 403;
    case 'admin':
      // A deactivated admin keeps the role row but wields nothing until reactivated.
      return p.roles.includes('admin') && level !== 'none' ? 'through' : 403;
    default: {
      if (level === 'full_platform') return 'through';
      // Flags open features to community members; a rejected applicant is not one (decision 009).
      if (level === 'none' || level === 'rejected') return 403;
      const flags = await t.ctx.settings.flags();
      return flags[access.flag] ? 'through' : 403;
    }
  }
}

function requestFor(route: RegisteredRoute) {
  const url = fillParams(route.url, { id: crypto.randomUUID(), userId: crypto.randomUUID(), slug: 'nothing-here' });
  const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
  return { method: route.method as 'GET', url, ...(hasBody ? { payload: {} } : {}) };
}

const ACCESS_DENIED = 'You do not have access to this';

async function checkRoute(route: RegisteredRoute, p: Persona) {
  const expected = await expectedOutcome(route.access!, p);
  const res = await injectAs(t, p.user, requestFor(route));
  // Reactivating is the one call that changes a persona's access: the persona goes back to how it was.
  if (route.url === '/api/account/reactivate' && p.subject?.isDeactivated) await deactivate(t, p.user!.id);
  const label = `${route.method} ${route.url} as ${p.name} (${describeAccess(route.access)})`;
  // A file answer (the CRM's CSV export) has no JSON body to check.
  const isJson = String(res.headers['content-type'] ?? '').includes('json');
  const body = route.method === 'HEAD' || res.body === '' || !isJson ? null : res.json();
  if (expected === 401) {
    expect(res.statusCode, label).toBe(401);
    if (body) expect(body, label).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'You need to sign in' } });
  } else if (expected === 403) {
    expect(res.statusCode, label).toBe(403);
    if (body) expect(body, label).toEqual({ error: { code: 'FORBIDDEN', message: ACCESS_DENIED } });
  } else {
    expect(res.statusCode, label).not.toBe(401);
    if (res.statusCode === 403) expect(body?.error?.message, label).not.toBe(ACCESS_DENIED);
    expect(res.statusCode, label).toBeLessThan(500);
  }
  if (body && res.statusCode >= 400) expect(isErrorBody(body), `${label}: ${res.body}`).toBe(true);
}

describe('every route × every persona', () => {
  // Public routes are only walked anonymously: walking sign-out as a persona would end its sessions.
  const nonPublic = () => apiRoutes.filter((r) => r.access !== 'public');

  it('anonymous callers get 401 with the error body on every non-public route', async () => {
    expect(nonPublic().length).toBeGreaterThan(0);
    for (const route of nonPublic()) await checkRoute(route, personas[0]!);
  });

  it('public routes never ask anonymous callers to sign in', async () => {
    for (const route of apiRoutes.filter((r) => r.access === 'public' && r.method !== 'POST')) {
      await checkRoute(route, personas[0]!);
    }
  });

  for (const p of personas.slice(1)) {
    it(`${p.name}: the declared access decides on every non-public route`, async () => {
      for (const route of nonPublic()) await checkRoute(route, p);
    });
  }

  it('admin routes answer 403 to community_only and full_platform non-admins', async () => {
    const adminRoutes = apiRoutes.filter((r) => r.access === 'admin' && r.method !== 'HEAD');
    expect(adminRoutes.length).toBeGreaterThanOrEqual(5);
    for (const name of [
      'pending applicant (community_only)',
      'rejected applicant (community_only)',
      'limited (approved community_only)',
      'full_platform',
      'moderator + crm_admin',
    ]) {
      const p = personas.find((x) => x.name === name)!;
      for (const route of adminRoutes) {
        const res = await injectAs(t, p.user, requestFor(route));
        expect(res.statusCode, `${route.method} ${route.url} as ${name}`).toBe(403);
        expect(res.json()).toEqual({ error: { code: 'FORBIDDEN', message: ACCESS_DENIED } });
      }
    }
  });

  it('flag routes follow the flag for limited members, with the flag off and on', async () => {
    const flagRoutes = apiRoutes.filter((r) => typeof r.access === 'object');
    for (const route of flagRoutes) {
      const flag = (route.access as { flag: (typeof LIMITED_USER_FLAGS)[number] }).flag;
      for (const value of ['false', 'true']) {
        await setSettings(t, { [flagSettingKey(flag)]: value });
        for (const p of personas) await checkRoute(route, p);
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Decision 009: applicants who are not approved (pending or rejected) see no other member. Every route is asked
// about a real member and about nobody (the same request with an unknown id and username): an applicant must
// get the very same answer. Then a full member, asked the same, shows which routes do present members.

interface Subject {
  id: string;
  username: string;
  /** The member's stored photos (profile picture variants and a gallery photo). */
  files: string[];
}

const jpeg = await photo(48, 32);

async function memberWithPhotos(): Promise<Subject> {
  const user = await createMember(t);
  const picture: string = (await upload(t, user, '/api/me/profile-picture', [file(jpeg)])).json().profilePictureUrl;
  const gallery: string = (await upload(t, user, '/api/me/images', [file(jpeg)])).json().items[0].imageUrl;
  const [p] = await db.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, user.id));
  const picturePath = picture.split('?')[0]!;
  return { id: user.id, username: p!.username!, files: [picturePath, picturePath.replace('profile.webp', 'profile-160.webp'), gallery] };
}

const someMember = await memberWithPhotos();
const nobody: Subject = {
  id: crypto.randomUUID(),
  username: 'no-such-member',
  files: someMember.files.map((f) => f.replace(someMember.id, '00000000-0000-4000-8000-000000000000')),
};

/** The routes that present a member to callers who may see members (what the full member's walk must find). */
const MEMBER_LOOKUPS = ['/api/profiles/:id', '/api/profiles/:id/images', '/api/profiles/:id/check-ins', '/api/slugs/:slug', '/api/connections/with/:userId', '/media/:bucket/*'];

/** Every way of asking a route about `who`: id parameters, the slug, the body's userId (and a report reason). */
function requestsAbout(route: RegisteredRoute, who: Subject) {
  const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
  if (route.url === '/media/:bucket/*') return who.files.map((url) => ({ method: route.method as 'GET', url }));
  const url = fillParams(route.url, { id: who.id, userId: who.id, slug: who.username });
  return [{ method: route.method as 'GET', url, ...(hasBody ? { payload: { userId: who.id, reason: 'spam' } } : {}) }];
}

/** The routes walked: all but public mutations (sign-out would end the persona's session; none takes a member). */
const walked = () => routes.filter((r) => (r.url.startsWith('/api/') || r.url === '/media/:bucket/*') && !(r.access === 'public' && r.method !== 'GET' && r.method !== 'HEAD'));

/** Status and body of every request about `who` on `route`. */
async function answersAbout(route: RegisteredRoute, user: TestUser | null, who: Subject) {
  const answers: string[] = [];
  for (const req of requestsAbout(route, who)) {
    const res = await injectAs(t, user, req);
    answers.push(`${res.statusCode} ${res.headers['content-type'] ?? ''} ${res.body}`);
  }
  return answers;
}

async function setAllFlags(value: boolean) {
  await setSettings(t, Object.fromEntries(LIMITED_USER_FLAGS.map((f) => [flagSettingKey(f), String(value)])));
}

describe('applicants see no other member on any route (decision 009)', () => {
  const applicants = ['pending applicant (community_only)', 'rejected applicant (community_only)'].map((n) => personas.find((p) => p.name === n)!);

  for (const p of applicants) {
    it(`${p.name}: every route answers about a real member exactly as about nobody, with every flag off and on`, async () => {
      const leaks: string[] = [];
      try {
        for (const flags of [false, true]) {
          await setAllFlags(flags);
          for (const route of walked()) {
            const label = `${route.method} ${route.url} (flags ${flags ? 'on' : 'off'})`;
            // Nobody first: a request about the real member must not change what follows.
            const aboutNobody = await answersAbout(route, p.user!, nobody);
            const aboutMember = await answersAbout(route, p.user!, someMember);
            if (JSON.stringify(aboutMember) !== JSON.stringify(aboutNobody)) leaks.push(`${label}: ${aboutMember.join(' | ').slice(0, 120)}`);
            const through = route.access === undefined || (await expectedOutcome(route.access, p)) === 'through';
            if (through && MEMBER_LOOKUPS.includes(route.url) && aboutMember.some((a) => !a.startsWith('404'))) {
              leaks.push(`${label}: not 404`);
            }
          }
        }
      } finally {
        await setSettings(t, Object.fromEntries(LIMITED_USER_FLAGS.map((f) => [flagSettingKey(f), String(DEFAULT_LIMITED_USER_FLAGS[f])])));
      }
      expect(leaks).toEqual([]);
    });
  }

  it('the walk reaches members: approved members get other answers about a real member on exactly the member lookups', async () => {
    await setAllFlags(true);
    try {
      for (const name of ['full_platform', 'limited (approved community_only)']) {
        const p = personas.find((x) => x.name === name)!;
        const differing = new Set<string>();
        // Reads only: asking a mutation about a real member would change it (a block hides the member).
        for (const route of walked().filter((r) => r.method === 'GET' || r.method === 'HEAD')) {
          const aboutNobody = await answersAbout(route, p.user!, nobody);
          const aboutMember = await answersAbout(route, p.user!, someMember);
          if (JSON.stringify(aboutMember) !== JSON.stringify(aboutNobody)) {
            differing.add(route.url);
            for (const answer of aboutMember) expect(answer.slice(0, 3), `${route.method} ${route.url} as ${name}`).toBe('200');
          }
        }
        expect([...differing].sort(), name).toEqual([...MEMBER_LOOKUPS].sort());
      }
    } finally {
      await setSettings(t, Object.fromEntries(LIMITED_USER_FLAGS.map((f) => [flagSettingKey(f), String(DEFAULT_LIMITED_USER_FLAGS[f])])));
    }
  });
});

describe('access is decided before input is validated', () => {
  const bodies: unknown[] = [{}, { settings: { nope: 1 } }, { currentPassword: 1 }, []];

  it('anonymous callers with invalid input get 401, not field messages', async () => {
    for (const route of apiRoutes.filter((r) => r.access !== 'public' && ['POST', 'PUT'].includes(r.method))) {
      for (const payload of bodies) {
        const res = await t.app.inject({ method: route.method as 'POST', url: fillParams(route.url, { id: 'not-a-uuid' }), payload: payload as object });
        expect(res.statusCode, `${route.method} ${route.url} ${JSON.stringify(payload)}`).toBe(401);
      }
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/applications?limit=-5&status=nope' });
    expect(list.statusCode).toBe(401);
  });

  it('non-admins with invalid input get 403 on admin routes, not field messages', async () => {
    for (const route of apiRoutes.filter((r) => r.access === 'admin' && ['POST', 'PUT'].includes(r.method))) {
      for (const payload of bodies) {
        const res = await injectAs(t, full, { method: route.method as 'POST', url: fillParams(route.url, { id: 'not-a-uuid' }), payload: payload as object });
        expect(res.statusCode, `${route.method} ${route.url} ${JSON.stringify(payload)}`).toBe(403);
      }
    }
    const list = await injectAs(t, full, { method: 'GET', url: '/api/admin/applications?limit=-5' });
    expect(list.statusCode).toBe(403);
  });

  it('admins still get 400 with field messages for the same input', async () => {
    const res = await injectAs(t, admin, { method: 'PUT', url: '/api/admin/settings', payload: { settings: { nope: '1' } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    const bad = await injectAs(t, admin, { method: 'POST', url: '/api/admin/applications/not-a-uuid/approve', payload: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ id: 'Must be a valid id' });
  });
});

describe('roles take effect on the very next request', () => {
  it('granting and removing admin', async () => {
    const m = await createMember(t);
    expect((await injectAs(t, m, { method: 'GET', url: '/api/admin/settings' })).statusCode).toBe(403);
    await grantRole(t, m.id, 'admin');
    expect((await injectAs(t, m, { method: 'GET', url: '/api/admin/settings' })).statusCode).toBe(200);
    const { userRoles } = await import('../db/schema/index.js');
    await db.delete(userRoles).where(eq(userRoles.userId, m.id));
    expect((await injectAs(t, m, { method: 'GET', url: '/api/admin/settings' })).statusCode).toBe(403);
  });

  it('deactivating an admin removes admin access at once', async () => {
    const a = await createAdmin(t);
    expect((await injectAs(t, a, { method: 'GET', url: '/api/admin/settings' })).statusCode).toBe(200);
    await deactivate(t, a.id);
    const res = await injectAs(t, a, { method: 'GET', url: '/api/admin/settings' });
    expect(res.statusCode).toBe(403);
  });
});
