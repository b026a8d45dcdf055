import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, BUCKETS } from '@bayclub/shared';
import {
  TEST_ORIGIN,
  applyAs,
  buildTestApp,
  cookieFrom,
  createAdmin,
  createMember,
  deactivate,
  grantRole,
  injectAs,
  signIn,
  type TestUser,
} from '../../test/helpers.js';
import { photo } from '../../test/image-fixtures.js';
import { faultyStorage, file, filesUnder, upload } from '../../test/multipart.js';
import { createDiskStorage } from '../../platform/storage/disk.js';
import { createMediaService } from '../media/service.js';
import {
  accounts,
  membershipApplications,
  profileImages,
  profilePictureUploadLogs,
  profiles,
  sessions,
  storageDeletions,
  userRoles,
  users,
} from '../../db/schema/index.js';

const uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bayclub-account-'));
const storage = faultyStorage(createDiskStorage(uploadsDir));
const t = await buildTestApp({}, { storage });
const db = t.ctx.database.db;
afterAll(() => fs.rm(uploadsDir, { recursive: true, force: true }));

const jpeg = await photo(40, 30);
// The first admin: "the only admin" until a test adds another.
const onlyAdmin = await createAdmin(t);

const deactivateAccount = (who: TestUser | null, confirmation: unknown) =>
  injectAs(t, who, { method: 'POST', url: '/api/account/deactivate', payload: { confirmation }, headers: { origin: TEST_ORIGIN } });
const deleteAccount = (who: TestUser | null, confirmation: unknown) =>
  injectAs(t, who, { method: 'POST', url: '/api/account/delete', payload: { confirmation }, headers: { origin: TEST_ORIGIN } });
const me = (who: { cookie: string }) => injectAs(t, who, { method: 'GET', url: '/api/me' });
const profileOf = (viewer: TestUser, id: string) => injectAs(t, viewer, { method: 'GET', url: `/api/profiles/${id}` });
const signInRes = (who: TestUser) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: who.email, password: who.password }, headers: { origin: TEST_ORIGIN } });

/** Every stored file of a member, in every bucket. */
async function memberFiles(userId: string) {
  const out: string[] = [];
  for (const bucket of BUCKETS) out.push(...(await filesUnder(path.join(uploadsDir, bucket, userId))).map((f) => `${bucket}/${f}`));
  return out;
}

/** A member with a picture, two gallery photos, and files in the chat and post buckets. */
async function memberWithEverything() {
  const m = await createMember(t);
  expect((await upload(t, m, '/api/me/profile-picture', [file(jpeg)])).statusCode).toBe(200);
  expect((await upload(t, m, '/api/me/images', [file(jpeg), file(jpeg)])).statusCode).toBe(201);
  await storage.put('chat-media', `${m.id}/1700000000000-abc.webp`, jpeg, 'image/webp');
  await storage.put('post-images', `${m.id}/1700000000000-def.webp`, jpeg, 'image/webp');
  expect(await memberFiles(m.id)).toHaveLength(11);
  return m;
}

/** Rows that belong to a member, table by table. */
async function rowsOf(userId: string) {
  return {
    users: (await db.select().from(users).where(eq(users.id, userId))).length,
    profiles: (await db.select().from(profiles).where(eq(profiles.id, userId))).length,
    sessions: (await db.select().from(sessions).where(eq(sessions.userId, userId))).length,
    accounts: (await db.select().from(accounts).where(eq(accounts.userId, userId))).length,
    images: (await db.select().from(profileImages).where(eq(profileImages.userId, userId))).length,
    logs: (await db.select().from(profilePictureUploadLogs).where(eq(profilePictureUploadLogs.userId, userId))).length,
    applications: (await db.select().from(membershipApplications).where(eq(membershipApplications.createdUserId, userId))).length,
    roles: (await db.select().from(userRoles).where(eq(userRoles.userId, userId))).length,
  };
}

/** The session cookie is expired by the answer. */
function expectCookieCleared(res: Awaited<ReturnType<typeof deleteAccount>>) {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const session = list.find((c) => c.startsWith('better-auth.session_token='));
  expect(session, list.join('\n')).toBeDefined();
  expect(session).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
}

describe('POST /api/account/deactivate', () => {
  it('needs exactly DEACTIVATE', async () => {
    const m = await createMember(t);
    for (const word of ['deactivate', 'Deactivate', ' DEACTIVATE', 'DELETE', '', null, undefined, 1]) {
      const res = await deactivateAccount(m, word);
      expect(res.statusCode, String(word)).toBe(400);
      expect(res.json().error.fields, String(word)).toEqual({ confirmation: ACCOUNT_MESSAGES.deactivateMismatch });
    }
    expect((await me(m)).json().profile.isDeactivated).toBe(false);
  });

  it('hides the profile and ends every session; signing in again keeps it hidden', async () => {
    const m = await createMember(t);
    const viewer = await createMember(t);
    const secondSession = { cookie: await signIn(t, m.email, m.password) };
    const res = await deactivateAccount(m, 'DEACTIVATE');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.deactivated });
    expectCookieCleared(res);
    expect((await db.select().from(profiles).where(eq(profiles.id, m.id)))[0]!.isDeactivated).toBe(true);
    for (const cookie of [m, secondSession]) {
      const after = await me(cookie);
      expect(after.statusCode).toBe(401);
    }
    expect((await db.select().from(sessions).where(eq(sessions.userId, m.id))).length).toBe(0);
    const hidden = await profileOf(viewer, m.id);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.message).toBe('No user profile available');

    // Signed in again: the member sees themselves, marked deactivated, and others still do not.
    const again = await signInRes(m);
    expect(again.statusCode).toBe(200);
    const cookie = cookieFrom(again);
    const meAgain = await me({ cookie });
    expect(meAgain.statusCode).toBe(200);
    expect(meAgain.json().profile.isDeactivated).toBe(true);
    expect((await profileOf({ ...m, cookie }, m.id)).statusCode).toBe(200);
    expect((await profileOf(viewer, m.id)).statusCode).toBe(404);
  });

  it('a wrong password does not reactivate', async () => {
    const m = await createMember(t);
    await deactivate(t, m.id);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: m.email, password: 'wrong-password' } });
    expect(res.statusCode).toBe(401);
    expect((await db.select().from(profiles).where(eq(profiles.id, m.id)))[0]!.isDeactivated).toBe(true);
  });

  it('anonymous 401; already deactivated 403; foreign origin 403', async () => {
    expect((await deactivateAccount(null, 'DEACTIVATE')).statusCode).toBe(401);
    const m = await createMember(t);
    const csrf = await injectAs(t, m, { method: 'POST', url: '/api/account/deactivate', payload: { confirmation: 'DEACTIVATE' }, headers: { origin: 'https://evil.example' } });
    expect(csrf.statusCode).toBe(403);
    expect((await me(m)).statusCode).toBe(200);
    await deactivate(t, m.id);
    expect((await deactivateAccount(m, 'DEACTIVATE')).statusCode).toBe(403);
  });
});

describe('POST /api/account/reactivate', () => {
  const reactivate = (who: { cookie: string } | null) =>
    injectAs(t, who, { method: 'POST', url: '/api/account/reactivate', headers: { origin: TEST_ORIGIN } });

  it('a deactivated member who signed in shows their profile again, with one call', async () => {
    const m = await createMember(t);
    const viewer = await createMember(t);
    expect((await deactivateAccount(m, 'DEACTIVATE')).statusCode).toBe(200);
    const cookie = cookieFrom(await signInRes(m));
    // Still deactivated: member routes stay closed until they choose to come back.
    expect((await injectAs(t, { cookie }, { method: 'GET', url: '/api/blocks' })).statusCode).toBe(403);
    const res = await reactivate({ cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.reactivated });
    expect((await me({ cookie })).json().profile.isDeactivated).toBe(false);
    expect((await profileOf(viewer, m.id)).statusCode).toBe(200);
    expect((await injectAs(t, { cookie }, { method: 'GET', url: '/api/blocks' })).statusCode).toBe(200);
  });

  it('only reactivates the caller: 409 for an active account, 404 without a profile, 401 anonymous, 403 foreign origin', async () => {
    const active = await createMember(t);
    const res = await reactivate(active);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(ACCOUNT_MESSAGES.notDeactivated);
    expect((await reactivate(null)).statusCode).toBe(401);

    const hidden = await createMember(t);
    await deactivate(t, hidden.id);
    const csrf = await injectAs(t, hidden, { method: 'POST', url: '/api/account/reactivate', headers: { origin: 'https://evil.example' } });
    expect(csrf.statusCode).toBe(403);
    expect((await me(hidden)).json().profile.isDeactivated).toBe(true);

    const profileless = await createMember(t);
    await db.delete(profiles).where(eq(profiles.id, profileless.id));
    expect((await reactivate(profileless)).statusCode).toBe(404);
  });

  it('a deactivated admin wields nothing until reactivated, then is admin again', async () => {
    const a = await createAdmin(t);
    await deactivate(t, a.id);
    expect((await injectAs(t, a, { method: 'GET', url: '/api/admin/settings' })).statusCode).toBe(403);
    expect((await me(a)).json().isAdmin).toBe(false);
    expect((await reactivate(a)).statusCode).toBe(200);
    expect((await injectAs(t, a, { method: 'GET', url: '/api/admin/settings' })).statusCode).toBe(200);
    // The delete tests below count on one admin only.
    await db.delete(userRoles).where(eq(userRoles.userId, a.id));
  });
});

describe('POST /api/account/delete', () => {
  it('needs exactly DELETE', async () => {
    const m = await createMember(t);
    for (const word of ['delete', 'Delete', 'DELETE ', 'DEACTIVATE', '', null]) {
      const res = await deleteAccount(m, word);
      expect(res.statusCode, String(word)).toBe(400);
      expect(res.json().error.fields).toEqual({ confirmation: ACCOUNT_MESSAGES.deleteMismatch });
    }
    expect((await rowsOf(m.id)).users).toBe(1);
  });

  it('deletes every row and every stored file of the member, and nothing of anyone else', async () => {
    const m = await memberWithEverything();
    const other = await memberWithEverything();
    const viewer = await createMember(t);
    const otherRowsBefore = await rowsOf(other.id);
    const otherFilesBefore = await memberFiles(other.id);
    expect((await rowsOf(m.id)).logs).toBe(2);

    const res = await deleteAccount(m, 'DELETE');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.deleted });
    expectCookieCleared(res);

    expect(await rowsOf(m.id)).toEqual({ users: 0, profiles: 0, sessions: 0, accounts: 0, images: 0, logs: 0, applications: 0, roles: 0 });
    expect(await memberFiles(m.id)).toEqual([]);
    for (const bucket of BUCKETS) {
      const entries = await fs.readdir(path.join(uploadsDir, bucket)).catch(() => [] as string[]);
      expect(entries, bucket).not.toContain(m.id);
    }
    expect(await db.select().from(storageDeletions)).toEqual([]);

    expect((await me(m)).statusCode).toBe(401);
    expect((await profileOf(viewer, m.id)).statusCode).toBe(404);
    expect((await signInRes(m)).statusCode).toBe(401);

    expect(await rowsOf(other.id)).toEqual(otherRowsBefore);
    expect(await memberFiles(other.id)).toEqual(otherFilesBefore);
    expect((await me(other)).statusCode).toBe(200);
  });

  it('a pending applicant can delete their account (and application)', async () => {
    const applicant = await applyAs(t);
    const res = await deleteAccount(applicant, 'DELETE');
    expect(res.statusCode).toBe(200);
    expect(await rowsOf(applicant.id)).toMatchObject({ users: 0, applications: 0 });
  });

  it('a deactivated member can still delete their account', async () => {
    const m = await createMember(t);
    await deactivate(t, m.id);
    expect((await deleteAccount(m, 'DELETE')).statusCode).toBe(200);
    expect((await rowsOf(m.id)).users).toBe(0);
  });

  it('the only admin cannot delete themselves (409); with a second admin they can', async () => {
    const res = await deleteAccount(onlyAdmin, 'DELETE');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'CONFLICT', message: ACCOUNT_MESSAGES.lastAdmin } });
    expect((await rowsOf(onlyAdmin.id)).users).toBe(1);
    expect((await me(onlyAdmin)).statusCode).toBe(200);

    const second = await createMember(t);
    await grantRole(t, second.id, 'admin');
    expect((await deleteAccount(onlyAdmin, 'DELETE')).statusCode).toBe(200);
    expect((await rowsOf(onlyAdmin.id)).users).toBe(0);
    // Now `second` is the only admin.
    expect((await deleteAccount(second, 'DELETE')).statusCode).toBe(409);
  });

  it('anonymous 401; foreign origin 403', async () => {
    expect((await deleteAccount(null, 'DELETE')).statusCode).toBe(401);
    const m = await createMember(t);
    const csrf = await injectAs(t, m, { method: 'POST', url: '/api/account/delete', payload: { confirmation: 'DELETE' }, headers: { origin: 'https://evil.example' } });
    expect(csrf.statusCode).toBe(403);
    expect((await rowsOf(m.id)).users).toBe(1);
  });

  it('when storage fails, the account is still deleted, the outbox keeps the files, and a later drain removes them', async () => {
    const m = await memberWithEverything();
    storage.faults.removeThrows = true;
    try {
      const res = await deleteAccount(m, 'DELETE');
      expect(res.statusCode).toBe(200);
      expect(res.json().success).toBe(true);
    } finally {
      storage.faults.removeThrows = false;
    }
    expect((await rowsOf(m.id)).users).toBe(0);
    expect(await memberFiles(m.id)).toHaveLength(11);
    const pending = await db.select().from(storageDeletions);
    expect(pending.map((p) => `${p.bucket}:${p.keyOrPrefix}`).sort()).toEqual(
      ['chat-media', 'data-exports', 'post-images', 'profile-images', 'profile-pictures'].map((b) => `${b}:${m.id}/`),
    );
    expect(pending.every((p) => p.attempts === 1)).toBe(true);

    // The next drain (at start-up, or after any later deletion) finishes the job.
    const media = createMediaService({ db, storage, log: t.ctx.log });
    expect(await media.drainDeletions()).toBe(5);
    expect(await memberFiles(m.id)).toEqual([]);
    expect(await db.select().from(storageDeletions)).toEqual([]);
  });

  it('a deleted photo whose files could not be removed is retried by the next drain', async () => {
    const m = await createMember(t);
    const [item] = (await upload(t, m, '/api/me/images', [file(jpeg)])).json().items;
    storage.faults.removeThrows = true;
    try {
      expect((await injectAs(t, m, { method: 'DELETE', url: `/api/me/images/${item.id}` })).statusCode).toBe(204);
    } finally {
      storage.faults.removeThrows = false;
    }
    expect(await db.select().from(profileImages).where(eq(profileImages.userId, m.id))).toEqual([]);
    expect(await memberFiles(m.id)).toHaveLength(3);
    expect((await db.select().from(storageDeletions)).length).toBe(3);
    await createMediaService({ db, storage, log: t.ctx.log }).drainDeletions();
    expect(await memberFiles(m.id)).toEqual([]);
    expect(await db.select().from(storageDeletions).where(inArray(storageDeletions.bucket, ['profile-images']))).toEqual([]);
  });
});
