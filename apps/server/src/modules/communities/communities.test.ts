import { describe, expect, it } from 'vitest';
import { COMMUNITY_MESSAGES, flagSettingKey } from '@bayclub/shared';
import {
  applyAs,
  buildTestApp,
  createAdmin,
  createLimitedMember,
  createMember,
  createRejectedApplicant,
  deactivate,
  injectAs,
  setSettings,
  type TestUser,
} from '../../test/helpers.js';
import { addMember, createCommunityVia, insertCommunity, memberCountOf, membershipOf } from '../../test/communities.js';

const t = await buildTestApp();

const get = (user: TestUser | null, url: string) => injectAs(t, user, { method: 'GET', url });
const post = (user: TestUser | null, url: string, payload: object = {}) => injectAs(t, user, { method: 'POST', url, payload });
const patch = (user: TestUser | null, url: string, payload: object) => injectAs(t, user, { method: 'PATCH', url, payload });

describe('POST /api/communities', () => {
  it('a full member creates a community and is its creator, counted as its first member', async () => {
    const creator = await createMember(t);
    const res = await post(creator, '/api/communities', {
      name: '  Tampa Bay Runners ',
      urlSlug: 'Tampa-Bay-Runners',
      description: 'Morning runs.',
      visibility: 'public',
      joinPolicy: 'open',
      city: 'tampa',
      interests: ['Running', 'Running'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      name: 'Tampa Bay Runners',
      urlSlug: 'tampa-bay-runners',
      description: 'Morning runs.',
      city: 'tampa',
      visibility: 'public',
      joinPolicy: 'open',
      memberCount: 1,
      postCount: 0,
      interests: ['Running'],
      coverUrl: null,
      avatarUrl: null,
      viewer: { status: 'active', role: 'creator', canRead: true, canPost: true, canModerate: true, canEdit: true },
    });
    expect(body.creator.id).toBe(creator.id);
    expect(Object.keys(body).sort()).toEqual(
      ['avatarUrl', 'city', 'coverUrl', 'createdAt', 'creator', 'description', 'id', 'interests', 'joinPolicy', 'memberCount', 'name', 'postCount', 'urlSlug', 'viewer', 'visibility'].sort(),
    );
    expect(await membershipOf(t, body.id, creator.id)).toEqual({ role: 'creator', status: 'active' });
  });

  it('bad input is a 400 with per-field messages and nothing written', async () => {
    const creator = await createMember(t);
    const res = await post(creator, '/api/communities', { name: 'ab', urlSlug: '-x', visibility: 'secret', joinPolicy: 'open', interests: ['Nope'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      name: COMMUNITY_MESSAGES.nameTooShort,
      urlSlug: COMMUNITY_MESSAGES.slugTooShort,
      visibility: 'Please choose who can see the community',
      'interests.0': COMMUNITY_MESSAGES.unknownInterest,
    });
  });

  it('limited members need create_communities; applicants (pending, rejected), deactivated and visitors cannot', async () => {
    const limited = await createLimitedMember(t);
    const input = () => ({ name: 'Limited Club', urlSlug: `limited-${Math.random().toString(36).slice(2, 8)}`, visibility: 'public', joinPolicy: 'open' });
    await setSettings(t, { [flagSettingKey('create_communities')]: 'false' });
    expect((await post(limited, '/api/communities', input())).statusCode).toBe(403);
    await setSettings(t, { [flagSettingKey('create_communities')]: 'true' });
    try {
      expect((await post(limited, '/api/communities', input())).statusCode).toBe(201);
      // The flag lets a pending applicant through the route; the service still refuses (not an approved member).
      const pending = await post(await applyAs(t), '/api/communities', input());
      expect(pending.statusCode).toBe(403);
      expect(pending.json().error.message).toBe(COMMUNITY_MESSAGES.approvedOnly);
      expect((await post(await createRejectedApplicant(t), '/api/communities', input())).statusCode).toBe(403);
      const gone = await createMember(t);
      await deactivate(t, gone.id);
      expect((await post(gone, '/api/communities', input())).statusCode).toBe(403);
      expect((await post(null, '/api/communities', input())).statusCode).toBe(401);
    } finally {
      await setSettings(t, { [flagSettingKey('create_communities')]: 'false' });
    }
  });
});

describe('GET /api/communities (public list)', () => {
  it('lists every community A-Z for anyone, with search (escaped) and city, keyset-paged without skips or repeats', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const names = ['Alpha', 'beta', 'Gamma', 'delta', 'Epsilon'].map((n) => `${tag} ${n}`);
    for (const [i, name] of names.entries()) await insertCommunity(t, { name, city: i % 2 ? 'tampa' : 'sarasota', visibility: i === 2 ? 'private' : 'public' });
    await insertCommunity(t, { name: `${tag}%_ literal` });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(null, `/api/communities?q=${tag}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      seen.push(...res.json().items.map((c: { name: string }) => c.name));
      cursor = res.json().nextCursor;
    } while (cursor);
    expect(seen).toEqual([...names, `${tag}%_ literal`].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const literal = await get(null, `/api/communities?q=${encodeURIComponent(`${tag}%_`)}`);
    expect(literal.json().items.map((c: { name: string }) => c.name)).toEqual([`${tag}%_ literal`]);
    const tampa = await get(null, `/api/communities?q=${tag}&city=tampa`);
    expect(tampa.json().items.map((c: { name: string }) => c.name)).toEqual([`${tag} beta`, `${tag} delta`]);
  });

  it('bad queries are 400 with field messages', async () => {
    expect((await get(null, '/api/communities?city=paris')).json().error.fields).toEqual({ city: COMMUNITY_MESSAGES.city });
    expect((await get(null, '/api/communities?cursor=bogus')).statusCode).toBe(400);
  });
});

describe('GET /api/communities/:id', () => {
  it('visitors and applicants see the About fields, no viewer and no creator; 404 unknown', async () => {
    const creator = await createMember(t);
    const c = await createCommunityVia(t, creator, { visibility: 'private' });
    for (const who of [null, await applyAs(t), await createRejectedApplicant(t)]) {
      const res = await get(who, `/api/communities/${c.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: c.id, name: c.name, viewer: null, creator: null });
    }
    expect((await get(null, `/api/communities/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await get(null, '/api/communities/not-a-uuid')).statusCode).toBe(400);
  });

  it('an approved non-member of a private community sees it listed but cannot read it', async () => {
    const creator = await createMember(t);
    const c = await createCommunityVia(t, creator, { visibility: 'private' });
    const res = await get(await createMember(t), `/api/communities/${c.id}`);
    expect(res.json().viewer).toEqual({ status: 'none', role: null, canRead: false, canPost: false, canModerate: false, canEdit: false });
    expect(res.json().creator).toBeNull();
  });
});

describe('joining and leaving', () => {
  it('open: join at once (idempotent), leave; the count follows', async () => {
    const creator = await createMember(t);
    const c = await createCommunityVia(t, creator);
    const m = await createLimitedMember(t);
    const first = await post(m, `/api/communities/${c.id}/join`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ communityId: c.id, status: 'active', role: 'member', memberCount: 2 });
    expect((await post(m, `/api/communities/${c.id}/join`)).json()).toEqual({ communityId: c.id, status: 'active', role: 'member', memberCount: 2 });
    const left = await post(m, `/api/communities/${c.id}/leave`);
    expect(left.json()).toEqual({ communityId: c.id, status: 'none', role: null, memberCount: 1 });
    expect(await memberCountOf(t, c.id)).toBe(1);
  });

  it('the creator cannot leave (409)', async () => {
    const creator = await createMember(t);
    const c = await createCommunityVia(t, creator);
    const res = await post(creator, `/api/communities/${c.id}/leave`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(COMMUNITY_MESSAGES.creatorCannotLeave);
  });

  it('applicants, deactivated members and visitors cannot join', async () => {
    const c = await createCommunityVia(t, await createMember(t));
    const gone = await createMember(t);
    await deactivate(t, gone.id);
    for (const who of [await applyAs(t), await createRejectedApplicant(t), gone]) expect((await post(who, `/api/communities/${c.id}/join`)).statusCode).toBe(403);
    expect((await post(null, `/api/communities/${c.id}/join`)).statusCode).toBe(401);
    expect((await post(await createMember(t), `/api/communities/${crypto.randomUUID()}/join`)).statusCode).toBe(404);
  });

  it('20 concurrent joins and then leaves keep member_count exact', async () => {
    const c = await createCommunityVia(t, await createMember(t));
    const joiners = await Promise.all(Array.from({ length: 20 }, () => createMember(t)));
    const joins = await Promise.all(joiners.flatMap((m) => [post(m, `/api/communities/${c.id}/join`), post(m, `/api/communities/${c.id}/join`)]));
    expect(joins.every((r) => r.statusCode === 200)).toBe(true);
    expect(await memberCountOf(t, c.id)).toBe(21);
    await Promise.all(joiners.slice(0, 10).flatMap((m) => [post(m, `/api/communities/${c.id}/leave`), post(m, `/api/communities/${c.id}/leave`)]));
    expect(await memberCountOf(t, c.id)).toBe(11);
    expect((await get(null, `/api/communities/${c.id}`)).json().memberCount).toBe(11);
  });
});

describe('requests by approval', () => {
  it('a request is pending, the staff are notified, approval makes a member and notifies them; decline is silent', async () => {
    const creator = await createMember(t);
    const moderator = await createMember(t);
    const c = await createCommunityVia(t, creator, { joinPolicy: 'request' });
    await addMember(t, c.id, moderator.id, 'moderator');
    const asker = await createMember(t);
    const asked = await post(asker, `/api/communities/${c.id}/join`);
    expect(asked.json()).toEqual({ communityId: c.id, status: 'pending', role: 'member', memberCount: 2 });
    for (const staff of [creator, moderator]) {
      const notes = (await get(staff, '/api/notifications')).json().items;
      expect(notes[0]).toMatchObject({ type: 'group_join', href: `/community/${c.id}?tab=members&status=pending` });
    }
    const pending = await get(moderator, `/api/communities/${c.id}/members?status=pending`);
    expect(pending.json().items.map((r: { member: { id: string } }) => r.member.id)).toEqual([asker.id]);
    // Members who are not staff do not see requests.
    expect((await get(asker, `/api/communities/${c.id}/members?status=pending`)).statusCode).toBe(403);

    const approved = await post(moderator, `/api/communities/${c.id}/requests/${asker.id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ member: { id: asker.id }, role: 'member', status: 'active' });
    expect(await memberCountOf(t, c.id)).toBe(3);
    expect((await get(asker, '/api/notifications')).json().items[0]).toMatchObject({ type: 'group_join', href: `/community/${c.id}` });
    expect((await post(moderator, `/api/communities/${c.id}/requests/${asker.id}/approve`)).statusCode).toBe(404);

    const other = await createMember(t);
    await post(other, `/api/communities/${c.id}/join`);
    const before = (await get(other, '/api/notifications')).json().items.length;
    expect((await post(creator, `/api/communities/${c.id}/requests/${other.id}/decline`)).statusCode).toBe(204);
    expect(await membershipOf(t, c.id, other.id)).toBeNull();
    expect((await get(other, '/api/notifications')).json().items.length).toBe(before);
    // A plain member cannot approve.
    const third = await createMember(t);
    await post(third, `/api/communities/${c.id}/join`);
    expect((await post(asker, `/api/communities/${c.id}/requests/${third.id}/approve`)).statusCode).toBe(403);
  });

  it('leaving withdraws a pending request', async () => {
    const c = await createCommunityVia(t, await createMember(t), { joinPolicy: 'request' });
    const m = await createMember(t);
    await post(m, `/api/communities/${c.id}/join`);
    expect((await post(m, `/api/communities/${c.id}/leave`)).json().status).toBe('none');
    expect(await membershipOf(t, c.id, m.id)).toBeNull();
  });
});

describe('moderation: remove, ban, unban, moderators', () => {
  it('a ban removes the member and refuses their joins until unbanned', async () => {
    const creator = await createMember(t);
    const c = await createCommunityVia(t, creator);
    const m = await createMember(t);
    await post(m, `/api/communities/${c.id}/join`);
    expect((await post(creator, `/api/communities/${c.id}/members/${m.id}/ban`)).statusCode).toBe(204);
    expect(await memberCountOf(t, c.id)).toBe(1);
    const again = await post(m, `/api/communities/${c.id}/join`);
    expect(again.statusCode).toBe(403);
    expect(again.json().error.message).toBe(COMMUNITY_MESSAGES.banned);
    // Leaving does not lift it.
    expect((await post(m, `/api/communities/${c.id}/leave`)).json().status).toBe('banned');
    const banned = await get(creator, `/api/communities/${c.id}/members?status=banned`);
    expect(banned.json().items.map((r: { member: { id: string } }) => r.member.id)).toEqual([m.id]);
    expect((await post(creator, `/api/communities/${c.id}/members/${m.id}/unban`)).statusCode).toBe(204);
    expect((await post(m, `/api/communities/${c.id}/join`)).json().status).toBe('active');
    expect(await memberCountOf(t, c.id)).toBe(2);
  });

  it('moderators remove members but not the creator or another moderator; the creator removes moderators', async () => {
    const creator = await createMember(t);
    const c = await createCommunityVia(t, creator);
    const [mod, mod2, m] = [await createMember(t), await createMember(t), await createMember(t)];
    for (const u of [mod, mod2, m]) await post(u, `/api/communities/${c.id}/join`);
    // Only the creator appoints.
    expect((await injectAs(t, mod, { method: 'PUT', url: `/api/communities/${c.id}/moderators/${mod2.id}` })).statusCode).toBe(403);
    const appointed = await injectAs(t, creator, { method: 'PUT', url: `/api/communities/${c.id}/moderators/${mod.id}` });
    expect(appointed.json()).toMatchObject({ member: { id: mod.id }, role: 'moderator', status: 'active' });
    await injectAs(t, creator, { method: 'PUT', url: `/api/communities/${c.id}/moderators/${mod2.id}` });
    const creatorTarget = await post(mod, `/api/communities/${c.id}/members/${creator.id}/remove`);
    expect(creatorTarget.statusCode).toBe(403);
    expect(creatorTarget.json().error.message).toBe(COMMUNITY_MESSAGES.cannotModerateCreator);
    const modTarget = await post(mod, `/api/communities/${c.id}/members/${mod2.id}/ban`);
    expect(modTarget.json().error.message).toBe(COMMUNITY_MESSAGES.moderatorOnlyByCreator);
    expect((await post(m, `/api/communities/${c.id}/members/${mod.id}/remove`)).statusCode).toBe(403);
    expect((await post(mod, `/api/communities/${c.id}/members/${m.id}/remove`)).statusCode).toBe(204);
    expect((await post(mod, `/api/communities/${c.id}/members/${m.id}/remove`)).statusCode).toBe(404);
    expect((await post(creator, `/api/communities/${c.id}/members/${mod2.id}/remove`)).statusCode).toBe(204);
    expect(await memberCountOf(t, c.id)).toBe(2);
    // Appointing needs an active member.
    const outsider = await createMember(t);
    const notMember = await injectAs(t, creator, { method: 'PUT', url: `/api/communities/${c.id}/moderators/${outsider.id}` });
    expect(notMember.statusCode).toBe(409);
    expect(notMember.json().error.message).toBe(COMMUNITY_MESSAGES.mustBeMember);
    expect((await injectAs(t, creator, { method: 'DELETE', url: `/api/communities/${c.id}/moderators/${mod.id}` })).statusCode).toBe(204);
    expect(await membershipOf(t, c.id, mod.id)).toEqual({ role: 'member', status: 'active' });
  });

  it('admins moderate and edit any community', async () => {
    const c = await createCommunityVia(t, await createMember(t));
    const m = await createMember(t);
    await post(m, `/api/communities/${c.id}/join`);
    const admin = await createAdmin(t);
    expect((await post(admin, `/api/communities/${c.id}/members/${m.id}/ban`)).statusCode).toBe(204);
    expect((await patch(admin, `/api/communities/${c.id}`, { name: 'Renamed by admin' })).json().name).toBe('Renamed by admin');
  });
});

describe('PATCH /api/communities/:id', () => {
  it('the creator edits; members, moderators and strangers cannot; a private community is 404 to outsiders', async () => {
    const creator = await createMember(t);
    const c = await createCommunityVia(t, creator, { visibility: 'private' });
    const mod = await createMember(t);
    await addMember(t, c.id, mod.id, 'moderator');
    const res = await patch(creator, `/api/communities/${c.id}`, { description: 'New words', visibility: 'public', city: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ description: 'New words', visibility: 'public', city: null });
    expect((await patch(mod, `/api/communities/${c.id}`, { name: 'Nope nope' })).statusCode).toBe(403);
    const p = await createCommunityVia(t, creator, { visibility: 'private' });
    expect((await patch(await createMember(t), `/api/communities/${p.id}`, { name: 'Nope nope' })).statusCode).toBe(404);
  });
});

describe('GET /api/communities/mine and /discover', () => {
  it('mine: active and pending, not banned', async () => {
    const m = await createMember(t);
    const open = await createCommunityVia(t, await createMember(t));
    const byRequest = await createCommunityVia(t, await createMember(t), { joinPolicy: 'request' });
    const banning = await insertCommunity(t, {});
    await post(m, `/api/communities/${open.id}/join`);
    await post(m, `/api/communities/${byRequest.id}/join`);
    await addMember(t, banning, m.id, 'member', 'banned');
    const items = (await get(m, '/api/communities/mine')).json().items as Array<{ community: { id: string }; status: string }>;
    expect(items.map((i) => [i.community.id, i.status]).sort()).toEqual([[open.id, 'active'], [byRequest.id, 'pending']].sort());
    expect((await get(await applyAs(t), '/api/communities/mine')).statusCode).toBe(403);
  });

  it('discover: shared topics, then the same city, then size; never joined, pending or banned; at most 12', async () => {
    const viewer = await applyAs(t, { interests: ['Hiking', 'Yoga'], city: 'lakeland' });
    await t.ctx.database.db.execute(
      (await import('drizzle-orm')).sql`update profiles set account_type = 'full_platform', application_status = 'approved' where id = ${viewer.id}::uuid`,
    );
    const both = await insertCommunity(t, { interests: ['Hiking', 'Yoga'] });
    const one = await insertCommunity(t, { interests: ['Yoga'] });
    const city = await insertCommunity(t, { city: 'lakeland' });
    const joined = await insertCommunity(t, { interests: ['Hiking', 'Yoga'], city: 'lakeland' });
    const pending = await insertCommunity(t, { interests: ['Hiking', 'Yoga'], city: 'lakeland' });
    const banned = await insertCommunity(t, { interests: ['Hiking', 'Yoga'], city: 'lakeland' });
    await addMember(t, joined, viewer.id);
    await addMember(t, pending, viewer.id, 'member', 'pending');
    await addMember(t, banned, viewer.id, 'member', 'banned');
    const items = (await get(viewer, '/api/communities/discover')).json().items as Array<{ id: string }>;
    expect(items.length).toBeLessThanOrEqual(12);
    expect(items.slice(0, 3).map((i) => i.id)).toEqual([both, one, city]);
    expect(items.map((i) => i.id)).not.toContain(joined);
    expect(items.map((i) => i.id)).not.toContain(pending);
    expect(items.map((i) => i.id)).not.toContain(banned);
    expect((await get(viewer, '/api/communities/discover?limit=13')).statusCode).toBe(400);
  });
});

describe('every community route refuses who it must', () => {
  it('anonymous 401; pending and rejected applicants and deactivated members 403 (visitors’ reads excepted)', async () => {
    const creator = await createMember(t);
    const c = await createCommunityVia(t, creator, { joinPolicy: 'request' });
    const other = await createMember(t);
    await addMember(t, c.id, other.id, 'member', 'pending');
    const gone = await createMember(t);
    await deactivate(t, gone.id);
    const routes: Array<[string, string]> = [
      ['GET', '/api/communities/mine'],
      ['GET', '/api/communities/discover'],
      ['GET', '/api/communities/slug-availability?slug=abc'],
      ['POST', '/api/communities'],
      ['PATCH', `/api/communities/${c.id}`],
      ['DELETE', `/api/communities/${c.id}`],
      ['POST', `/api/communities/${c.id}/cover`],
      ['POST', `/api/communities/${c.id}/avatar`],
      ['POST', `/api/communities/${c.id}/join`],
      ['POST', `/api/communities/${c.id}/leave`],
      ['GET', `/api/communities/${c.id}/members`],
      ['POST', `/api/communities/${c.id}/requests/${other.id}/approve`],
      ['POST', `/api/communities/${c.id}/requests/${other.id}/decline`],
      ['POST', `/api/communities/${c.id}/members/${other.id}/remove`],
      ['POST', `/api/communities/${c.id}/members/${other.id}/ban`],
      ['POST', `/api/communities/${c.id}/members/${other.id}/unban`],
      ['PUT', `/api/communities/${c.id}/moderators/${other.id}`],
      ['DELETE', `/api/communities/${c.id}/moderators/${other.id}`],
    ];
    const denied = [await applyAs(t), await createRejectedApplicant(t), gone];
    for (const [method, url] of routes) {
      const payload = method === 'GET' ? {} : { payload: {} };
      expect((await injectAs(t, null, { method: method as 'GET', url, ...payload })).statusCode, `${method} ${url}`).toBe(401);
      for (const who of denied) expect((await injectAs(t, who, { method: method as 'GET', url, ...payload })).statusCode, `${method} ${url}`).toBe(403);
    }
    // Nothing changed: the request is still pending, the community still there.
    expect(await membershipOf(t, c.id, other.id)).toEqual({ role: 'member', status: 'pending' });
    for (const who of [null, ...denied]) expect((await get(who, `/api/communities/${c.id}`)).statusCode).toBe(200);
    expect((await get(null, '/api/communities')).statusCode).toBe(200);
  });

  it('a plain member (not staff) is refused moderation and editing; a second join request notifies no one again', async () => {
    const creator = await createMember(t);
    const c = await createCommunityVia(t, creator, { joinPolicy: 'request' });
    const plain = await createMember(t);
    await addMember(t, c.id, plain.id);
    const asker = await createMember(t);
    await post(asker, `/api/communities/${c.id}/join`);
    const notes = (await get(creator, '/api/notifications')).json().items.length;
    expect((await post(asker, `/api/communities/${c.id}/join`)).json().status).toBe('pending');
    expect((await get(creator, '/api/notifications')).json().items.length).toBe(notes);
    for (const url of [`requests/${asker.id}/approve`, `requests/${asker.id}/decline`, `members/${asker.id}/ban`, `members/${creator.id}/remove`]) {
      expect((await post(plain, `/api/communities/${c.id}/${url}`)).statusCode, url).toBe(403);
    }
    expect((await injectAs(t, plain, { method: 'PUT', url: `/api/communities/${c.id}/moderators/${plain.id}` })).statusCode).toBe(403);
    expect((await injectAs(t, plain, { method: 'DELETE', url: `/api/communities/${c.id}` })).statusCode).toBe(403);
    expect((await patch(plain, `/api/communities/${c.id}`, { name: 'Taken over' })).statusCode).toBe(403);
    expect(await membershipOf(t, c.id, asker.id)).toEqual({ role: 'member', status: 'pending' });
  });
});
