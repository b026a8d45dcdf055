import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { applyAs, buildTestApp, createAdmin, createCommunity, createMember, deactivate, grantRole, injectAs } from '../../test/helpers.js';
import { communityMembers, membershipApplications, profiles } from '../../db/schema/index.js';

const t = await buildTestApp();
const db = t.ctx.database.db;

const OWN_PROFILE_KEYS = [
  'accountType',
  'age',
  'applicationStatus',
  'bio',
  'city',
  'createdAt',
  'email',
  'fullName',
  'gender',
  'id',
  'instagramUsername',
  'instagramVerified',
  'interests',
  'isDeactivated',
  'isVerified',
  'linkedinUsername',
  'profilePictureUrl',
  'relationshipStatus',
  'tiktokUsername',
  'updatedAt',
  'username',
  'youtubeUsername',
];

const getMe = (user: { cookie: string }) => injectAs(t, user, { method: 'GET', url: '/api/me' });
const recover = (user: { cookie: string }) => injectAs(t, user, { method: 'POST', url: '/api/me/recover', payload: {} });

describe('GET /api/me', () => {
  it('a pending applicant: user, whitelisted profile fields, no roles', async () => {
    const u = await applyAs(t, { instagramUsername: '@ann.b', bio: 'Hi', interests: ['Yoga'] });
    const res = await getMe(u);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['hasCrmAccess', 'isAdmin', 'language', 'profile', 'recoverable', 'roles', 'user']);
    expect(body.user).toEqual({ id: u.id, email: u.email });
    expect(Object.keys(body.profile).sort()).toEqual(OWN_PROFILE_KEYS);
    expect(body.profile).toMatchObject({
      id: u.id,
      accountType: 'community_only',
      applicationStatus: 'pending',
      instagramUsername: 'ann.b',
      bio: 'Hi',
      interests: ['Yoga'],
      isVerified: false,
      isDeactivated: false,
    });
    expect(body).toMatchObject({ roles: [], isAdmin: false, hasCrmAccess: false, recoverable: false });
    expect(Date.parse(body.profile.createdAt)).not.toBeNaN();
  });

  it('an admin: roles, isAdmin and CRM access', async () => {
    const a = await createAdmin(t);
    const body = (await getMe(a)).json();
    expect(body.roles).toEqual(['admin']);
    expect(body.isAdmin).toBe(true);
    expect(body.hasCrmAccess).toBe(true);
    expect(body.profile.accountType).toBe('full_platform');
  });

  it('CRM access needs a CRM role (or community staff role) and full_platform', async () => {
    const crm = await createMember(t);
    await grantRole(t, crm.id, 'crm_user');
    expect((await getMe(crm)).json()).toMatchObject({ roles: ['crm_user'], isAdmin: false, hasCrmAccess: true });

    const mod = await createMember(t);
    await grantRole(t, mod.id, 'moderator');
    expect((await getMe(mod)).json().hasCrmAccess).toBe(false);

    const creator = await createMember(t);
    const communityId = await createCommunity(t, { name: 'Runners', urlSlug: 'me-test-runners' });
    await db.insert(communityMembers).values({ communityId, userId: creator.id, role: 'creator' });
    expect((await getMe(creator)).json().hasCrmAccess).toBe(true);

    const limitedCrm = await applyAs(t);
    await grantRole(t, limitedCrm.id, 'crm_admin');
    expect((await getMe(limitedCrm)).json().hasCrmAccess).toBe(false);
  });

  it('a deactivated member still sees themselves (to reactivate), marked deactivated', async () => {
    const m = await createMember(t);
    await deactivate(t, m.id);
    const res = await getMe(m);
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.isDeactivated).toBe(true);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'You need to sign in' } });
  });
});

describe('profile recovery', () => {
  it('missing profile + pending application: recoverable, and recover recreates it as community_only / pending', async () => {
    const u = await applyAs(t, { bio: 'Beach person', city: 'sarasota', interests: ['Beach'] });
    const before = (await getMe(u)).json().profile;
    await db.delete(profiles).where(eq(profiles.id, u.id));

    const missing = (await getMe(u)).json();
    expect(missing.profile).toBeNull();
    expect(missing.recoverable).toBe(true);

    const res = await recover(u);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.recoverable).toBe(false);
    expect(body.profile).toMatchObject({
      id: u.id,
      accountType: 'community_only',
      applicationStatus: 'pending',
      username: before.username,
      fullName: before.fullName,
      email: u.email,
      bio: 'Beach person',
      city: 'sarasota',
      interests: ['Beach'],
    });
    expect((await getMe(u)).json().profile.id).toBe(u.id);
  });

  it('recovers without the username when someone took it meanwhile', async () => {
    const u = await applyAs(t);
    const [app] = await db.select().from(membershipApplications).where(eq(membershipApplications.createdUserId, u.id));
    await db.delete(profiles).where(eq(profiles.id, u.id));
    const thief = await createMember(t);
    await db.update(profiles).set({ username: app!.username }).where(eq(profiles.id, thief.id));

    const res = await recover(u);
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({ id: u.id, accountType: 'community_only', applicationStatus: 'pending', username: null });
  });

  it('no pending application: not recoverable, and recover answers 404 with the spec message', async () => {
    const u = await applyAs(t);
    await db.delete(profiles).where(eq(profiles.id, u.id));
    await db.update(membershipApplications).set({ status: 'rejected' }).where(eq(membershipApplications.createdUserId, u.id));
    expect((await getMe(u)).json()).toMatchObject({ profile: null, recoverable: false });
    const res = await recover(u);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Profile not found and could not be recovered' } });
    expect((await getMe(u)).json().profile).toBeNull();
  });

  it('an existing profile is left as it is', async () => {
    const m = await createMember(t);
    const res = await recover(m);
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({ accountType: 'full_platform', applicationStatus: 'approved' });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/me/recover', payload: {} })).statusCode).toBe(401);
  });
});
