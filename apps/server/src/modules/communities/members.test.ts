import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  applicationInput,
  applyAs,
  buildTestApp,
  cookieFrom,
  createAdmin,
  createLimitedMember,
  createMember,
  createRejectedApplicant,
  deactivate,
  injectAs,
  type TestUser,
} from '../../test/helpers.js';
import { addMember, createCommunityVia, insertCommunity, memberCountOf, membershipOf } from '../../test/communities.js';
import { communityMembers, membershipApplications } from '../../db/schema/index.js';

const t = await buildTestApp();
const db = t.ctx.database.db;

const get = (user: TestUser | null, url: string) => injectAs(t, user, { method: 'GET', url });
const post = (user: TestUser | null, url: string) => injectAs(t, user, { method: 'POST', url, payload: {} });
const ids = (res: { json: () => { items: Array<{ member: { id: string } }> } }) => res.json().items.map((i) => i.member.id);

describe('GET /api/communities/:id/members', () => {
  it('creator first, then moderators, then members newest first; keyset pages never skip or repeat', async () => {
    const creator = await createMember(t);
    const c = await createCommunityVia(t, creator);
    const mods = [await createMember(t), await createMember(t)];
    const members = [await createMember(t), await createMember(t), await createMember(t), await createMember(t)];
    for (const m of [...members, ...mods]) await addMember(t, c.id, m.id);
    for (const m of mods) await injectAs(t, creator, { method: 'PUT', url: `/api/communities/${c.id}/moderators/${m.id}` });
    // Two members share one instant: the user id breaks the tie.
    await db.update(communityMembers).set({ createdAt: new Date('2026-01-01T00:00:00.123456Z') }).where(eq(communityMembers.userId, members[0]!.id));
    await db.update(communityMembers).set({ createdAt: new Date('2026-01-01T00:00:00.123456Z') }).where(eq(communityMembers.userId, members[1]!.id));

    const seen: string[] = [];
    const roles: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(members[2]!, `/api/communities/${c.id}/members?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...ids(res));
      roles.push(...res.json().items.map((i: { role: string }) => i.role));
      cursor = res.json().nextCursor;
    } while (cursor);
    expect(seen.length).toBe(7);
    expect(new Set(seen).size).toBe(7);
    expect(seen[0]).toBe(creator.id);
    expect(roles).toEqual(['creator', 'moderator', 'moderator', 'member', 'member', 'member', 'member']);
    const first = (await get(members[2]!, `/api/communities/${c.id}/members`)).json().items[0];
    expect(Object.keys(first).sort()).toEqual(['member', 'role', 'since', 'status']);
    expect(Object.keys(first.member).sort()).toEqual(['age', 'city', 'fullName', 'id', 'isVerified', 'profilePictureUrl', 'username']);
  });

  it('blocked members are hidden both ways, deactivated members are hidden', async () => {
    const creator = await createMember(t);
    const c = await createCommunityVia(t, creator);
    const [viewer, blocker, blocked, gone] = [await createMember(t), await createMember(t), await createMember(t), await createMember(t)];
    for (const m of [viewer, blocker, blocked, gone]) await addMember(t, c.id, m.id);
    await injectAs(t, blocker, { method: 'POST', url: '/api/blocks', payload: { userId: viewer.id } });
    await injectAs(t, viewer, { method: 'POST', url: '/api/blocks', payload: { userId: blocked.id } });
    await deactivate(t, gone.id);
    const seen = ids(await get(viewer, `/api/communities/${c.id}/members`));
    expect(seen.sort()).toEqual([creator.id, viewer.id].sort());
    expect(ids(await get(blocker, `/api/communities/${c.id}/members`))).not.toContain(viewer.id);
  });

  it('readers only: a private community is 404 to outsiders; applicants, deactivated and visitors are refused', async () => {
    const creator = await createMember(t);
    const priv = await createCommunityVia(t, creator, { visibility: 'private' });
    const pub = await createCommunityVia(t, creator);
    const outsider = await createLimitedMember(t);
    expect((await get(outsider, `/api/communities/${priv.id}/members`)).statusCode).toBe(404);
    expect((await get(outsider, `/api/communities/${pub.id}/members`)).statusCode).toBe(200);
    // Joining (open) makes a reader; a pending request does not.
    await post(outsider, `/api/communities/${priv.id}/join`);
    expect((await get(outsider, `/api/communities/${priv.id}/members`)).statusCode).toBe(200);
    const asker = await createMember(t);
    await addMember(t, priv.id, asker.id, 'member', 'pending');
    expect((await get(asker, `/api/communities/${priv.id}/members`)).statusCode).toBe(404);
    const gone = await createMember(t);
    await deactivate(t, gone.id);
    for (const who of [await applyAs(t), await createRejectedApplicant(t), gone]) expect((await get(who, `/api/communities/${pub.id}/members`)).statusCode).toBe(403);
    expect((await get(null, `/api/communities/${pub.id}/members`)).statusCode).toBe(401);
    expect((await get(await createAdmin(t), `/api/communities/${priv.id}/members`)).statusCode).toBe(200);
    expect((await get(creator, `/api/communities/${pub.id}/members?status=nope`)).statusCode).toBe(400);
    expect((await get(creator, `/api/communities/${pub.id}/members?cursor=abc`)).statusCode).toBe(400);
  });
});

describe('CRM access via community roles (spec section 6)', () => {
  const crm = async (u: TestUser) => (await get(u, '/api/me')).json().hasCrmAccess as boolean;

  it('the creator and active moderators have it; a ban or a removal takes it away on the next request', async () => {
    const creator = await createMember(t);
    expect(await crm(creator)).toBe(false);
    const c = await createCommunityVia(t, creator);
    expect(await crm(creator)).toBe(true);
    const mod = await createMember(t);
    await post(mod, `/api/communities/${c.id}/join`);
    expect(await crm(mod)).toBe(false);
    await injectAs(t, creator, { method: 'PUT', url: `/api/communities/${c.id}/moderators/${mod.id}` });
    expect(await crm(mod)).toBe(true);
    await post(creator, `/api/communities/${c.id}/members/${mod.id}/ban`);
    expect(await crm(mod)).toBe(false);
  });

  it('only active rows count: a pending or banned row with a staff role gives nothing', async () => {
    const c = await insertCommunity(t, {});
    const pending = await createMember(t);
    const banned = await createMember(t);
    await addMember(t, c, pending.id, 'moderator', 'pending');
    await addMember(t, c, banned.id, 'creator', 'banned');
    expect(await crm(pending)).toBe(false);
    expect(await crm(banned)).toBe(false);
    await addMember(t, c, pending.id, 'moderator', 'active');
    expect(await crm(pending)).toBe(true);
  });
});

describe('applying through a community (/{slug}/register)', () => {
  async function applyThrough(slug: string | null) {
    const input = applicationInput({ ...(slug ? { communitySlug: slug } : {}) } as never);
    const res = await t.app.inject({ method: 'POST', url: '/api/applications', payload: input });
    expect(res.statusCode, res.body).toBe(201);
    const cookie = cookieFrom(res);
    const me = (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json();
    return { id: me.user.id as string, applicationId: res.json().applicationId as string, cookie };
  }
  const approve = async (admin: TestUser, applicationId: string, accountType = 'community_only') =>
    injectAs(t, admin, { method: 'POST', url: `/api/admin/applications/${applicationId}/approve`, payload: { accountType } });

  it('the application records the community; approval joins an open community at once', async () => {
    const admin = await createAdmin(t);
    const c = await createCommunityVia(t, await createMember(t));
    const applicant = await applyThrough(c.urlSlug.toUpperCase());
    const [row] = await db.select().from(membershipApplications).where(eq(membershipApplications.id, applicant.applicationId));
    expect(row!.communityId).toBe(c.id);
    expect(await membershipOf(t, c.id, applicant.id)).toBeNull();
    expect((await approve(admin, applicant.applicationId)).statusCode).toBe(200);
    expect(await membershipOf(t, c.id, applicant.id)).toEqual({ role: 'member', status: 'active' });
    expect(await memberCountOf(t, c.id)).toBe(2);
  });

  it('by request: approval makes a pending request (the staff are told); rejection joins nothing', async () => {
    const admin = await createAdmin(t);
    const creator = await createMember(t);
    const c = await createCommunityVia(t, creator, { joinPolicy: 'request' });
    const applicant = await applyThrough(c.urlSlug);
    await approve(admin, applicant.applicationId, 'full_platform');
    expect(await membershipOf(t, c.id, applicant.id)).toEqual({ role: 'member', status: 'pending' });
    expect((await get(creator, '/api/notifications')).json().items[0]).toMatchObject({ type: 'group_join' });
    const rejected = await applyThrough(c.urlSlug);
    await injectAs(t, admin, { method: 'POST', url: `/api/admin/applications/${rejected.applicationId}/reject`, payload: {} });
    expect(await membershipOf(t, c.id, rejected.id)).toBeNull();
  });

  it('nothing when banned there, when the community is gone, or when the address names none', async () => {
    const admin = await createAdmin(t);
    const creator = await createMember(t);
    const c = await createCommunityVia(t, creator);
    const banned = await applyThrough(c.urlSlug);
    await addMember(t, c.id, banned.id, 'member', 'banned');
    await approve(admin, banned.applicationId);
    expect(await membershipOf(t, c.id, banned.id)).toEqual({ role: 'member', status: 'banned' });
    expect(await memberCountOf(t, c.id)).toBe(1);

    const orphan = await applyThrough(c.urlSlug);
    expect((await injectAs(t, creator, { method: 'DELETE', url: `/api/communities/${c.id}` })).statusCode).toBe(204);
    expect((await approve(admin, orphan.applicationId)).statusCode).toBe(200);
    const count = await db.execute(sql`select count(*)::int as n from community_members where user_id = ${orphan.id}::uuid`);
    expect((count as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);

    const nowhere = await applyThrough('no-such-community');
    const [row] = await db.select().from(membershipApplications).where(eq(membershipApplications.id, nowhere.applicationId));
    expect(row!.communityId).toBeNull();
  });
});
