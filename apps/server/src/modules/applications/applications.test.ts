import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { applicationInput, applyAs, buildTestApp, createAdmin, createLimitedMember, injectAs, signIn } from '../../test/helpers.js';
import { membershipApplications, notifications, profiles, users } from '../../db/schema/index.js';
import { renderedNotifications } from '../notifications/notification-fixtures.js';

const t = await buildTestApp();
const db = t.ctx.database.db;

describe('POST /api/applications', () => {
  it('creates account, pending profile and application in one go and signs the applicant in', async () => {
    const user = await applyAs(t);
    const me = await injectAs(t, user, { method: 'GET', url: '/api/me' });
    expect(me.statusCode).toBe(200);
    const body = me.json();
    expect(body.profile.accountType).toBe('community_only');
    expect(body.profile.applicationStatus).toBe('pending');
    const [app] = await db.select().from(membershipApplications).where(eq(membershipApplications.createdUserId, user.id));
    expect(app?.status).toBe('pending');
  });

  it('refuses a duplicate email and username with field errors and writes nothing', async () => {
    const first = applicationInput();
    expect((await t.app.inject({ method: 'POST', url: '/api/applications', payload: first })).statusCode).toBe(201);
    const before = (await db.select().from(users)).length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      payload: { ...applicationInput(), email: first.email.toUpperCase(), username: first.username },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields).toEqual({
      email: 'An account with this email already exists',
      username: 'Username is already taken',
    });
    expect((await db.select().from(users)).length).toBe(before);
  });

  it('says an empty email and username are required (not invalid, not too short)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/applications', payload: { ...applicationInput(), email: '', username: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({ email: 'Email is required', username: 'Username is required' });
  });

  it('refuses a reserved username (a page of the app) with its message and writes nothing', async () => {
    const before = (await db.select().from(users)).length;
    for (const username of ['events', 'Inbox', 'admin', 'login']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/applications', payload: { ...applicationInput(), username } });
      expect(res.statusCode, username).toBe(400);
      expect(res.json().error.fields).toEqual({ username: 'This username is reserved' });
    }
    expect((await db.select().from(users)).length).toBe(before);
  });

  it('answers 400 with the spec messages per field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      payload: { ...applicationInput(), username: 'ab', password: '123', bio: 'x'.repeat(151), interests: Array(16).fill('Yoga') },
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.fields;
    expect(fields.username).toBe('Username must be at least 3 characters');
    expect(fields.password).toBe('Password must be at least 6 characters long');
    expect(fields.bio).toBe('Bio is too long');
    expect(fields.interests).toBe('Maximum of 15 interests reached.');
  });

  it('ignores mass-assigned privileged fields', async () => {
    const input = { ...applicationInput(), accountType: 'full_platform', isVerified: true, role: 'admin' };
    const res = await t.app.inject({ method: 'POST', url: '/api/applications', payload: input });
    expect(res.statusCode).toBe(201);
    const [p] = await db.select().from(profiles).where(eq(profiles.username, input.username));
    expect(p?.accountType).toBe('community_only');
    expect(p?.isVerified).toBe(false);
  });
});

describe('admin review', () => {
  it('approves: full_platform, decided by and at, and an in-app notification', async () => {
    const admin = await createAdmin(t);
    const applicant = await applyAs(t);
    const res = await injectAs(t, admin, { method: 'POST', url: `/api/admin/applications/${applicant.applicationId}/approve` });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('approved');
    expect(res.json().decidedBy.id).toBe(admin.id);
    const me = await injectAs(t, applicant, { method: 'GET', url: '/api/me' });
    expect(me.json().profile.accountType).toBe('full_platform');
    expect(me.json().profile.applicationStatus).toBe('approved');
    const notes = await renderedNotifications(db, eq(notifications.userId, applicant.id));
    expect(notes).toHaveLength(1);
    const again = await injectAs(t, admin, { method: 'POST', url: `/api/admin/applications/${applicant.applicationId}/approve` });
    expect(again.statusCode).toBe(409);
  });

  it('approves with an empty body, {} or accountType full_platform alike: full_platform', async () => {
    const admin = await createAdmin(t);
    for (const payload of [undefined, {}, { accountType: 'full_platform' }]) {
      const applicant = await applyAs(t);
      const res = await injectAs(t, admin, {
        method: 'POST',
        url: `/api/admin/applications/${applicant.applicationId}/approve`,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'approved', accountType: 'full_platform' });
      const me = await injectAs(t, applicant, { method: 'GET', url: '/api/me' });
      expect(me.json().profile).toMatchObject({ accountType: 'full_platform', applicationStatus: 'approved' });
    }
  });

  it('approves as a community member: community_only and approved, told so, listed with its account type', async () => {
    const admin = await createAdmin(t);
    const applicant = await applyAs(t);
    const res = await injectAs(t, admin, {
      method: 'POST',
      url: `/api/admin/applications/${applicant.applicationId}/approve`,
      payload: { accountType: 'community_only' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', accountType: 'community_only', decidedBy: { id: admin.id } });
    const me = await injectAs(t, applicant, { method: 'GET', url: '/api/me' });
    expect(me.json().profile).toMatchObject({ accountType: 'community_only', applicationStatus: 'approved' });
    const [note] = await renderedNotifications(db, eq(notifications.userId, applicant.id));
    expect(note).toMatchObject({ title: 'Application approved' });
    expect(note!.message).toContain('approved as a community member');
    expect(note!.message).not.toContain('full platform');
    const list = await injectAs(t, admin, { method: 'GET', url: '/api/admin/applications?status=approved&limit=100' });
    expect(list.json().items.find((i: { id: string }) => i.id === applicant.applicationId).accountType).toBe('community_only');
    // The test persona for limited members is exactly this state.
    const persona = await createLimitedMember(t);
    const personaMe = await injectAs(t, persona, { method: 'GET', url: '/api/me' });
    expect(personaMe.json().profile).toMatchObject({ accountType: 'community_only', applicationStatus: 'approved' });
  });

  it('refuses an unknown account type with a field message and decides nothing', async () => {
    const admin = await createAdmin(t);
    const applicant = await applyAs(t);
    for (const accountType of ['admin', 'FULL_PLATFORM', 1, null]) {
      const res = await injectAs(t, admin, {
        method: 'POST',
        url: `/api/admin/applications/${applicant.applicationId}/approve`,
        payload: { accountType },
      });
      expect(res.statusCode, String(accountType)).toBe(400);
      expect(res.json().error.fields).toEqual({ accountType: 'Account type must be full_platform or community_only' });
    }
    const [app] = await db.select().from(membershipApplications).where(eq(membershipApplications.id, applicant.applicationId));
    expect(app!.status).toBe('pending');
  });

  it('rejects with a reason; the member stays community_only', async () => {
    const admin = await createAdmin(t);
    const applicant = await applyAs(t);
    const res = await injectAs(t, admin, {
      method: 'POST',
      url: `/api/admin/applications/${applicant.applicationId}/reject`,
      payload: { reason: 'Not in the area' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().rejectionReason).toBe('Not in the area');
    const me = await injectAs(t, applicant, { method: 'GET', url: '/api/me' });
    expect(me.json().profile.accountType).toBe('community_only');
    expect(me.json().profile.applicationStatus).toBe('rejected');
    // The notification no longer promises community access: the account is what they keep.
    const [note] = await renderedNotifications(db, eq(notifications.userId, applicant.id));
    expect(note!.title).toBe('Application not approved');
    expect(note!.message).toBe(
      'Your membership application was not approved. You keep your account and can delete it at any time in Settings. Reason: Not in the area',
    );
    expect(note!.message).not.toMatch(/community access/);
  });

  it('denies anonymous (401), members and community_only (403)', async () => {
    const applicant = await applyAs(t);
    const url = `/api/admin/applications/${applicant.applicationId}/approve`;
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    expect((await injectAs(t, applicant, { method: 'POST', url })).statusCode).toBe(403);
    expect((await injectAs(t, applicant, { method: 'GET', url: '/api/admin/applications' })).statusCode).toBe(403);
  });

  it('lists pending first and pages by cursor', async () => {
    const admin = await createAdmin(t);
    for (let i = 0; i < 3; i++) await applyAs(t);
    const page1 = await injectAs(t, admin, { method: 'GET', url: '/api/admin/applications?limit=2' });
    expect(page1.statusCode).toBe(200);
    const p1 = page1.json();
    expect(p1.items).toHaveLength(2);
    expect(p1.items[0].status).toBe('pending');
    const seen = new Set(p1.items.map((i: { id: string }) => i.id));
    let cursor = p1.nextCursor;
    const statuses: string[] = p1.items.map((i: { status: string }) => i.status);
    while (cursor) {
      const next = await injectAs(t, admin, { method: 'GET', url: `/api/admin/applications?limit=2&cursor=${cursor}` });
      const body = next.json();
      for (const item of body.items) {
        expect(seen.has(item.id)).toBe(false);
        seen.add(item.id);
        statuses.push(item.status);
      }
      cursor = body.nextCursor;
    }
    const firstNonPending = statuses.findIndex((s) => s !== 'pending');
    if (firstNonPending >= 0) expect(statuses.slice(firstNonPending).every((s) => s !== 'pending')).toBe(true);
    const bad = await injectAs(t, admin, { method: 'GET', url: '/api/admin/applications?cursor=garbage' });
    expect(bad.statusCode).toBe(400);
  });

  it('pages applications created within the same millisecond without skipping any', async () => {
    const admin = await createAdmin(t);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await applyAs(t)).applicationId);
    // Same millisecond, different microseconds: a millisecond cursor would lose rows here.
    for (const [n, id] of ids.entries()) {
      await t.ctx.database.db
        .update(membershipApplications)
        .set({ createdAt: sql`${`2030-01-01T00:00:00.000${n}00Z`}::timestamptz` })
        .where(eq(membershipApplications.id, id));
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await injectAs(t, admin, {
        method: 'GET',
        url: `/api/admin/applications?status=pending&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { items: Array<{ id: string }>; nextCursor: string | null };
      seen.push(...body.items.map((i) => i.id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen.filter((id) => ids.includes(id))).toEqual([...ids].reverse());
  });

  it('the approved member can sign in again', async () => {
    const applicant = await applyAs(t);
    const cookie = await signIn(t, applicant.email, applicant.password);
    expect(cookie).toContain('session_token');
  });
});
