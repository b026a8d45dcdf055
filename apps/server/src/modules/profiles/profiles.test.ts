import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ALL_INTERESTS,
  BIO_MESSAGES,
  INTEREST_MESSAGES,
  SOCIAL_MESSAGES,
  USERNAME_MESSAGES,
  type ProfileUpdateInput,
} from '@bayclub/shared';
import {
  DENIED,
  TEST_ORIGIN,
  applyAs,
  buildTestApp,
  createLimitedMember,
  createMember,
  createRejectedApplicant,
  deactivate,
  injectAs,
  isErrorBody,
  setSettings,
  type TestUser,
} from '../../test/helpers.js';
import { profiles } from '../../db/schema/index.js';

const t = await buildTestApp();
const db = t.ctx.database.db;

const NO_PROFILE = { error: { code: 'NOT_FOUND', message: 'No user profile available' } };
const SIGN_IN = { error: { code: 'UNAUTHENTICATED', message: 'You need to sign in' } };

const PUBLIC_PROFILE_KEYS = [
  'age',
  'bio',
  'city',
  'fullName',
  'gender',
  'id',
  'instagramUsername',
  'instagramVerified',
  'interests',
  'isOwn',
  'isVerified',
  'linkedinUsername',
  'profilePictureUrl',
  'relationshipStatus',
  'tiktokUsername',
  'username',
  'youtubeUsername',
];

const getProfile = (who: TestUser | null, id: string) => injectAs(t, who, { method: 'GET', url: `/api/profiles/${id}` });
const getImages = (who: TestUser | null, id: string) => injectAs(t, who, { method: 'GET', url: `/api/profiles/${id}/images` });
const putProfile = (who: TestUser | null, payload: object) => injectAs(t, who, { method: 'PUT', url: '/api/me/profile', payload });
const row = async (id: string) => (await db.select().from(profiles).where(eq(profiles.id, id)))[0]!;

let n = 0;
/** A complete, valid Settings save. */
function profileBody(overrides: Partial<ProfileUpdateInput> = {}): ProfileUpdateInput {
  n += 1;
  return {
    fullName: `Saved Name ${n}`,
    username: `saved-${n}-${crypto.randomBytes(3).toString('hex')}`,
    bio: 'Sunsets and coffee.',
    instagramUsername: '',
    tiktokUsername: '',
    linkedinUsername: '',
    youtubeUsername: '',
    interests: ['Yoga', 'Coffee'],
    gender: 'Female',
    relationshipStatus: 'single',
    age: 31,
    city: 'clearwater',
    ...overrides,
  };
}

/** The stored social usernames of a member (for "unchanged" checks). */
const socials = async (id: string) => {
  const r = await row(id);
  return [r.instagramUsername, r.tiktokUsername, r.linkedinUsername, r.youtubeUsername];
};

describe('GET /api/profiles/:id', () => {
  it('a member sees another member: whitelisted fields, never the email', async () => {
    const viewer = await createMember(t);
    const target = await createMember(t);
    const res = await getProfile(viewer, target.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(PUBLIC_PROFILE_KEYS);
    expect(body).toMatchObject({ id: target.id, isOwn: false, isVerified: false });
    expect(res.body).not.toContain(target.email);
    expect(res.body).not.toMatch(/email|accountType|applicationStatus|isDeactivated/);
  });

  it('oneself: isOwn true', async () => {
    const me = await createMember(t);
    const res = await getProfile(me, me.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: me.id, isOwn: true });
  });

  it('approved community_only members may look at profiles too; applicants (pending, rejected) get 404 (decision 009)', async () => {
    const target = await createMember(t);
    expect((await getProfile(await createLimitedMember(t), target.id)).statusCode).toBe(200);
    for (const viewer of [await applyAs(t), await createRejectedApplicant(t)]) {
      const res = await getProfile(viewer, target.id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NO_PROFILE);
      expect((await getImages(viewer, target.id)).json()).toEqual(NO_PROFILE);
      expect((await getProfile(viewer, viewer.id)).json()).toMatchObject({ id: viewer.id, isOwn: true });
    }
  });

  it('anonymous callers must sign in', async () => {
    const target = await createMember(t);
    const res = await getProfile(null, target.id);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(SIGN_IN);
    expect((await getImages(null, target.id)).statusCode).toBe(401);
  });

  it('unknown, invalid and deactivated profiles all answer the same 404', async () => {
    const viewer = await createMember(t);
    const hidden = await createMember(t);
    await deactivate(t, hidden.id);
    for (const id of [crypto.randomUUID(), 'not-a-uuid', '00000000-0000-0000-0000-000000000000', hidden.id, `${hidden.id}x`, '1']) {
      const res = await getProfile(viewer, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json(), id).toEqual(NO_PROFILE);
      const images = await getImages(viewer, id);
      expect(images.statusCode, id).toBe(404);
      expect(images.json(), id).toEqual(NO_PROFILE);
    }
  });

  it('ids are matched in any case', async () => {
    const viewer = await createMember(t);
    const target = await createMember(t);
    const res = await getProfile(viewer, target.id.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(target.id);
  });

  it('a deactivated member still sees their own profile and photos, and nobody else', async () => {
    const me = await createMember(t);
    const other = await createMember(t);
    await deactivate(t, me.id);
    const own = await getProfile(me, me.id);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: me.id, isOwn: true });
    expect((await getImages(me, me.id)).json()).toEqual({ items: [] });
    const others = await getProfile(me, other.id);
    expect(others.statusCode).toBe(404);
    expect(others.json()).toEqual(NO_PROFILE);
    expect((await getImages(me, other.id)).statusCode).toBe(404);
  });

  it('reactivated, the profile is visible to others again', async () => {
    const viewer = await createMember(t);
    const target = await createMember(t);
    await deactivate(t, target.id);
    expect((await getProfile(viewer, target.id)).statusCode).toBe(404);
    await deactivate(t, target.id, false);
    expect((await getProfile(viewer, target.id)).statusCode).toBe(200);
  });
});

describe('PUT /api/me/profile', () => {
  it('saves every field at once and answers the own profile', async () => {
    const me = await createMember(t);
    const res = await putProfile(
      me,
      profileBody({
        fullName: '  Ann Lee ',
        username: 'Ann-Lee',
        instagramUsername: '@ann.lee',
        tiktokUsername: '@ann_tok',
        linkedinUsername: 'https://www.linkedin.com/in/ann-lee-42/',
        youtubeUsername: '@Ann-Tube',
        interests: ['Yoga', 'Beach'],
      }),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: me.id,
      email: me.email,
      fullName: 'Ann Lee',
      username: 'ann-lee',
      instagramUsername: 'ann.lee',
      tiktokUsername: 'ann_tok',
      linkedinUsername: 'ann-lee-42',
      youtubeUsername: 'Ann-Tube',
      interests: ['Yoga', 'Beach'],
      city: 'clearwater',
      age: 31,
    });
    const stored = await row(me.id);
    expect(stored).toMatchObject({ username: 'ann-lee', instagramUsername: 'ann.lee', linkedinUsername: 'ann-lee-42', youtubeUsername: 'Ann-Tube' });
  });

  it('empty optional fields are cleared (null)', async () => {
    const me = await createMember(t);
    await putProfile(me, profileBody({ instagramUsername: 'someone' }));
    const res = await putProfile(me, { fullName: 'Only Name' });
    expect(res.statusCode).toBe(200);
    expect(await row(me.id)).toMatchObject({ fullName: 'Only Name', username: null, bio: null, instagramUsername: null, interests: [], age: null });
  });

  it('mass assignment: account fields in the body change nothing', async () => {
    const me = await createLimitedMember(t);
    await setSettings(t, { limited_users_can_edit_profile: 'true' });
    const other = await createMember(t);
    const before = await row(me.id);
    const otherBefore = await row(other.id);
    const res = await putProfile(me, {
      ...profileBody({ username: before.username }),
      id: other.id,
      accountType: 'full_platform',
      account_type: 'full_platform',
      isVerified: true,
      is_verified: true,
      applicationStatus: 'approved',
      application_status: 'approved',
      isDeactivated: true,
      is_deactivated: true,
      email: 'stolen@example.com',
      profilePictureUrl: 'https://evil.example/x.png',
      profile_picture_url: 'https://evil.example/x.png',
      role: 'admin',
      instagramOauthConnected: true,
      instagramUserId: '123',
    });
    expect(res.statusCode).toBe(200);
    const after = await row(me.id);
    for (const key of ['id', 'accountType', 'isVerified', 'applicationStatus', 'isDeactivated', 'email', 'profilePictureUrl', 'instagramOauthConnected', 'instagramUserId'] as const) {
      expect(after[key], key).toEqual(before[key]);
    }
    expect(after.accountType).toBe('community_only');
    expect(await row(other.id)).toEqual(otherBefore);
    await setSettings(t, { limited_users_can_edit_profile: 'false' });
  });

  const INVALID: Array<[string, Partial<ProfileUpdateInput> | Record<string, unknown>, string, string]> = [
    ['username too short', { username: 'ab' }, 'username', USERNAME_MESSAGES.tooShort],
    ['username too long', { username: 'a'.repeat(31) }, 'username', USERNAME_MESSAGES.tooLong],
    ['username characters', { username: 'ann lee' }, 'username', USERNAME_MESSAGES.charset],
    ['username dots', { username: 'ann.lee' }, 'username', USERNAME_MESSAGES.charset],
    ['username starts with _', { username: '_annlee' }, 'username', USERNAME_MESSAGES.badStart],
    ['username starts with -', { username: '-annlee' }, 'username', USERNAME_MESSAGES.badStart],
    ['username ends with _', { username: 'annlee_' }, 'username', USERNAME_MESSAGES.badEnd],
    ['username ends with -', { username: 'annlee-' }, 'username', USERNAME_MESSAGES.badEnd],
    ['username reserved (a page of the app)', { username: 'events' }, 'username', USERNAME_MESSAGES.reserved],
    ['username reserved, any case', { username: 'Inbox' }, 'username', USERNAME_MESSAGES.reserved],
    ['bio over 150', { bio: 'b'.repeat(151) }, 'bio', BIO_MESSAGES.tooLong],
    ['bio far over', { bio: 'b'.repeat(201) }, 'bio', 'Bio is too long'],
    ['instagram characters', { instagramUsername: 'ann-lee' }, 'instagramUsername', SOCIAL_MESSAGES.instagram],
    ['instagram too long', { instagramUsername: 'a'.repeat(31) }, 'instagramUsername', SOCIAL_MESSAGES.instagram],
    ['instagram only @', { instagramUsername: '@' }, 'instagramUsername', SOCIAL_MESSAGES.instagram],
    ['tiktok too short', { tiktokUsername: '@a' }, 'tiktokUsername', SOCIAL_MESSAGES.tiktok],
    ['tiktok too long', { tiktokUsername: 'a'.repeat(25) }, 'tiktokUsername', SOCIAL_MESSAGES.tiktok],
    ['tiktok characters', { tiktokUsername: 'ann-tok' }, 'tiktokUsername', SOCIAL_MESSAGES.tiktok],
    ['linkedin too short', { linkedinUsername: 'ab' }, 'linkedinUsername', SOCIAL_MESSAGES.linkedin],
    ['linkedin too long', { linkedinUsername: 'a'.repeat(101) }, 'linkedinUsername', SOCIAL_MESSAGES.linkedin],
    ['linkedin characters', { linkedinUsername: 'ann_lee' }, 'linkedinUsername', SOCIAL_MESSAGES.linkedin],
    ['linkedin other site', { linkedinUsername: 'https://evil.example/in/annlee' }, 'linkedinUsername', SOCIAL_MESSAGES.linkedin],
    ['youtube characters', { youtubeUsername: 'ann tube' }, 'youtubeUsername', SOCIAL_MESSAGES.youtube],
    ['youtube too long', { youtubeUsername: 'a'.repeat(31) }, 'youtubeUsername', SOCIAL_MESSAGES.youtube],
    ['16 interests', { interests: ALL_INTERESTS.slice(0, 16) }, 'interests', INTEREST_MESSAGES.max],
    ['age 12', { age: 12 }, 'age', 'Age must be between 13 and 100'],
    ['age 101', { age: 101 }, 'age', 'Age must be between 13 and 100'],
    ['age not whole', { age: 30.5 }, 'age', 'Age must be a whole number'],
    ['name blank', { fullName: '   ' }, 'fullName', 'Name is required'],
    ['name missing', { fullName: undefined }, 'fullName', 'Name is required'],
    ['unknown city', { city: 'miami' as never }, 'city', 'Please choose a city'],
  ];

  // Refused saves change nothing, so one member serves the whole table.
  let validator: TestUser;
  it.each(INVALID)('400 with the field message: %s', async (_label, patch, field, message) => {
    validator ??= await createMember(t);
    const me = validator;
    const before = await row(me.id);
    const res = await putProfile(me, profileBody(patch as Partial<ProfileUpdateInput>));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(isErrorBody(body)).toBe(true);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields[field]).toBe(message);
    expect(await row(me.id)).toEqual(before);
  });

  it('limits themselves are accepted: 150-character bio, 15 interests, ages 13 and 100, 3 and 30 character usernames', async () => {
    const me = await createMember(t);
    for (const patch of [
      { bio: 'b'.repeat(150) },
      { interests: ALL_INTERESTS.slice(0, 15) },
      { age: 13 },
      { age: 100 },
      { username: `a${crypto.randomBytes(1).toString('hex')}` },
      { username: `z${crypto.randomBytes(14).toString('hex')}z`.slice(0, 30) },
      { tiktokUsername: 'ab', instagramUsername: 'a', youtubeUsername: 'a', linkedinUsername: 'abc' },
    ]) {
      const res = await putProfile(me, profileBody(patch));
      expect(res.statusCode, JSON.stringify(patch)).toBe(200);
    }
  });

  it('a username another member has is 409 "Username is already taken" (any case)', async () => {
    const owner = await createMember(t);
    await putProfile(owner, profileBody({ username: 'takenname' }));
    const me = await createMember(t);
    const before = await row(me.id);
    for (const username of ['takenname', 'TakenName']) {
      const res = await putProfile(me, profileBody({ username }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: { code: 'CONFLICT', message: USERNAME_MESSAGES.taken, fields: { username: USERNAME_MESSAGES.taken } },
      });
    }
    expect(await row(me.id)).toEqual(before);
    // Keeping one's own name is no conflict.
    expect((await putProfile(owner, profileBody({ username: 'takenname' }))).statusCode).toBe(200);
  });

  it('a member who holds a reserved name from before keeps saving Settings with it; changing to another one is refused', async () => {
    const me = await createMember(t);
    // Taken before the name was reserved: written as it was then.
    await db.update(profiles).set({ username: 'settings' }).where(eq(profiles.id, me.id));
    for (const username of ['settings', 'Settings']) {
      const res = await putProfile(me, profileBody({ username }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().username).toBe('settings');
    }
    const changed = await putProfile(me, profileBody({ username: 'admin' }));
    expect(changed.statusCode).toBe(400);
    expect(changed.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: USERNAME_MESSAGES.reserved,
      fields: { username: USERNAME_MESSAGES.reserved },
    });
    expect((await row(me.id)).username).toBe('settings');
    // Moving off it to an ordinary name is fine, and there is no way back.
    const away = `free-${crypto.randomBytes(3).toString('hex')}`;
    expect((await putProfile(me, profileBody({ username: away }))).statusCode).toBe(200);
    expect((await putProfile(me, profileBody({ username: 'settings' }))).json().error.fields).toEqual({ username: USERNAME_MESSAGES.reserved });
  });

  it('two members saving the same new username at once: exactly one wins', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    for (let round = 0; round < 4; round++) {
      const username = `race-${round}-${crypto.randomBytes(3).toString('hex')}`;
      const results = await Promise.all([putProfile(a, profileBody({ username })), putProfile(b, profileBody({ username }))]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409]);
      const loser = results.find((r) => r.statusCode === 409)!;
      expect(loser.json().error.fields).toEqual({ username: USERNAME_MESSAGES.taken });
      const holders = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.username, username));
      expect(holders).toHaveLength(1);
    }
  });

  it('anonymous 401, deactivated 403, foreign origin 403', async () => {
    expect((await putProfile(null, profileBody())).json()).toEqual(SIGN_IN);
    const gone = await createMember(t);
    await deactivate(t, gone.id);
    const res = await putProfile(gone, profileBody());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(DENIED);
    const me = await createMember(t);
    const before = await row(me.id);
    const csrf = await injectAs(t, me, { method: 'PUT', url: '/api/me/profile', payload: profileBody(), headers: { origin: 'https://evil.example' } });
    expect(csrf.statusCode).toBe(403);
    expect(await row(me.id)).toEqual(before);
    const same = await injectAs(t, me, { method: 'PUT', url: '/api/me/profile', payload: profileBody(), headers: { origin: TEST_ORIGIN } });
    expect(same.statusCode).toBe(200);
  });

  it('limited members follow edit_profile, and social links also need add_social_links', async () => {
    const me = await createLimitedMember(t);
    const pending = await applyAs(t);
    await setSettings(t, { limited_users_can_edit_profile: 'false', limited_users_can_add_social_links: 'false' });
    for (const who of [me, pending]) {
      const before = await row(who.id);
      const denied = await putProfile(who, profileBody());
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toEqual(DENIED);
      expect(await row(who.id)).toEqual(before);
    }

    await setSettings(t, { limited_users_can_edit_profile: 'true' });
    const current = await row(me.id);
    const keep = {
      username: current.username,
      instagramUsername: current.instagramUsername ?? '',
      tiktokUsername: '',
      linkedinUsername: '',
      youtubeUsername: '',
    };
    expect((await putProfile(me, profileBody({ ...keep, bio: 'edited' }))).statusCode).toBe(200);
    expect((await row(me.id)).bio).toBe('edited');

    const socialsBefore = await socials(me.id);
    for (const patch of [{ tiktokUsername: 'newtok' }, { instagramUsername: 'new.insta' }, { linkedinUsername: 'new-link' }, { youtubeUsername: 'newtube' }]) {
      const res = await putProfile(me, profileBody({ ...keep, ...patch }));
      expect(res.statusCode, JSON.stringify(patch)).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
      expect(await socials(me.id)).toEqual(socialsBefore);
    }

    await setSettings(t, { limited_users_can_add_social_links: 'true' });
    const ok = await putProfile(me, profileBody({ ...keep, tiktokUsername: '@newtok' }));
    expect(ok.statusCode).toBe(200);
    expect((await row(me.id)).tiktokUsername).toBe('newtok');
    await setSettings(t, { limited_users_can_edit_profile: 'false', limited_users_can_add_social_links: 'false' });
  });
});
