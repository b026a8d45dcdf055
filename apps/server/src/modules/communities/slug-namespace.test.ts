import { describe, expect, it } from 'vitest';
import { COMMUNITY_MESSAGES, USERNAME_MESSAGES } from '@bayclub/shared';
import { applicationInput, applyAs, buildTestApp, cookieFrom, createMember, injectAs } from '../../test/helpers.js';
import { createCommunityVia } from '../../test/communities.js';

const t = await buildTestApp();

const newCommunity = (user: { cookie: string }, urlSlug: string) =>
  injectAs(t, user, { method: 'POST', url: '/api/communities', payload: { name: `Club ${urlSlug}`.slice(0, 60), urlSlug, visibility: 'public', joinPolicy: 'open' } });
const usernameOf = async (user: { cookie: string }) => (await injectAs(t, user, { method: 'GET', url: '/api/me' })).json().profile.username as string;
const unique = (p: string) => `${p}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

describe('a community address may not take a username, a reserved word or another community’s address', () => {
  it('create and edit answer 400 with fields.urlSlug naming the problem', async () => {
    const creator = await createMember(t);
    const member = await createMember(t);
    const taken = await usernameOf(member);
    const cases: Array<[string, string]> = [
      [taken, COMMUNITY_MESSAGES.slugTakenByMember],
      [taken.toUpperCase(), COMMUNITY_MESSAGES.slugTakenByMember],
      ['login', COMMUNITY_MESSAGES.slugReserved],
      ['communities', COMMUNITY_MESSAGES.slugReserved],
      ['c', COMMUNITY_MESSAGES.slugTooShort],
    ];
    for (const [slug, message] of cases) {
      const res = await newCommunity(creator, slug);
      expect(res.statusCode, slug).toBe(400);
      expect(res.json().error.fields, slug).toEqual({ urlSlug: message });
    }
    const first = await createCommunityVia(t, creator, { urlSlug: unique('first-') });
    const dup = await newCommunity(creator, first.urlSlug);
    expect(dup.json().error.fields).toEqual({ urlSlug: COMMUNITY_MESSAGES.slugTakenByCommunity });

    const second = await createCommunityVia(t, creator);
    const patch = (urlSlug: string) => injectAs(t, creator, { method: 'PATCH', url: `/api/communities/${second.id}`, payload: { urlSlug } });
    expect((await patch(taken)).json().error.fields).toEqual({ urlSlug: COMMUNITY_MESSAGES.slugTakenByMember });
    expect((await patch(first.urlSlug)).json().error.fields).toEqual({ urlSlug: COMMUNITY_MESSAGES.slugTakenByCommunity });
    expect((await patch('admin')).json().error.fields).toEqual({ urlSlug: COMMUNITY_MESSAGES.slugReserved });
    // Its own address is no conflict; a free one is taken.
    expect((await patch(second.urlSlug)).statusCode).toBe(200);
    const moved = unique('moved-');
    expect((await patch(moved)).json().urlSlug).toBe(moved);
  });

  it('GET /api/communities/slug-availability says why', async () => {
    const member = await createMember(t);
    const c = await createCommunityVia(t, member);
    const check = async (slug: string) => (await injectAs(t, member, { method: 'GET', url: `/api/communities/slug-availability?slug=${encodeURIComponent(slug)}` })).json();
    expect(await check(await usernameOf(member))).toMatchObject({ available: false, error: COMMUNITY_MESSAGES.slugTakenByMember });
    expect(await check(c.urlSlug)).toMatchObject({ available: false, error: COMMUNITY_MESSAGES.slugTakenByCommunity });
    expect(await check('events')).toMatchObject({ available: false, error: COMMUNITY_MESSAGES.slugReserved });
    expect(await check('Bad Slug')).toMatchObject({ available: false, error: COMMUNITY_MESSAGES.slugChars });
    const free = unique('free-');
    expect(await check(free)).toEqual({ slug: free, available: true });
    expect((await injectAs(t, await applyAs(t), { method: 'GET', url: `/api/communities/slug-availability?slug=${free}` })).statusCode).toBe(403);
  });
});

describe('a new or changed username may not take a community’s address', () => {
  it('applying, changing the username and the availability check all refuse it', async () => {
    const c = await createCommunityVia(t, await createMember(t), { urlSlug: unique('runners') });
    const apply = await t.app.inject({ method: 'POST', url: '/api/applications', payload: applicationInput({ username: c.urlSlug }) });
    expect(apply.statusCode).toBe(409);
    expect(apply.json().error.fields).toEqual({ username: COMMUNITY_MESSAGES.usernameTakenByCommunity });

    const member = await createMember(t);
    const me = (await injectAs(t, member, { method: 'GET', url: '/api/me' })).json().profile;
    const update = await injectAs(t, member, {
      method: 'PUT',
      url: '/api/me/profile',
      payload: { fullName: me.fullName, username: c.urlSlug.toUpperCase(), interests: [], age: 30, city: 'tampa', relationshipStatus: 'single' },
    });
    expect(update.statusCode, update.body).toBe(409);
    expect(update.json().error.fields).toEqual({ username: COMMUNITY_MESSAGES.usernameTakenByCommunity });
    expect(await usernameOf(member)).toBe(me.username);

    const availability = await t.app.inject({ method: 'GET', url: `/api/usernames/availability?username=${c.urlSlug}` });
    expect(availability.json()).toMatchObject({ username: c.urlSlug, available: false });
  });

  it('GET /api/slugs/:slug keeps resolving a community for everyone', async () => {
    const c = await createCommunityVia(t, await createMember(t));
    for (const who of [null, await applyAs(t), await createMember(t)]) {
      const res = await injectAs(t, who, { method: 'GET', url: `/api/slugs/${c.urlSlug}` });
      expect(res.json()).toEqual({ kind: 'community', id: c.id, name: c.name, urlSlug: c.urlSlug });
    }
  });
});

describe('races: two claims of one name at once, exactly one wins', () => {
  it('an application and a community taking the same name at the same moment', async () => {
    const creator = await createMember(t);
    for (let round = 0; round < 4; round++) {
      const name = unique('race');
      const [applied, created] = await Promise.all([
        t.app.inject({ method: 'POST', url: '/api/applications', payload: applicationInput({ username: name }) }),
        newCommunity(creator, name),
      ]);
      const wins = [applied.statusCode === 201, created.statusCode === 201].filter(Boolean).length;
      expect(wins, `${name}: apply ${applied.statusCode} ${applied.body} / create ${created.statusCode} ${created.body}`).toBe(1);
      if (applied.statusCode !== 201) expect(applied.json().error.fields).toEqual({ username: COMMUNITY_MESSAGES.usernameTakenByCommunity });
      if (created.statusCode !== 201) expect(created.json().error.fields).toEqual({ urlSlug: COMMUNITY_MESSAGES.slugTakenByMember });
      if (applied.statusCode === 201) expect(cookieFrom(applied)).not.toBe('');
    }
  });

  it('two communities taking the same address at the same moment', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    for (let round = 0; round < 3; round++) {
      const name = unique('twin-');
      const answers = await Promise.all([newCommunity(a, name), newCommunity(b, name)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400]);
      expect(answers.find((r) => r.statusCode === 400)!.json().error.fields).toEqual({ urlSlug: COMMUNITY_MESSAGES.slugTakenByCommunity });
    }
  });

  it('two applicants taking the same username still get the usual answer', async () => {
    const name = unique('same');
    const answers = await Promise.all([0, 1].map(() => t.app.inject({ method: 'POST', url: '/api/applications', payload: applicationInput({ username: name }) })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().error.fields).toEqual({ username: USERNAME_MESSAGES.taken });
  });
});
