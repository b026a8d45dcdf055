import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../config.js';
import { instagramLinkStates, profiles } from '../../db/schema/index.js';
import { applyAs, buildTestApp, createLimitedMember, createMember, deactivate, DENIED, injectAs, type TestUser } from '../../test/helpers.js';
import { localInstagramUserId } from './index.js';

const t = await buildTestApp();
const db = t.ctx.database.db;

const start = async (who: TestUser) => {
  const res = await injectAs(t, who, { method: 'POST', url: '/api/instagram/start', payload: {} });
  expect(res.statusCode).toBe(200);
  return new URL(res.json<{ authorizeUrl: string }>().authorizeUrl);
};

/** What the member does on the double's consent page: the callback URL Instagram sends the browser back to. */
async function authorize(authorizeUrl: URL, username: string, decision: 'allow' | 'cancel' = 'allow') {
  const form = new URLSearchParams(authorizeUrl.searchParams);
  form.set('username', username);
  form.set('decision', decision);
  const res = await t.app.inject({
    method: 'POST',
    url: authorizeUrl.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  expect(res.statusCode).toBe(303);
  return new URL(res.headers.location as string);
}

const callback = async (who: TestUser | null, back: URL) => {
  const res = await injectAs(t, who, { method: 'GET', url: back.pathname + back.search });
  return res;
};
const statusOf = (res: { statusCode: number; headers: Record<string, unknown> }) => {
  expect(res.statusCode).toBe(303);
  const location = new URL(res.headers.location as string, 'http://x');
  expect(location.pathname).toBe('/profile');
  expect(location.searchParams.get('instagram_callback')).toBe('true');
  return location.searchParams.get('status');
};

async function link(who: TestUser, username: string) {
  return statusOf(await callback(who, await authorize(await start(who), username)));
}

const row = async (id: string) => (await db.select().from(profiles).where(eq(profiles.id, id)))[0]!;
const me = async (who: TestUser) => (await injectAs(t, who, { method: 'GET', url: '/api/me' })).json().profile;

describe('linking Instagram through the local double', () => {
  it('links the caller: id, username and the flag stored, the handle shown as verified to them and to others', async () => {
    const ann = await createMember(t);
    const authorizeUrl = await start(ann);
    expect(authorizeUrl.pathname).toBe('/instagram-local/oauth/authorize');
    expect(authorizeUrl.searchParams.get('scope')).toBe('instagram_business_basic');
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/instagram/callback');
    const page = await t.app.inject({ method: 'GET', url: authorizeUrl.pathname + authorizeUrl.search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Allow');
    expect(statusOf(await callback(ann, await authorize(authorizeUrl, 'ann.studio')))).toBe('connected');
    expect(await row(ann.id)).toMatchObject({ instagramOauthConnected: true, instagramUserId: localInstagramUserId('ann.studio'), instagramUsername: 'ann.studio' });
    expect(await me(ann)).toMatchObject({ instagramUsername: 'ann.studio', instagramVerified: true });
    const bob = await createMember(t);
    const view = (await injectAs(t, bob, { method: 'GET', url: `/api/profiles/${ann.id}` })).json();
    expect(view).toMatchObject({ instagramUsername: 'ann.studio', instagramVerified: true });
    // No token kept anywhere, the state spent.
    expect(await db.select().from(instagramLinkStates).where(eq(instagramLinkStates.userId, ann.id))).toEqual([]);
  });

  it('a typed handle stays unverified, and a linked handle cannot be retyped through the profile form', async () => {
    const cy = await createMember(t);
    const profileBody = await me(cy);
    const typed = await injectAs(t, cy, { method: 'PUT', url: '/api/me/profile', payload: { fullName: profileBody.fullName, username: profileBody.username, instagramUsername: 'cy_typed' } });
    expect(typed.statusCode).toBe(200);
    expect(await me(cy)).toMatchObject({ instagramUsername: 'cy_typed', instagramVerified: false });
    expect(await link(cy, 'cy.pro')).toBe('connected');
    await injectAs(t, cy, { method: 'PUT', url: '/api/me/profile', payload: { fullName: profileBody.fullName, username: profileBody.username, instagramUsername: 'someone_else' } });
    expect(await me(cy)).toMatchObject({ instagramUsername: 'cy.pro', instagramVerified: true });
  });

  it('disconnect clears all three fields', async () => {
    const dee = await createMember(t);
    expect(await link(dee, 'dee.shop')).toBe('connected');
    const res = await injectAs(t, dee, { method: 'POST', url: '/api/instagram/disconnect', payload: {} });
    expect(res.statusCode).toBe(200);
    expect(await row(dee.id)).toMatchObject({ instagramOauthConnected: false, instagramUserId: null, instagramUsername: null });
    // The account is free again for someone else.
    const eve = await createMember(t);
    expect(await link(eve, 'dee.shop')).toBe('connected');
  });

  it('one Instagram account links to one member: a second member is refused', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    expect(await link(a, 'shared.account')).toBe('connected');
    expect(await link(b, 'shared.account')).toBe('taken');
    expect(await row(b.id)).toMatchObject({ instagramOauthConnected: false, instagramUserId: null });
    // Relinking the same account to the same member is fine.
    expect(await link(a, 'shared.account')).toBe('connected');
  });
});

describe('refusals', () => {
  it('a forged or missing state links nothing', async () => {
    const m = await createMember(t);
    const back = await authorize(await start(m), 'forged.one');
    back.searchParams.set('state', 'x'.repeat(43));
    expect(statusOf(await callback(m, back))).toBe('failed');
    back.searchParams.delete('state');
    expect(statusOf(await callback(m, back))).toBe('failed');
    expect((await row(m.id)).instagramOauthConnected).toBe(false);
  });

  it('a replayed return is refused (the state and the code are single use)', async () => {
    const m = await createMember(t);
    const back = await authorize(await start(m), 'replay.one');
    expect(statusOf(await callback(m, back))).toBe('connected');
    await injectAs(t, m, { method: 'POST', url: '/api/instagram/disconnect', payload: {} });
    expect(statusOf(await callback(m, back))).toBe('failed');
    // The same code with a fresh state of the member's: the double (as Instagram) refuses a used code.
    const fresh = await start(m);
    const replay = new URL(back);
    replay.searchParams.set('state', fresh.searchParams.get('state')!);
    expect(statusOf(await callback(m, replay))).toBe('failed');
    expect((await row(m.id)).instagramOauthConnected).toBe(false);
  });

  it('a return carried to another signed-in member is refused, and spends nothing of the starter', async () => {
    const victim = await createMember(t);
    const attacker = await createMember(t);
    const back = await authorize(await start(attacker), 'attacker.account');
    expect(statusOf(await callback(victim, back))).toBe('failed');
    expect((await row(victim.id)).instagramOauthConnected).toBe(false);
    expect(statusOf(await callback(attacker, back))).toBe('connected');
  });

  it('an expired state is refused', async () => {
    const m = await createMember(t);
    const back = await authorize(await start(m), 'late.one');
    await db.update(instagramLinkStates).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(instagramLinkStates.userId, m.id));
    expect(statusOf(await callback(m, back))).toBe('failed');
  });

  it('maps the double’s errors on demand to their outcomes', async () => {
    const m = await createMember(t);
    expect(statusOf(await callback(m, await authorize(await start(m), 'whoever', 'cancel')))).toBe('cancelled');
    expect(await link(m, 'personal_account')).toBe('not_professional');
    expect(await link(m, 'token_fails')).toBe('failed');
    expect(await link(m, 'me_fails')).toBe('failed');
    expect(await row(m.id)).toMatchObject({ instagramOauthConnected: false, instagramUserId: null });
  });

  it('the double’s token endpoint refuses a wrong secret, a wrong redirect_uri and an unknown code; me refuses a bad token', async () => {
    const m = await createMember(t);
    const code = (await authorize(await start(m), 'direct.one')).searchParams.get('code')!;
    const token = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/instagram-local/oauth/access_token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ client_id: '1000000000000001', grant_type: 'authorization_code', redirect_uri: 'http://localhost:3000/api/instagram/callback', code, ...fields }).toString(),
      });
    const wrongSecret = await token({ client_secret: 'nope' });
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json()).toMatchObject({ error_type: 'OAuthException' });
    expect((await token({ client_secret: 'nope', code: 'unknown' })).statusCode).toBe(400);
    const badToken = await t.app.inject({ method: 'GET', url: '/instagram-local/me?fields=user_id,username', headers: { authorization: 'Bearer nope' } });
    expect(badToken.statusCode).toBe(400);
    expect(badToken.json()).toMatchObject({ error: { type: 'OAuthException', code: 190 } });
  });
});

describe('who may link', () => {
  it('anonymous callers get 401', async () => {
    for (const [method, url] of [
      ['POST', '/api/instagram/start'],
      ['GET', '/api/instagram/callback?code=x&state=y'],
      ['POST', '/api/instagram/disconnect'],
    ] as const) {
      expect((await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined })).statusCode, url).toBe(401);
    }
  });

  it('a pending applicant and a limited member cannot link (full platform only); they may clear a link', async () => {
    for (const who of [await applyAs(t), await createLimitedMember(t)]) {
      const res = await injectAs(t, who, { method: 'POST', url: '/api/instagram/start', payload: {} });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(DENIED);
      expect((await injectAs(t, who, { method: 'GET', url: '/api/instagram/callback?code=x&state=y' })).statusCode).toBe(403);
      expect((await injectAs(t, who, { method: 'POST', url: '/api/instagram/disconnect', payload: {} })).statusCode).toBe(200);
    }
  });

  it('a deactivated member can neither link nor unlink', async () => {
    const m = await createMember(t);
    await deactivate(t, m.id);
    expect((await injectAs(t, m, { method: 'POST', url: '/api/instagram/start', payload: {} })).statusCode).toBe(403);
    expect((await injectAs(t, m, { method: 'POST', url: '/api/instagram/disconnect', payload: {} })).statusCode).toBe(403);
  });
});

describe('configuration', () => {
  it('needs the id and the secret together', () => {
    expect(() => loadConfig({ INSTAGRAM_CLIENT_ID: '123456789' })).toThrow(/go together/);
  });

  it('with real credentials the double is not served at all', async () => {
    const real = await buildTestApp({ INSTAGRAM_CLIENT_ID: '123456789012345', INSTAGRAM_CLIENT_SECRET: 'abcdef0123456789abcdef0123456789' });
    expect(real.services.instagram.mode).toBe('instagram');
    expect((await real.app.inject({ method: 'GET', url: '/instagram-local/oauth/authorize' })).statusCode).toBe(404);
    expect((await real.app.inject({ method: 'POST', url: '/instagram-local/oauth/access_token', payload: {} })).statusCode).toBe(404);
    const m = await createMember(real);
    const res = await injectAs(real, m, { method: 'POST', url: '/api/instagram/start', payload: {} });
    const url = new URL(res.json<{ authorizeUrl: string }>().authorizeUrl);
    expect(url.origin + url.pathname).toBe('https://www.instagram.com/oauth/authorize');
    expect(url.searchParams.get('client_id')).toBe('123456789012345');
  });
});
