import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { AdminMemberRow, AdminMembersPage, AdminMemberView, AdminOverviewView } from '@bayclub/shared';
import {
  applyAs,
  buildTestApp,
  createAdmin,
  createLimitedMember,
  createMember,
  deactivate,
  DENIED,
  grantRole,
  injectAs,
  setSettings,
  signIn,
  type TestUser,
} from '../../test/helpers.js';
import { auditLog, profiles, reports, sessions, userRoles } from '../../db/schema/index.js';
import { suspendMember } from './index.js';
import { attentionItems } from './overview.js';

const t = await buildTestApp();
const db = t.ctx.database.db;

const admin = await createAdmin(t);

const get = <T>(user: TestUser | null, url: string) => injectAs(t, user, { method: 'GET', url }).then((r) => ({ status: r.statusCode, body: r.json() as T }));
const send = (user: TestUser | null, method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  injectAs(t, user, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

async function named(name: string, opts: { city?: 'tampa' | 'sarasota' } = {}) {
  const user = await createMember(t);
  await db.update(profiles).set({ fullName: name, ...(opts.city ? { city: opts.city } : {}) }).where(eq(profiles.id, user.id));
  return user;
}

async function auditOf(memberId: string) {
  return db.select().from(auditLog).where(eq(auditLog.memberId, memberId)).orderBy(auditLog.createdAt);
}

describe('who may use the back office members routes', () => {
  it('answers 401 without a session and 403 to a moderator, crm_user, crm_admin, limited member, pending applicant and deactivated admin', async () => {
    const target = await createMember(t);
    const moderator = await createMember(t);
    await grantRole(t, moderator.id, 'moderator');
    const crmUser = await createMember(t);
    await grantRole(t, crmUser.id, 'crm_user');
    const crmAdmin = await createMember(t);
    await grantRole(t, crmAdmin.id, 'crm_admin');
    const limited = await createLimitedMember(t);
    const pending = await applyAs(t);
    const deactivatedAdmin = await createAdmin(t);
    await deactivate(t, deactivatedAdmin.id);
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/overview'],
      ['GET', '/api/admin/members'],
      ['GET', `/api/admin/members/${target.id}`],
      ['PUT', `/api/admin/members/${target.id}/roles/moderator`],
      ['DELETE', `/api/admin/members/${target.id}/roles/moderator`],
      ['PUT', `/api/admin/members/${target.id}/account-type`, { accountType: 'community_only' }],
      ['PUT', `/api/admin/members/${target.id}/verified`, { verified: true }],
      ['POST', `/api/admin/members/${target.id}/suspend`, { reason: 'no' }],
      ['POST', `/api/admin/members/${target.id}/unsuspend`],
      ['DELETE', `/api/admin/members/${target.id}`, { confirm: 'DELETE' }],
    ];
    for (const [method, url, payload] of routes) {
      const anon = await injectAs(t, null, { method: method as 'GET', url, ...(payload ? { payload: payload as object } : {}) });
      expect(anon.statusCode, `${method} ${url} anonymous`).toBe(401);
      for (const [who, user] of Object.entries({ moderator, crmUser, crmAdmin, limited, pending, deactivatedAdmin })) {
        const res = await injectAs(t, user, { method: method as 'GET', url, ...(payload ? { payload: payload as object } : {}) });
        expect(res.statusCode, `${method} ${url} as ${who}`).toBe(403);
        expect(res.json()).toEqual(DENIED);
      }
    }
    // Nothing changed.
    const [p] = await db.select().from(profiles).where(eq(profiles.id, target.id));
    expect(p).toMatchObject({ accountType: 'full_platform', isVerified: false, suspendedAt: null });
    expect(await db.select().from(userRoles).where(eq(userRoles.userId, target.id))).toEqual([]);
  });
});

describe('GET /api/admin/members', () => {
  it('finds members by name, username or email, and filters by type, state, role and city', async () => {
    const zelda = await named('Zelda Quartermain', { city: 'sarasota' });
    const [z] = await db.select().from(profiles).where(eq(profiles.id, zelda.id));
    const byName = await get<AdminMembersPage>(admin, '/api/admin/members?q=quarterm');
    expect(byName.status).toBe(200);
    expect(byName.body.items.map((m) => m.id)).toEqual([zelda.id]);
    expect(byName.body.items[0]).toMatchObject({ name: 'Zelda Quartermain', state: 'active', accountType: 'full_platform', city: 'sarasota', roles: [] });
    expect((await get<AdminMembersPage>(admin, `/api/admin/members?q=${z!.username}`)).body.items.map((m) => m.id)).toEqual([zelda.id]);
    expect((await get<AdminMembersPage>(admin, `/api/admin/members?q=${encodeURIComponent(zelda.email.toUpperCase())}`)).body.items.map((m) => m.id)).toEqual([zelda.id]);
    // A LIKE wildcard is a character, not a pattern.
    expect((await get<AdminMembersPage>(admin, '/api/admin/members?q=%25')).body.items).toEqual([]);

    const pending = await applyAs(t);
    const states = await get<AdminMembersPage>(admin, '/api/admin/members?state=pending&limit=100');
    expect(states.body.items.map((m) => m.id)).toContain(pending.id);
    expect(states.body.items.every((m) => m.state === 'pending')).toBe(true);
    const types = await get<AdminMembersPage>(admin, '/api/admin/members?type=community_only&limit=100');
    expect(types.body.items.every((m) => m.accountType === 'community_only')).toBe(true);
    const admins = await get<AdminMembersPage>(admin, '/api/admin/members?role=admin&limit=100');
    expect(admins.body.items.map((m) => m.id)).toContain(admin.id);
    expect(admins.body.items.every((m) => m.roles.includes('admin'))).toBe(true);
    const city = await get<AdminMembersPage>(admin, '/api/admin/members?city=sarasota&limit=100');
    expect(city.body.items.map((m) => m.id)).toContain(zelda.id);
    expect(city.body.items.every((m) => m.city === 'sarasota')).toBe(true);
  });

  it('pages every sort in both directions without skipping or repeating members that share a key', async () => {
    // Members created in one statement share created_at; some share a name; some were never active.
    const made = await Promise.all(Array.from({ length: 7 }, (_, i) => named(i % 2 ? 'Same Name' : `Pager ${i}`)));
    const ids = made.map((m) => m.id);
    await db.execute(sql`update ${profiles} set created_at = '2020-01-01T00:00:00.123456Z', last_active_at = null where id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`);
    await db.execute(sql`update ${profiles} set last_active_at = '2026-01-01T00:00:00.5Z' where id in (${sql.join(ids.slice(0, 3).map((id) => sql`${id}::uuid`), sql`, `)})`);
    const all = (await get<AdminMembersPage>(admin, '/api/admin/members?limit=100')).body.items.length;
    for (const sort of ['joined', 'name', 'last_active']) {
      for (const dir of ['asc', 'desc']) {
        const seen: AdminMemberRow[] = [];
        let cursor: string | null = null;
        let pages = 0;
        do {
          const url: string = `/api/admin/members?sort=${sort}&dir=${dir}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
          const page: { status: number; body: AdminMembersPage } = await get<AdminMembersPage>(admin, url);
          expect(page.status).toBe(200);
          seen.push(...page.body.items);
          cursor = page.body.nextCursor;
          pages++;
        } while (cursor && pages < 200);
        expect(new Set(seen.map((m) => m.id)).size, `${sort} ${dir}`).toBe(seen.length);
        expect(seen.length, `${sort} ${dir}`).toBe(all);
        if (sort === 'last_active') {
          // Never active counts as the oldest.
          const nulls = seen.map((m) => m.lastActiveAt === null);
          expect(nulls.indexOf(dir === 'asc' ? false : true) === -1 || nulls.slice(nulls.indexOf(dir === 'asc' ? false : true)).every((n) => n === (dir === 'desc'))).toBe(true);
        }
      }
    }
  });

  it('answers 400 with per-field messages for bad filters and a tampered cursor', async () => {
    const bad = await injectAs(t, admin, { method: 'GET', url: '/api/admin/members?sort=age&state=gone&type=x&limit=0' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['limit', 'sort', 'state', 'type']);
    const cursor = Buffer.from(JSON.stringify({ s: 'joined', d: 'desc', k: "x'; drop", i: 'nope' })).toString('base64url');
    const tampered = await injectAs(t, admin, { method: 'GET', url: `/api/admin/members?cursor=${cursor}` });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().error.fields.cursor).toBeTruthy();
  });
});

describe("a member's admin page", () => {
  it('shows the profile, application, roles, state and reports made and received', async () => {
    const m = await named('Page Person');
    const other = await named('Other Person');
    await db.insert(reports).values([
      { reporterId: m.id, reportedUserId: other.id, reason: 'spam', details: 'ads' },
      { reporterId: other.id, reportedUserId: m.id, reason: 'harassment' },
      { reporterId: other.id, reportedUserId: m.id, reason: 'other' },
    ]);
    const res = await get<AdminMemberView>(admin, `/api/admin/members/${m.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: m.id, name: 'Page Person', state: 'active', suspension: null, lastAdmin: false, applicationStatus: 'approved' });
    expect(res.body.application).toMatchObject({ status: 'approved' });
    expect(res.body.reports.madeCount).toBe(1);
    expect(res.body.reports.receivedCount).toBe(2);
    expect(res.body.reports.made[0]).toMatchObject({ reason: 'spam', targetType: 'member', other: { id: other.id, name: 'Other Person' } });
    expect(res.body.reports.received).toHaveLength(2);
    const unknown = await get(admin, `/api/admin/members/${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect((await get(admin, '/api/admin/members/not-a-uuid')).status).toBe(400);
  });
});

describe('roles, account type and the verified badge', () => {
  it('grants and revokes each role, writes the audit before and after, and takes effect on the next request', async () => {
    const m = await createMember(t);
    expect((await get(m, '/api/admin/members')).status).toBe(403);
    for (const role of ['moderator', 'crm_admin', 'crm_user', 'admin'] as const) {
      const res = await send(admin, 'PUT', `/api/admin/members/${m.id}/roles/${role}`);
      expect(res.statusCode, role).toBe(200);
      expect((res.json() as AdminMemberView).roles).toContain(role);
    }
    expect((await get(m, '/api/admin/members')).status).toBe(200);
    // Granting again changes nothing and writes no second entry.
    await send(admin, 'PUT', `/api/admin/members/${m.id}/roles/admin`);
    expect((await auditOf(m.id)).filter((e) => e.action === 'role.grant')).toHaveLength(4);
    const revoked = await send(admin, 'DELETE', `/api/admin/members/${m.id}/roles/admin`);
    expect(revoked.statusCode).toBe(200);
    expect((revoked.json() as AdminMemberView).roles).toEqual(['crm_admin', 'crm_user', 'moderator']);
    expect((await get(m, '/api/admin/members')).status).toBe(403);
    const entries = await auditOf(m.id);
    const last = entries.at(-1)!;
    expect(last).toMatchObject({ action: 'role.revoke', actorId: admin.id, targetType: 'member', targetId: m.id });
    expect(last.before).toEqual({ roles: ['admin', 'crm_admin', 'crm_user', 'moderator'] });
    expect(last.after).toEqual({ roles: ['crm_admin', 'crm_user', 'moderator'] });
    expect((await send(admin, 'PUT', `/api/admin/members/${m.id}/roles/owner`)).statusCode).toBe(400);
    expect((await send(admin, 'PUT', `/api/admin/members/${crypto.randomUUID()}/roles/moderator`)).statusCode).toBe(404);
  });

  it('makes a member community_only and verified, with audit entries, and refuses bad bodies with field messages', async () => {
    const m = await createMember(t);
    const type = await send(admin, 'PUT', `/api/admin/members/${m.id}/account-type`, { accountType: 'community_only' });
    expect(type.statusCode).toBe(200);
    expect((type.json() as AdminMemberView).accountType).toBe('community_only');
    const me = await injectAs(t, m, { method: 'GET', url: '/api/me' });
    expect(me.json().profile.accountType).toBe('community_only');
    const verified = await send(admin, 'PUT', `/api/admin/members/${m.id}/verified`, { verified: true });
    expect((verified.json() as AdminMemberView).isVerified).toBe(true);
    const profile = await injectAs(t, admin, { method: 'GET', url: `/api/profiles/${m.id}` });
    if (profile.statusCode === 200) expect(JSON.stringify(profile.json())).toContain('"isVerified":true');
    const actions = (await auditOf(m.id)).map((e) => e.action);
    expect(actions).toEqual(['member.account_type', 'member.verify']);
    const bad = await send(admin, 'PUT', `/api/admin/members/${m.id}/account-type`, { accountType: 'king' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.accountType).toBeTruthy();
    const badVerified = await send(admin, 'PUT', `/api/admin/members/${m.id}/verified`, { verified: 'yes' });
    expect(badVerified.statusCode).toBe(400);
    expect(badVerified.json().error.fields.verified).toBe('Must be true or false');
  });
});

describe('suspension', () => {
  it('ends every session at once, refuses sign-in with the reason after the right password only, and is reversible', async () => {
    const m = await createMember(t);
    const second = await signIn(t, m.email, m.password);
    expect((await injectAs(t, m, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    expect((await injectAs(t, { cookie: second }, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);

    const noReason = await send(admin, 'POST', `/api/admin/members/${m.id}/suspend`, { reason: '   ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reason).toBe('Please give a reason');
    const tooLong = await send(admin, 'POST', `/api/admin/members/${m.id}/suspend`, { reason: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);

    const res = await send(admin, 'POST', `/api/admin/members/${m.id}/suspend`, { reason: 'Spamming the feed' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as AdminMemberView)).toMatchObject({ state: 'suspended', suspension: { reason: 'Spamming the feed' } });
    expect(await db.select().from(sessions).where(eq(sessions.userId, m.id))).toEqual([]);
    expect((await injectAs(t, m, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect((await injectAs(t, { cookie: second }, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);

    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: m.email, password: 'wrong-password-1' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('Spamming');
    const right = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: m.email, password: m.password } });
    expect(right.statusCode).toBe(403);
    expect(right.json().error).toMatchObject({ code: 'ACCOUNT_SUSPENDED', message: 'Your account is suspended. Reason: Spamming the feed' });
    // In the reader's language, with the admin's reason as written.
    const spanish = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: m.email, password: m.password },
      headers: { 'accept-language': 'es' },
    });
    expect(spanish.json().error).toMatchObject({ code: 'ACCOUNT_SUSPENDED', message: 'Tu cuenta está suspendida. Motivo: Spamming the feed' });
    expect(right.headers['set-cookie']).toBeUndefined();
    expect(await db.select().from(sessions).where(eq(sessions.userId, m.id))).toEqual([]);

    expect((await send(admin, 'POST', `/api/admin/members/${m.id}/suspend`, { reason: 'again' })).statusCode).toBe(409);
    const states = await get<AdminMembersPage>(admin, '/api/admin/members?state=suspended&limit=100');
    expect(states.body.items.map((r) => r.id)).toContain(m.id);

    const lifted = await send(admin, 'POST', `/api/admin/members/${m.id}/unsuspend`);
    expect(lifted.statusCode).toBe(200);
    expect((lifted.json() as AdminMemberView)).toMatchObject({ state: 'active', suspension: null });
    expect((await send(admin, 'POST', `/api/admin/members/${m.id}/unsuspend`)).statusCode).toBe(409);
    expect(await signIn(t, m.email, m.password)).toBeTruthy();

    const entries = await auditOf(m.id);
    expect(entries.map((e) => e.action)).toEqual(['member.suspend', 'member.unsuspend']);
    expect(entries[0]).toMatchObject({ reason: 'Spamming the feed', before: { suspended: false }, after: { suspended: true } });
  });

  it('a sign-in racing a suspension gets no session', async () => {
    const m = await createMember(t);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    // A suspension in progress: the profile row locked and changed, the sessions deleted, not yet committed.
    const suspension = db.transaction(async (tx) => {
      await tx.execute(sql`select id from ${profiles} where id = ${m.id}::uuid for update`);
      await tx.update(profiles).set({ suspendedAt: new Date(), suspensionReason: 'Raced' }).where(eq(profiles.id, m.id));
      await tx.delete(sessions).where(eq(sessions.userId, m.id));
      locked();
      await held;
    });
    await isLocked;
    const signing = t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: m.email, password: m.password } });
    await new Promise((r) => setTimeout(r, 300));
    release();
    await suspension;
    const res = await signing;
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Your account is suspended. Reason: Raced');
    expect(await db.select().from(sessions).where(eq(sessions.userId, m.id))).toEqual([]);
  });

  it('refuses to suspend oneself; suspendMember runs in the caller\'s transaction and rolls back with it', async () => {
    expect((await send(admin, 'POST', `/api/admin/members/${admin.id}/suspend`, { reason: 'me' })).statusCode).toBe(409);
    const m = await createMember(t);
    await expect(
      db.transaction(async (tx) => {
        await suspendMember(tx, { userId: admin.id, email: admin.email }, m.id, 'From a report');
        throw new Error('the report action failed');
      }),
    ).rejects.toThrow('the report action failed');
    const [p] = await db.select().from(profiles).where(eq(profiles.id, m.id));
    expect(p!.suspendedAt).toBeNull();
    expect(await auditOf(m.id)).toEqual([]);
    expect((await injectAs(t, m, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    await db.transaction((tx) => suspendMember(tx, { userId: admin.id, email: admin.email }, m.id, 'From a report'));
    expect((await injectAs(t, m, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
  });
});

describe('deleting a member', () => {
  it('needs the typed confirmation, deletes through the account module and keeps the audit entry', async () => {
    const m = await named('Doomed Member');
    expect((await send(admin, 'DELETE', `/api/admin/members/${m.id}`, { confirm: 'delete' })).statusCode).toBe(400);
    const res = await send(admin, 'DELETE', `/api/admin/members/${m.id}`, { confirm: 'DELETE' });
    expect(res.statusCode).toBe(204);
    expect((await injectAs(t, m, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect((await get(admin, `/api/admin/members/${m.id}`)).status).toBe(404);
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.targetId, m.id), eq(auditLog.action, 'member.delete')));
    expect(entry).toMatchObject({ actorId: admin.id, targetLabel: 'Doomed Member' });
    expect((await send(admin, 'DELETE', `/api/admin/members/${m.id}`, { confirm: 'DELETE' })).statusCode).toBe(404);
  });
});

describe('the last active admin', () => {
  it('cannot lose admin (their own revoke, a suspension, a deletion), counting only active admins, also when two admins race', async () => {
    // Only `admin` and `second` hold admin from here on; a deactivated admin does not count.
    await db.delete(userRoles).where(eq(userRoles.role, 'admin'));
    await grantRole(t, admin.id, 'admin');
    const dormant = await createAdmin(t);
    await deactivate(t, dormant.id);
    const own = await send(admin, 'DELETE', `/api/admin/members/${admin.id}/roles/admin`);
    expect(own.statusCode).toBe(409);
    expect(own.json().error.message).toBe('The club needs at least one admin: grant admin to someone else first');
    expect((await get<AdminMemberView>(admin, `/api/admin/members/${admin.id}`)).body.lastAdmin).toBe(true);
    expect((await send(admin, 'DELETE', `/api/admin/members/${admin.id}`, { confirm: 'DELETE' })).statusCode).toBe(409);

    const second = await createAdmin(t);
    expect((await get<AdminMemberView>(admin, `/api/admin/members/${admin.id}`)).body.lastAdmin).toBe(false);
    // Each removes the other at the same moment: exactly one wins.
    const results = await Promise.all([
      send(admin, 'DELETE', `/api/admin/members/${second.id}/roles/admin`),
      send(second, 'DELETE', `/api/admin/members/${admin.id}/roles/admin`),
    ]);
    // The loser is refused by the lock (409) or, when the winner committed first, has no admin role left (403).
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const left = await db.select().from(userRoles).where(eq(userRoles.role, 'admin'));
    expect(left.map((r) => r.userId).filter((id) => id !== dormant.id)).toHaveLength(1);
    const survivor = left.find((r) => r.userId !== dormant.id)!.userId === admin.id ? admin : second;
    const other = survivor === admin ? second : admin;
    // The survivor re-grants, then suspending the only other active admin works, suspending the survivor's last peer does not.
    await grantRole(t, other.id, 'admin');
    expect((await send(survivor, 'POST', `/api/admin/members/${other.id}/suspend`, { reason: 'test' })).statusCode).toBe(200);
    await send(survivor, 'POST', `/api/admin/members/${other.id}/unsuspend`);
    await db.delete(userRoles).where(and(eq(userRoles.role, 'admin'), eq(userRoles.userId, other.id)));
    await grantRole(t, admin.id, 'admin');
  });
});

describe('GET /api/admin/overview', () => {
  it('gives the figures and the needs-attention list', async () => {
    const reported = await createMember(t);
    await db.insert(reports).values({ reporterId: admin.id, reportedUserId: reported.id, reason: 'spam', createdAt: new Date(Date.now() - 50 * 3_600_000) });
    await injectAs(t, admin, { method: 'POST', url: '/api/analytics/pwa', payload: { eventType: 'app_open', isPwaMode: false } });
    const res = await get<AdminOverviewView>(admin, '/api/admin/overview');
    expect(res.status).toBe(200);
    const o = res.body;
    expect(o.members.total).toBe(o.members.byType.community_only + o.members.byType.full_platform);
    expect(Object.values(o.members.byState).reduce((a, b) => a + b, 0)).toBe(o.members.total);
    expect(o.members.byState.pending).toBeGreaterThan(0);
    expect(o.applications.waiting).toBeGreaterThan(0);
    expect(o.applications.oldest[0]!.createdAt <= o.applications.oldest.at(-1)!.createdAt).toBe(true);
    expect(o.openReports).toBeGreaterThan(0);
    expect(o.weeks).toHaveLength(8);
    expect(o.weeks[7]!.weekStart > o.weeks[0]!.weekStart).toBe(true);
    expect(o.weeks[7]!.activeMembers).toBeGreaterThan(0);
    expect(o.weeks.reduce((n, w) => n + w.newMembers, 0)).toBeGreaterThan(0);
    const codes = o.attention.map((a) => a.code);
    expect(codes).toEqual(expect.arrayContaining(['mail_not_configured', 'no_backup', 'reports_waiting', 'payments_test_mode', 'default_app_name', 'push_keys_missing']));
    expect(codes).not.toContain('embedded_db_in_production');
    for (const a of o.attention) expect(a.text.length).toBeGreaterThan(0);
    await setSettings(t, { app_name: 'Tampa Bay Social' });
  });

  it('the needs-attention rules', () => {
    const facts = { appName: 'Club', smtpConfigured: true, vapidConfigured: true, paymentsMode: 'live' as const, embeddedDbInProduction: false };
    const fresh = new Date().toISOString();
    expect(attentionItems(facts, { mail_failing: 0, mail_last_error: null, last_backup_at: fresh, stale_reports: 0 })).toEqual([]);
    const old = new Date(Date.now() - 25 * 3_600_000).toISOString();
    const items = attentionItems({ ...facts, embeddedDbInProduction: true }, { mail_failing: 2, mail_last_error: 'ECONNREFUSED', last_backup_at: old, stale_reports: 1 });
    expect(items.map((i) => [i.code, i.severity, i.tab])).toEqual([
      ['embedded_db_in_production', 'critical', 'health'],
      ['mail_failing', 'critical', 'health'],
      ['backup_old', 'warning', 'health'],
      ['reports_waiting', 'warning', 'reports'],
    ]);
  });
});

describe('last active', () => {
  it('is stamped at sign-in and at an app open, at most once a minute', async () => {
    const m = await createMember(t);
    await db.update(profiles).set({ lastActiveAt: null }).where(eq(profiles.id, m.id));
    await signIn(t, m.email, m.password);
    const [a] = await db.select({ at: profiles.lastActiveAt }).from(profiles).where(eq(profiles.id, m.id));
    expect(a!.at).not.toBeNull();
    await injectAs(t, m, { method: 'POST', url: '/api/analytics/pwa', payload: { eventType: 'app_open', isPwaMode: false } });
    const [b] = await db.select({ at: profiles.lastActiveAt }).from(profiles).where(eq(profiles.id, m.id));
    expect(b!.at!.getTime()).toBe(a!.at!.getTime());
    await db.update(profiles).set({ lastActiveAt: new Date(Date.now() - 120_000) }).where(eq(profiles.id, m.id));
    await injectAs(t, m, { method: 'POST', url: '/api/analytics/pwa', payload: { eventType: 'app_open', isPwaMode: false } });
    const [c] = await db.select({ at: profiles.lastActiveAt }).from(profiles).where(eq(profiles.id, m.id));
    expect(Date.now() - c!.at!.getTime()).toBeLessThan(30_000);
  });
});
