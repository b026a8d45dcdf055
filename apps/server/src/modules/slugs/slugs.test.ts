import { describe, expect, it } from 'vitest';
import { applyAs, buildTestApp, createCommunity, createLimitedMember, createMember, createRejectedApplicant, deactivate, injectAs } from '../../test/helpers.js';

const t = await buildTestApp();
const communityId = await createCommunity(t, { name: 'Tampa Runners', urlSlug: 'tampa-runners' });
const member = await createMember(t);
const target = await applyAs(t, { username: 'slugtarget' });
const hidden = await createMember(t);
await deactivate(t, hidden.id);
const hiddenUsername = (await injectAs(t, hidden, { method: 'GET', url: '/api/me' })).json().profile.username as string;

const slug = (user: { cookie: string } | null, s: string) => injectAs(t, user, { method: 'GET', url: `/api/slugs/${encodeURIComponent(s)}` });
const NOT_FOUND = { error: { code: 'NOT_FOUND', message: 'Nothing is here under that name' } };

describe('GET /api/slugs/:slug', () => {
  it('anyone resolves a community by its slug (any case) or id', async () => {
    const expected = { kind: 'community', id: communityId, name: 'Tampa Runners', urlSlug: 'tampa-runners' };
    for (const s of ['tampa-runners', 'Tampa-Runners', communityId]) {
      const res = await slug(null, s);
      expect(res.statusCode, s).toBe(200);
      expect(res.json()).toEqual(expected);
    }
    expect((await slug(member, 'tampa-runners')).json()).toEqual(expected);
  });

  it('anonymous visitors cannot resolve usernames or profile ids: 404, same as unknown', async () => {
    const unknown = await slug(null, 'no-such-thing');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(NOT_FOUND);
    for (const s of ['slugtarget', target.id]) {
      const res = await slug(null, s);
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(unknown.body);
    }
  });

  it('members resolve a username (any case) or profile id to the user', async () => {
    for (const s of ['slugtarget', 'SlugTarget', target.id]) {
      const res = await slug(member, s);
      expect(res.statusCode, s).toBe(200);
      expect(res.json()).toEqual({ kind: 'user', id: target.id, username: 'slugtarget' });
    }
    // An approved community member resolves others too.
    expect((await slug(await createLimitedMember(t), 'slugtarget')).json()).toEqual({ kind: 'user', id: target.id, username: 'slugtarget' });
    // A pending applicant resolves themselves.
    expect((await slug(target, 'slugtarget')).json().kind).toBe('user');
  });

  it('applicants (pending, rejected) resolve no other member: 404, same as unknown (decision 009); communities still resolve', async () => {
    const memberName = (await injectAs(t, member, { method: 'GET', url: '/api/me' })).json().profile.username as string;
    for (const applicant of [target, await createRejectedApplicant(t)]) {
      for (const s of [memberName, member.id]) {
        const res = await slug(applicant, s);
        expect(res.statusCode, s).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
      }
      expect((await slug(applicant, 'tampa-runners')).json().kind).toBe('community');
    }
  });

  it('a deactivated profile is hidden (404) by username and by id', async () => {
    for (const s of [hiddenUsername, hidden.id]) {
      const res = await slug(member, s);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
  });

  it('a deactivated viewer cannot resolve users either', async () => {
    expect((await slug(hidden, 'slugtarget')).statusCode).toBe(404);
  });

  it('unknown slugs answer 404 for members too', async () => {
    for (const s of ['no-such-thing', '6f1c3e2a-8d4b-4c1e-9f2a-1b2c3d4e5f60', 'a'.repeat(200)]) {
      const res = await slug(member, s);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
  });

  it('odd slugs never break it', async () => {
    for (const s of ["' OR 1=1 --", '%', '😀', '..', '\u0000x']) {
      const res = await slug(member, s);
      expect([400, 404]).toContain(res.statusCode);
    }
  });
});
