import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { applicationInput, buildTestApp, cookieFrom, createAdmin, injectAs, signIn } from '../../test/helpers.js';
import { accounts, membershipApplications, profiles, users } from '../../db/schema/index.js';
import { loadConfig } from '../../config.js';
import type { TestApp } from '../../test/helpers.js';

const t = await buildTestApp();
const db = t.ctx.database.db;

/** Merge set-cookie values into a cookie jar (later values win; Max-Age=0 removes). */
function jar(prev: string, res: { headers: Record<string, unknown> }): string {
  const map = new Map(prev ? prev.split('; ').map((c) => c.split('=') as [string, string]).map(([k, ...v]) => [k, v.join('=')]) : []);
  const raw = res.headers['set-cookie'];
  for (const c of Array.isArray(raw) ? raw : raw ? [raw as string] : []) {
    const [pair] = (c as string).split(';');
    const i = pair!.indexOf('=');
    const [k, v] = [pair!.slice(0, i), pair!.slice(i + 1)];
    if (/Max-Age=0/i.test(c as string) || v === '') map.delete(k);
    else map.set(k, v);
  }
  return [...map].map(([k, v]) => `${k}=${v}`).join('; ');
}

const path = (url: string) => {
  const u = new URL(url, 'http://localhost:3000');
  return u.pathname + u.search;
};

/** start -> the double's authorize page (Allow with a name and email, or Cancel) -> the LinkedIn redirect back. */
async function toCallback(app: TestApp, person: { name: string; email: string }, opts: { intent?: 'apply' | 'signin'; cancel?: boolean; cookies?: string } = {}) {
  const start = await app.app.inject({ method: 'GET', url: `/api/linkedin/start?intent=${opts.intent ?? 'apply'}`, headers: opts.cookies ? { cookie: opts.cookies } : {} });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(start.headers.location as string);
  expect(authorize.pathname).toBe('/linkedin-local/oauth/v2/authorization');
  expect(authorize.searchParams.get('scope')).toBe('openid profile email');
  const page = await app.app.inject({ method: 'GET', url: path(authorize.toString()) });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('Allow');
  const form = new URLSearchParams(Object.fromEntries(authorize.searchParams));
  form.set('name', person.name);
  form.set('email', person.email);
  form.set('action', opts.cancel ? 'cancel' : 'allow');
  const allowed = await app.app.inject({
    method: 'POST',
    url: authorize.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  expect(allowed.statusCode).toBe(303);
  return { callbackUrl: path(allowed.headers.location as string), cookies: jar(opts.cookies ?? '', start) };
}

async function roundTrip(person: { name: string; email: string }, opts: { intent?: 'apply' | 'signin' } = {}) {
  const { callbackUrl, cookies } = await toCallback(t, person, opts);
  const cb = await t.app.inject({ method: 'GET', url: callbackUrl, headers: { cookie: cookies } });
  return { cb, cookies: jar(cookies, cb), callbackUrl };
}

const person = (tag: string) => ({ name: `Lin Kedin ${tag}`, email: `lin-${tag}-${Date.now().toString(36)}@example.com` });

describe('LinkedIn round-trip through the local double', () => {
  it('fills the Apply prefill with the verified name, email and picture', async () => {
    const p = person('prefill');
    const { cb, cookies } = await roundTrip(p);
    expect(cb.statusCode).toBe(302);
    expect(cb.headers.location).toBe('/linkedin-register?linkedin=ready');
    const prefill = await t.app.inject({ method: 'GET', url: '/api/linkedin/prefill', headers: { cookie: cookies } });
    expect(prefill.json()).toEqual({
      prefill: { name: p.name, email: p.email, emailVerified: true, pictureUrl: expect.stringMatching(/^http:\/\/localhost:3000\/linkedin-local\/picture\//) },
    });
    // Nothing was created by the round-trip itself.
    expect(await db.select().from(users).where(eq(users.email, p.email))).toHaveLength(0);
    // "Not you?" forgets it.
    const cleared = await t.app.inject({ method: 'DELETE', url: '/api/linkedin/prefill', headers: { cookie: cookies } });
    expect(cleared.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/linkedin/prefill', headers: { cookie: jar(cookies, cleared) } })).json()).toEqual({ prefill: null });
  });

  it('without a LinkedIn identity, the prefill is empty', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/linkedin/prefill' })).json()).toEqual({ prefill: null });
    const forged = await t.app.inject({ method: 'GET', url: '/api/linkedin/prefill', headers: { cookie: 'bayclub_linkedin=eyJrIjoiaWRlbnRpdHkifQ.AAAAAAAAAAAAAAAAAAAAAA' } });
    expect(forged.json()).toEqual({ prefill: null });
  });

  it('refuses a forged state (and a callback without the state cookie) before trading the code', async () => {
    const { callbackUrl, cookies } = await toCallback(t, person('forged'));
    const forged = callbackUrl.replace(/state=[^&]+/, 'state=forged-state');
    const res = await t.app.inject({ method: 'GET', url: forged, headers: { cookie: cookies } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/linkedin-register?linkedin_error=state');
    expect(String(res.headers['set-cookie'])).not.toMatch(/bayclub_linkedin=[^;]/);
    const noCookie = await t.app.inject({ method: 'GET', url: callbackUrl });
    expect(noCookie.headers.location).toBe('/linkedin-register?linkedin_error=state');
    // The code was not spent by the refused callbacks: the real one still works.
    const ok = await t.app.inject({ method: 'GET', url: callbackUrl, headers: { cookie: cookies } });
    expect(ok.headers.location).toBe('/linkedin-register?linkedin=ready');
  });

  it('refuses a replayed code (LinkedIn refuses a code twice; the state cookie is cleared after use)', async () => {
    const { callbackUrl, cookies } = await toCallback(t, person('replay'));
    const first = await t.app.inject({ method: 'GET', url: callbackUrl, headers: { cookie: cookies } });
    expect(first.headers.location).toBe('/linkedin-register?linkedin=ready');
    expect(String(first.headers['set-cookie'])).toMatch(/bayclub_linkedin_state=; /);
    // The same callback with a copy of the old cookies (a replay): the code is refused, nothing is prefilled.
    const again = await t.app.inject({ method: 'GET', url: callbackUrl, headers: { cookie: cookies } });
    expect(again.headers.location).toBe('/linkedin-register?linkedin_error=failed');
    expect(String(again.headers['set-cookie'])).not.toMatch(/bayclub_linkedin=[^;]/);
    // With a fresh, valid state, the old code is refused by the token endpoint.
    const start = await t.app.inject({ method: 'GET', url: '/api/linkedin/start' });
    const state = new URL(start.headers.location as string).searchParams.get('state')!;
    const code = new URL(callbackUrl, 'http://x').searchParams.get('code')!;
    const replay = await t.app.inject({ method: 'GET', url: `/api/linkedin/callback?code=${code}&state=${state}`, headers: { cookie: cookieFrom(start) } });
    expect(replay.headers.location).toBe('/linkedin-register?linkedin_error=failed');
  });

  it('Cancel on LinkedIn comes back as user_cancelled_authorize and says so', async () => {
    const { callbackUrl, cookies } = await toCallback(t, person('cancel'), { cancel: true });
    expect(callbackUrl).toContain('error=user_cancelled_authorize');
    const res = await t.app.inject({ method: 'GET', url: callbackUrl, headers: { cookie: cookies } });
    expect(res.headers.location).toBe('/linkedin-register?linkedin_error=cancelled');
  });

  it('the double refuses a wrong secret, a wrong redirect_uri, an unknown code and a bad token', async () => {
    const token = (body: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/linkedin-local/oauth/v2/accessToken',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ grant_type: 'authorization_code', client_id: 'bayclub-local-linkedin', client_secret: 'linkedin-local-secret', redirect_uri: 'http://localhost:3000/api/linkedin/callback', ...body }).toString(),
      });
    const { callbackUrl } = await toCallback(t, person('double'));
    const code = new URL(callbackUrl, 'http://x').searchParams.get('code')!;
    expect((await token({ code, client_secret: 'wrong' })).statusCode).toBe(401);
    expect((await token({ code, redirect_uri: 'http://evil.example/cb' })).json().error).toBe('invalid_request');
    expect((await token({ code: 'unknown' })).json().error).toBe('invalid_request');
    const ok = await token({ code });
    expect(ok.statusCode).toBe(200);
    expect((await token({ code })).statusCode).toBe(400);
    // The replay revoked the token it had given.
    const info = await t.app.inject({ method: 'GET', url: '/linkedin-local/v2/userinfo', headers: { authorization: `Bearer ${ok.json().access_token}` } });
    expect(info.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/linkedin-local/v2/userinfo', headers: { authorization: 'Bearer nope' } })).statusCode).toBe(401);
    // An authorize request with an unregistered redirect_uri gets LinkedIn's error page, not a redirect.
    const bad = await t.app.inject({ method: 'GET', url: '/linkedin-local/oauth/v2/authorization?response_type=code&client_id=bayclub-local-linkedin&redirect_uri=http://evil.example/cb&state=s&scope=openid' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('applying with LinkedIn', () => {
  async function applyWithLinkedin(p: { name: string; email: string }, overrides: Record<string, unknown> = {}) {
    const { cookies } = await roundTrip(p);
    const input = { ...applicationInput(), name: p.name, email: p.email, ...overrides };
    const res = await t.app.inject({ method: 'POST', url: '/api/applications', payload: input, headers: { cookie: cookies } });
    return { res, input, cookies: jar(cookies, res) };
  }

  it('creates a pending application with the LinkedIn account linked, and signs the applicant in', async () => {
    const p = person('apply');
    const { res, cookies, input } = await applyWithLinkedin(p);
    expect(res.statusCode).toBe(201);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookies } });
    expect(me.json().profile).toMatchObject({ applicationStatus: 'pending', accountType: 'community_only', fullName: p.name });
    const [user] = await db.select().from(users).where(eq(users.email, p.email));
    const linked = await db.select().from(accounts).where(and(eq(accounts.userId, user!.id), eq(accounts.providerId, 'linkedin')));
    expect(linked).toHaveLength(1);
    expect(linked[0]!.accessToken).toBeNull();
    const [application] = await db.select().from(membershipApplications).where(eq(membershipApplications.createdUserId, user!.id));
    expect(application).toMatchObject({ status: 'pending', profilePictureUrl: expect.stringContaining('/linkedin-local/picture/') });
    // The identity cookie is spent: the prefill is empty again.
    expect((await t.app.inject({ method: 'GET', url: '/api/linkedin/prefill', headers: { cookie: cookies } })).json()).toEqual({ prefill: null });
    // The password set on the form works too.
    await signIn(t, input.email, input.password);
  });

  it('holds the application to the email LinkedIn verified', async () => {
    const p = person('mismatch');
    const { res } = await applyWithLinkedin(p, { email: `other-${p.email}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ email: 'Use the email address of your LinkedIn account' });
    expect(await db.select().from(users).where(eq(users.email, `other-${p.email}`))).toHaveLength(0);
  });

  it('an existing email: the round-trip looks the same, and the application gets the plain Apply answer, no second account', async () => {
    const existing = applicationInput();
    expect((await t.app.inject({ method: 'POST', url: '/api/applications', payload: existing })).statusCode).toBe(201);
    const fresh = await roundTrip(person('fresh'));
    const known = await roundTrip({ name: 'Someone', email: existing.email });
    expect(known.cb.headers.location).toBe(fresh.cb.headers.location);
    const before = (await db.select().from(users)).length;
    const viaLinkedin = await t.app.inject({ method: 'POST', url: '/api/applications', payload: { ...applicationInput(), email: existing.email }, headers: { cookie: known.cookies } });
    const plain = await t.app.inject({ method: 'POST', url: '/api/applications', payload: { ...applicationInput(), email: existing.email } });
    expect(viaLinkedin.statusCode).toBe(plain.statusCode);
    expect(viaLinkedin.json()).toEqual(plain.json());
    expect((await db.select().from(users)).length).toBe(before);
    const [owner] = await db.select().from(users).where(eq(users.email, existing.email));
    expect(await db.select().from(accounts).where(and(eq(accounts.userId, owner!.id), eq(accounts.providerId, 'linkedin')))).toHaveLength(0);
    // And LinkedIn sign-in with that email does not sign the existing member in (nothing is linked to it).
    const signin = await roundTrip({ name: 'Someone', email: existing.email }, { intent: 'signin' });
    expect(signin.cb.headers.location).toBe('/linkedin-register?linkedin=ready');
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: signin.cookies } })).statusCode).toBe(401);
  });

  it('a pending applicant signing in with LinkedIn lands in the pending flow; after approval they are a member', async () => {
    const p = person('signin');
    const { res } = await applyWithLinkedin(p);
    expect(res.statusCode).toBe(201);
    const pending = await roundTrip(p, { intent: 'signin' });
    expect(pending.cb.headers.location).toBe('/');
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: pending.cookies } });
    expect(me.statusCode).toBe(200);
    expect(me.json().profile.applicationStatus).toBe('pending');

    const admin = await createAdmin(t);
    const approved = await injectAs(t, admin, { method: 'POST', url: `/api/admin/applications/${res.json().applicationId}/approve`, payload: {} });
    expect(approved.statusCode).toBe(200);
    const after = await roundTrip(p, { intent: 'signin' });
    expect(after.cb.headers.location).toBe('/');
    const me2 = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: after.cookies } });
    expect(me2.json().profile).toMatchObject({ applicationStatus: 'approved', accountType: 'full_platform' });
  });

  it('an unknown LinkedIn account signing in creates no member: it is sent to Apply, prefilled', async () => {
    const p = person('unknown');
    const before = (await db.select().from(users)).length;
    const { cb, cookies } = await roundTrip(p, { intent: 'signin' });
    expect(cb.headers.location).toBe('/linkedin-register?linkedin=ready');
    expect((await db.select().from(users)).length).toBe(before);
    expect((await t.app.inject({ method: 'GET', url: '/api/linkedin/prefill', headers: { cookie: cookies } })).json().prefill.email).toBe(p.email);
  });

  it('a sign-in round-trip that fails goes back to the sign-in page with the reason', async () => {
    const { callbackUrl, cookies } = await toCallback(t, person('signin-cancel'), { intent: 'signin', cancel: true });
    const res = await t.app.inject({ method: 'GET', url: callbackUrl, headers: { cookie: cookies } });
    expect(res.headers.location).toBe('/login?linkedin_error=cancelled');
  });
});

describe('a suspended member', () => {
  it('signing in with LinkedIn gets no session and the reason on the sign-in page', async () => {
    const p = person('suspended');
    const { cookies } = await roundTrip(p);
    const applied = await t.app.inject({ method: 'POST', url: '/api/applications', payload: { ...applicationInput(), name: p.name, email: p.email }, headers: { cookie: cookies } });
    expect(applied.statusCode).toBe(201);
    const [user] = await db.select().from(users).where(eq(users.email, p.email));
    await db.update(profiles).set({ suspendedAt: new Date(), suspensionReason: 'test' }).where(eq(profiles.id, user!.id));
    const res = await roundTrip(p, { intent: 'signin' });
    expect(res.cb.headers.location).toBe('/login?linkedin_error=suspended');
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: res.cookies } })).statusCode).toBe(401);
  });
});

describe('real LinkedIn credentials', () => {
  it('are both or neither', () => {
    expect(() => loadConfig({ LINKEDIN_CLIENT_ID: 'only-the-id' })).toThrow(/LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET go together/);
  });

  it('point start at linkedin.com and do not mount the local double', async () => {
    const real = await buildTestApp({ LINKEDIN_CLIENT_ID: 'real-client-id', LINKEDIN_CLIENT_SECRET: 'real-client-secret' }, { database: t.ctx.database });
    try {
      const start = await real.app.inject({ method: 'GET', url: '/api/linkedin/start?intent=apply' });
      const url = new URL(start.headers.location as string);
      expect(url.origin + url.pathname).toBe('https://www.linkedin.com/oauth/v2/authorization');
      expect(url.searchParams.get('client_id')).toBe('real-client-id');
      expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/linkedin/callback');
      expect((await real.app.inject({ method: 'GET', url: '/linkedin-local/oauth/v2/authorization' })).statusCode).toBe(404);
      expect((await real.app.inject({ method: 'POST', url: '/linkedin-local/oauth/v2/accessToken', payload: {} })).statusCode).toBe(404);
    } finally {
      await real.close();
    }
  });
});
