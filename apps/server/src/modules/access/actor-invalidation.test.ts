import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import {
  applyAs,
  buildTestApp,
  createAdmin,
  createLimitedMember,
  createMember,
  deactivate,
  grantRole,
  injectAs,
  setSettings,
  signIn,
  TEST_ORIGIN,
  type TestUser,
} from '../../test/helpers.js';
import { matchAndOpen, sendMessage } from '../../test/social.js';
import { communities, communityMembers, notifications, profiles, sessions, userRoles, users } from '../../db/schema/index.js';
import { sessionCacheOf } from './request-context.js';
import { STATEMENT_COUNT_HEADER } from '../../platform/statement-count.js';
import { renderedNotifications } from '../notifications/notification-fixtures.js';

/**
 * Issue 9, decision 010: a request's Actor comes from a cache keyed by its Cookie header, and every change of what
 * an Actor holds takes effect on the very next request: through the API, through better-auth, and through writes
 * straight to the database (what the admin CLI and these tests' helpers do). Both engines; the two-process cases
 * are in actor-invalidation.multi-process.test.ts.
 */
const t = await buildTestApp({ BENCH_COUNT_SQL: true });
const db = t.ctx.database.db;
const cache = sessionCacheOf(t.ctx)!;
const origin = { origin: TEST_ORIGIN };

const get = (user: TestUser, url: string) => injectAs(t, user, { method: 'GET', url });
const statements = (res: { headers: Record<string, unknown> }) => Number(res.headers[STATEMENT_COUNT_HEADER]);
const me = async (user: TestUser) => (await get(user, '/api/me')).json();
/** A second session of the same member (another device). */
const secondSession = async (user: TestUser): Promise<TestUser> => ({ ...user, cookie: await signIn(t, user.email, user.password) });

describe('the session cache', () => {
  it('a signed-in request after the first resolves its session without SQL', async () => {
    const member = await createMember(t);
    // The approval written just now is held out of the cache until its COMMIT is heard (PostgreSQL: asynchronously).
    await cache.settled(0, 1000);
    const first = await get(member, '/api/conversations');
    const second = await get(member, '/api/conversations');
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    // better-auth's session and user reads and the access query are gone; only the page's own statements are left.
    expect(statements(first) - statements(second)).toBe(3);
    expect(cache.get(member.cookie)?.userId).toBe(member.id);
  });

  it('/api/me answers from the cache with no SQL, and any change of the profile row shows on the next one', async () => {
    const member = await createMember(t);
    await cache.settled(0, 1000);
    await get(member, '/api/me');
    const cached = await get(member, '/api/me');
    expect(statements(cached)).toBe(0);
    // Through the API: the member's own edit is on their next /api/me.
    const edited = await injectAs(t, member, { method: 'PUT', url: '/api/me/profile', headers: origin, payload: { fullName: 'Kay Ak', bio: 'Kayaks on weekends' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await me(member)).profile.bio).toBe('Kayaks on weekends');
    // Straight to the database (an admin's SQL), a field that decides no access: still on the very next request.
    await get(member, '/api/me');
    await db.update(profiles).set({ city: 'Dunedin', interests: ['Paddleboarding'] }).where(eq(profiles.id, member.id));
    const after = (await me(member)).profile;
    expect(after.city).toBe('Dunedin');
    expect(after.interests).toEqual(['Paddleboarding']);
    // An update that changes nothing keeps the entry.
    await cache.settled(0, 1000);
    await get(member, '/api/me');
    await db.update(profiles).set({ city: 'Dunedin' }).where(eq(profiles.id, member.id));
    expect(statements(await get(member, '/api/me'))).toBe(0);
  });

  it('another member’s profile page is one statement (the row and the block check together)', async () => {
    const [viewer, other] = [await createMember(t), await createMember(t)];
    await cache.settled(0, 1000);
    await get(viewer, '/api/me');
    const res = await get(viewer, `/api/profiles/${other.id}`);
    expect(res.statusCode).toBe(200);
    expect(statements(res)).toBe(1);
  });

  it('a forged or altered cookie never hits the entry of a real one', async () => {
    const member = await createMember(t);
    await get(member, '/api/me');
    const altered = member.cookie.replace('session_token=', 'session_token=x');
    expect(altered).not.toBe(member.cookie);
    expect((await injectAs(t, { cookie: altered }, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect((await injectAs(t, { cookie: `${member.cookie}x` }, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
  });
});

describe('what ends a session takes effect on the very next request', () => {
  it('signing out ends every session at once', async () => {
    const member = await createMember(t);
    const other = await secondSession(member);
    await get(member, '/api/me');
    await get(other, '/api/me');
    expect((await injectAs(t, member, { method: 'POST', url: '/api/session/sign-out', headers: origin })).statusCode).toBe(200);
    expect((await get(member, '/api/me')).statusCode).toBe(401);
    expect((await get(other, '/api/me')).statusCode).toBe(401);
  });

  it('a password change ends the other sessions', async () => {
    const member = await createMember(t);
    const other = await secondSession(member);
    await get(other, '/api/me');
    const res = await injectAs(t, member, {
      method: 'POST',
      url: '/api/account/change-password',
      headers: origin,
      payload: { currentPassword: member.password, newPassword: 'another-secret-1', confirmPassword: 'another-secret-1' },
    });
    expect(res.statusCode).toBe(200);
    expect((await get(other, '/api/me')).statusCode).toBe(401);
  });

  it('sessions better-auth revokes on its own (as a password reset does) end at once', async () => {
    const member = await createMember(t);
    await get(member, '/api/me');
    await t.ctx.auth.api.revokeSessions({ headers: new Headers({ cookie: member.cookie }) });
    expect((await get(member, '/api/me')).statusCode).toBe(401);
  });

  it('deactivation ends every session', async () => {
    const member = await createMember(t);
    const other = await secondSession(member);
    await get(other, '/api/me');
    const res = await injectAs(t, member, { method: 'POST', url: '/api/account/deactivate', headers: origin, payload: { confirmation: 'DEACTIVATE' } });
    expect(res.statusCode).toBe(200);
    expect((await get(other, '/api/me')).statusCode).toBe(401);
  });

  it('deletion ends every session', async () => {
    const member = await createMember(t);
    const other = await secondSession(member);
    await get(other, '/api/me');
    const res = await injectAs(t, member, { method: 'POST', url: '/api/account/delete', headers: origin, payload: { confirmation: 'DELETE' } });
    expect(res.statusCode).toBe(200);
    expect((await get(other, '/api/me')).statusCode).toBe(401);
  });

  it('a session row deleted or cut short in the database (as an admin would) counts at once', async () => {
    const member = await createMember(t);
    const other = await secondSession(member);
    await get(member, '/api/me');
    await get(other, '/api/me');
    await db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, member.id));
    expect((await get(member, '/api/me')).statusCode).toBe(401);
    await db.delete(sessions).where(eq(sessions.userId, member.id));
    expect((await get(other, '/api/me')).statusCode).toBe(401);
  });
});

describe('what changes an Actor takes effect on the very next request', () => {
  it('an admin approval: the pending applicant is a full member at once', async () => {
    const admin = await createAdmin(t);
    const applicant = await applyAs(t);
    expect((await get(applicant, '/api/matches')).statusCode).toBe(403);
    const res = await injectAs(t, admin, { method: 'POST', url: `/api/admin/applications/${applicant.applicationId}/approve`, headers: origin });
    expect(res.statusCode).toBe(200);
    expect((await get(applicant, '/api/matches')).statusCode).toBe(200);
  });

  it('a deactivation written to the profile (not through the API) counts at once, and so does reactivation', async () => {
    const member = await createMember(t);
    expect((await get(member, '/api/matches')).statusCode).toBe(200);
    await deactivate(t, member.id);
    expect((await get(member, '/api/matches')).statusCode).toBe(403);
    await deactivate(t, member.id, false);
    expect((await get(member, '/api/matches')).statusCode).toBe(200);
  });

  it('account type and application status written to the profile count at once', async () => {
    const member = await createMember(t);
    await get(member, '/api/matches');
    await db.update(profiles).set({ accountType: 'community_only', applicationStatus: 'rejected' }).where(eq(profiles.id, member.id));
    expect((await get(member, '/api/matches')).statusCode).toBe(403);
  });

  it('platform roles granted and revoked in the database (the admin CLI does this) count at once', async () => {
    const member = await createMember(t);
    expect((await me(member)).isAdmin).toBe(false);
    expect((await get(member, '/api/admin/settings')).statusCode).toBe(403);
    await grantRole(t, member.id, 'admin');
    expect((await me(member)).isAdmin).toBe(true);
    expect((await get(member, '/api/admin/settings')).statusCode).toBe(200);
    await db.delete(userRoles).where(eq(userRoles.userId, member.id));
    expect((await me(member)).isAdmin).toBe(false);
    expect((await get(member, '/api/admin/settings')).statusCode).toBe(403);
  });

  it('community staff roles count at once (CRM access)', async () => {
    const member = await createMember(t);
    expect((await me(member)).hasCrmAccess).toBe(false);
    const [community] = await db.insert(communities).values({ name: 'Cache Club', urlSlug: `cache-${Date.now()}` }).returning();
    await db.insert(communityMembers).values({ communityId: community!.id, userId: member.id, role: 'moderator' });
    expect((await me(member)).hasCrmAccess).toBe(true);
    await db.update(communityMembers).set({ role: 'member' }).where(eq(communityMembers.userId, member.id));
    expect((await me(member)).hasCrmAccess).toBe(false);
  });

  it('a new name is what the next message notification says', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const { conversationId } = await matchAndOpen(t, a, b);
    await sendMessage(t, a, conversationId, 'hello');
    const renamed = await injectAs(t, a, { method: 'PUT', url: '/api/me/profile', headers: origin, payload: { fullName: 'Renamed Member' } });
    expect(renamed.statusCode).toBe(200);
    await db.delete(notifications).where(eq(notifications.userId, b.id));
    expect((await sendMessage(t, a, conversationId, 'again')).statusCode).toBe(201);
    const [notification] = await renderedNotifications(db, eq(notifications.userId, b.id));
    expect(notification?.title).toBe('New message from Renamed Member');
  });

  it('an email changed in the database is the next request’s email', async () => {
    const member = await createMember(t);
    await get(member, '/api/me');
    const email = `changed-${Date.now()}@example.com`;
    await db.update(users).set({ email }).where(eq(users.id, member.id));
    expect((await me(member)).user.email).toBe(email);
  });

  it('limited-member flags are read fresh: an admin switching one on counts at once', async () => {
    const limited = await createLimitedMember(t);
    expect((await get(limited, '/api/conversations')).statusCode).toBe(403);
    await setSettings(t, { limited_users_can_message: 'true' });
    expect((await get(limited, '/api/conversations')).statusCode).toBe(200);
    await setSettings(t, { limited_users_can_message: 'false' });
    expect((await get(limited, '/api/conversations')).statusCode).toBe(403);
  });

  it('a change that rolled back leaves the Actor as it was', async () => {
    const member = await createMember(t);
    await get(member, '/api/matches');
    await db
      .transaction(async (tx) => {
        await tx.update(profiles).set({ isDeactivated: true }).where(eq(profiles.id, member.id));
        throw new Error('roll back');
      })
      .catch(() => {});
    expect((await get(member, '/api/matches')).statusCode).toBe(200);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL: writes from other connections and a lost LISTEN connection', () => {
  /** A connection of its own, like psql or another server's pool: this process learns of its writes only at COMMIT. */
  async function otherConnection() {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const res = await db.execute(sql`select current_database() as name`);
    url.pathname = `/${(res as unknown as { rows: Array<{ name: string }> }).rows[0]!.name}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    return client;
  }
  const eventually = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 10));
    return check();
  };

  it('a role granted by another connection counts as soon as its COMMIT is heard', async () => {
    const member = await createMember(t);
    await get(member, '/api/me');
    const client = await otherConnection();
    try {
      await client.query(`insert into user_roles (user_id, role) values ($1, 'admin')`, [member.id]);
      expect(await eventually(async () => (await me(member)).isAdmin === true)).toBe(true);
    } finally {
      await client.end();
    }
  });

  it('while the LISTEN connection is down nothing is served from the cache', async () => {
    const member = await createMember(t);
    await get(member, '/api/me');
    await get(member, '/api/me');
    expect(cache.get(member.cookie)).toBeDefined();
    const client = await otherConnection();
    try {
      // The LISTEN connection is the one that ran LISTEN (its last statement) in this database.
      await client.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`);
      expect(await eventually(async () => cache.get(member.cookie) === undefined)).toBe(true);
      expect(statements(await get(member, '/api/me'))).toBeGreaterThan(2);
    } finally {
      await client.end();
    }
    // It reconnects and caches again.
    expect(await eventually(async () => (await get(member, '/api/me')) && cache.get(member.cookie) !== undefined)).toBe(true);
  });
});
