import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CONNECTION_MESSAGES, PROFILE_VIEW_MESSAGES } from '@bayclub/shared';
import {
  applyAs,
  buildTestApp,
  createAdmin,
  createLimitedMember,
  createMember,
  injectAs,
  setSettings,
  type TestUser,
} from '../../test/helpers.js';
import { photo } from '../../test/image-fixtures.js';
import { file, upload } from '../../test/multipart.js';
import { blocks, profiles, reports } from '../../db/schema/index.js';

/*
 * Decision 009: an applicant who is not approved (pending or rejected) sees no other member. Every lookup that
 * could reveal one answers exactly as for a member that does not exist; their own profile and photos stay theirs.
 * Approved members (full_platform and community_only) see members as before.
 */

const t = await buildTestApp();
const db = t.ctx.database.db;
const jpeg = await photo(64, 48);

const get = (who: TestUser | null, url: string) => injectAs(t, who, { method: 'GET', url });
const post = (who: TestUser | null, url: string, payload: object) => injectAs(t, who, { method: 'POST', url, payload });

/** A member with a profile picture and a gallery photo, and the same-shaped addresses of nobody. */
async function memberWithPhotos(user: TestUser) {
  const picture: string = (await upload(t, user, '/api/me/profile-picture', [file(jpeg)])).json().profilePictureUrl;
  const gallery: string = (await upload(t, user, '/api/me/images', [file(jpeg)])).json().items[0].imageUrl;
  const [row] = await db.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, user.id));
  const picturePath = picture.split('?')[0]!;
  const files = [picture, picturePath, picturePath.replace('profile.webp', 'profile-480.webp'), picturePath.replace('profile.webp', 'profile-160.webp'), gallery];
  return { ...user, username: row!.username!, files };
}

const admin = await createAdmin(t);
await setSettings(t, { limited_users_can_upload_images: 'true', limited_users_can_edit_profile: 'true' });
const target = await memberWithPhotos(await createMember(t));
const pending = await memberWithPhotos(await applyAs(t));
// Photos added while pending; then the admin rejects the application.
const rejected = await memberWithPhotos(await applyAs(t));
const rejection = await injectAs(t, admin, { method: 'POST', url: `/api/admin/applications/${rejected.applicationId}/reject`, payload: {} });
if (rejection.statusCode !== 200) throw new Error(`reject failed: ${rejection.body}`);
const limited = await createLimitedMember(t);
const full = await createMember(t);
await setSettings(t, { limited_users_can_upload_images: 'false', limited_users_can_edit_profile: 'false' });

const applicants = [
  ['pending applicant', pending],
  ['rejected applicant', rejected],
] as const;
const approved = [
  ['approved community_only member', limited],
  ['full_platform member', full],
] as const;

/** The same request about a member who does not exist: what an applicant must get for a real one. */
const nobody = crypto.randomUUID();
const swap = (url: string) => url.replaceAll(target.id, nobody).replaceAll(target.username, 'no-such-member');

/** The answer for `url` is exactly the answer for the same address of nobody (status, body, headers that matter). */
async function expectSameAsUnknown(who: TestUser, label: string, url: string) {
  const real = await get(who, url);
  const unknown = await get(who, swap(url));
  expect(unknown.statusCode, `${label}: ${swap(url)}`).toBe(404);
  expect(real.statusCode, `${label}: ${url}`).toBe(404);
  expect(real.body, `${label}: ${url}`).toBe(unknown.body);
  expect(real.headers['content-type'], `${label}: ${url}`).toBe(unknown.headers['content-type']);
}

const memberUrls = () => [
  `/api/profiles/${target.id}`,
  `/api/profiles/${target.id}/images`,
  `/api/slugs/${target.username}`,
  `/api/slugs/${target.id}`,
  `/api/connections/with/${target.id}`,
];

describe('applicants who are not approved see no other member', () => {
  for (const [name, who] of applicants) {
    it(`${name}: profile, photos list, slug and relationship answer 404 exactly as for an unknown member`, async () => {
      for (const url of memberUrls()) await expectSameAsUnknown(who, name, url);
      expect((await get(who, `/api/profiles/${target.id}`)).json()).toEqual({
        error: { code: 'NOT_FOUND', message: PROFILE_VIEW_MESSAGES.noProfile },
      });
      expect((await get(who, `/api/connections/with/${target.id}`)).json()).toEqual({
        error: { code: 'NOT_FOUND', message: CONNECTION_MESSAGES.unavailable },
      });
    });

    it(`${name}: the member's photo files answer 404 like files that do not exist`, async () => {
      for (const url of target.files) await expectSameAsUnknown(who, name, url);
    });

    it(`${name}: other applicants are hidden too`, async () => {
      const other = who === pending ? rejected : pending;
      for (const url of [`/api/profiles/${other.id}`, `/api/profiles/${other.id}/images`, `/api/slugs/${other.username}`, ...other.files]) {
        expect((await get(who, url)).statusCode, url).toBe(404);
      }
    });

    it(`${name}: still sees their own profile, photos and username`, async () => {
      const own = await get(who, `/api/profiles/${who.id}`);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject({ id: who.id, isOwn: true });
      const images = await get(who, `/api/profiles/${who.id}/images`);
      expect(images.statusCode).toBe(200);
      expect(images.json().items).toHaveLength(1);
      for (const url of who.files) expect((await get(who, url)).statusCode, url).toBe(200);
      expect((await get(who, `/api/slugs/${who.username}`)).json()).toEqual({ kind: 'user', id: who.id, username: who.username });
    });

    it(`${name}: cannot probe members by blocking or reporting them, and lists no one`, async () => {
      for (const userId of [target.id, nobody]) {
        const blocked = await post(who, '/api/blocks', { userId });
        expect(blocked.statusCode).toBe(404);
        expect(blocked.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'This member is not available' } });
        const reported = await post(who, '/api/reports', { userId, reason: 'spam' });
        expect(reported.statusCode).toBe(404);
        expect(reported.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'This member is not available' } });
      }
      expect(await db.select().from(blocks).where(eq(blocks.blockerId, who.id))).toEqual([]);
      expect(await db.select().from(reports).where(eq(reports.reporterId, who.id))).toEqual([]);
      // A block written before the application was refused (or by hand) still shows nobody.
      await db.insert(blocks).values({ blockerId: who.id, blockedId: target.id });
      try {
        expect((await get(who, '/api/blocks')).json()).toEqual({ items: [], nextCursor: null });
      } finally {
        await db.delete(blocks).where(eq(blocks.blockerId, who.id));
      }
    });
  }

  it('a pending applicant with the message flag cannot tell members from unknown ids by opening a chat', async () => {
    const someone = await createMember(t);
    await setSettings(t, { limited_users_can_message: 'true' });
    try {
      for (const who of [pending, await applyAs(t)]) {
        const real = await post(who, '/api/conversations', { userId: someone.id });
        const unknown = await post(who, '/api/conversations', { userId: nobody });
        expect(unknown.statusCode).toBe(404);
        expect(real.statusCode).toBe(404);
        expect(real.body).toBe(unknown.body);
      }
      // An approved community member with the flag still learns that a match is needed.
      const approvedMember = await post(limited, '/api/conversations', { userId: someone.id });
      expect(approvedMember.statusCode).toBe(403);
      expect(approvedMember.json().error.code).toBe('NO_MATCH');
    } finally {
      await setSettings(t, { limited_users_can_message: 'false' });
    }
  });
});

describe('approved members see members as before', () => {
  for (const [name, who] of approved) {
    it(`${name}: profile, photos, slug, relationship and photo files answer 200`, async () => {
      for (const url of [...memberUrls(), ...target.files]) {
        expect((await get(who, url)).statusCode, `${name}: ${url}`).toBe(200);
      }
      expect((await get(who, `/api/profiles/${target.id}`)).json()).toMatchObject({ id: target.id, bio: 'Loves the beach.', city: 'tampa' });
      expect((await get(who, `/api/slugs/${target.username}`)).json()).toEqual({ kind: 'user', id: target.id, username: target.username });
    });
  }

  it('admins and full members still see applicants (the admin reviews their picture)', async () => {
    for (const who of [admin, full]) {
      for (const url of [`/api/profiles/${pending.id}`, ...pending.files, ...rejected.files]) {
        expect((await get(who, url)).statusCode, url).toBe(200);
      }
    }
  });

  it('the rule follows the application on the very next request: approval opens the members', async () => {
    const applicant = await applyAs(t);
    expect((await get(applicant, `/api/profiles/${target.id}`)).statusCode).toBe(404);
    const res = await injectAs(t, admin, {
      method: 'POST',
      url: `/api/admin/applications/${applicant.applicationId}/approve`,
      payload: { accountType: 'community_only' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(applicant, `/api/profiles/${target.id}`)).statusCode).toBe(200);
    expect((await get(applicant, target.files[0]!)).statusCode).toBe(200);
  });
});
