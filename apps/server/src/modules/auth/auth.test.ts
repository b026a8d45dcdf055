import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { applyAs, buildTestApp, cookieFrom, createMember, injectAs, isErrorBody, mailTo, signIn, TEST_ORIGIN } from '../../test/helpers.js';
import { sessions } from '../../db/schema/index.js';

const t = await buildTestApp();
/** A second server configured for production-like origins. */
const other = await buildTestApp({ PUBLIC_URL: 'https://club.example', TRUSTED_ORIGINS: 'https://app.example, https://admin.example/' });
const db = t.ctx.database.db;

const signInRaw = (email: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, headers });
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
const sessionCount = async (userId: string) => (await db.select().from(sessions).where(eq(sessions.userId, userId))).length;

describe('sign-in', () => {
  it('signs in with the right password: 200, the user, an httpOnly SameSite=Lax session cookie', async () => {
    const u = await applyAs(t);
    const res = await signInRaw(u.email, u.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: u.id, email: u.email });
    expect(JSON.stringify(res.json())).not.toMatch(/password|hash/i);
    // The session token lives only in the httpOnly cookie, never in a body scripts can read.
    expect(res.json()).not.toHaveProperty('token');
    const raw = [res.headers['set-cookie']].flat().join('\n');
    expect(raw).toMatch(/session_token=[^;]+;/);
    expect(raw).toMatch(/HttpOnly/);
    expect(raw).toMatch(/SameSite=Lax/);
    expect(raw).not.toMatch(/Secure/); // plain http in tests; see the https case below
    expect((await me(cookieFrom(res))).statusCode).toBe(200);
  });

  it('get-session never hands the session token to scripts', async () => {
    const u = await applyAs(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: u.cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user.id).toBe(u.id);
    expect(body.session).not.toHaveProperty('token');
    expect(res.body).not.toContain(decodeURIComponent(u.cookie.split('=')[1]!.split('.')[0]!));
    const anon = await t.app.inject({ method: 'GET', url: '/api/auth/get-session' });
    expect(anon.statusCode).toBe(200);
    expect(anon.json()).toBeNull();
  });

  it('ignores the case of the email', async () => {
    const u = await applyAs(t);
    expect((await signInRaw(u.email.toUpperCase(), u.password)).statusCode).toBe(200);
  });

  it('refuses a wrong password with 401 and no cookie', async () => {
    const u = await applyAs(t);
    const res = await signInRaw(u.email, 'wrong-password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' } });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers an unknown email exactly like a wrong password (no enumeration)', async () => {
    const u = await applyAs(t);
    const wrong = await signInRaw(u.email, 'wrong-password');
    const unknown = await signInRaw(`nobody-${u.email}`, 'wrong-password');
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.headers['set-cookie']).toEqual(wrong.headers['set-cookie']);
  });

  it('refuses malformed sign-in input without a 5xx', async () => {
    for (const payload of [{}, { email: 'x' }, { email: 'a@b.co' }, { email: 1, password: 2 }, { email: 'a@b.co', password: '' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(isErrorBody(res.json())).toBe(true);
    }
  });

  it('offers no self sign-up: accounts come only from an application', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'self-signup@example.com', password: 'secret123', name: 'Self' },
    });
    expect(res.statusCode).toBe(404);
    expect(isErrorBody(res.json())).toBe(true);
    expect((await signInRaw('self-signup@example.com', 'secret123')).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  const request = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email, redirectTo: '/reset-password' } });

  it('answers the same for known and unknown emails; only the known one gets a mail with a reset link', async () => {
    const u = await applyAs(t);
    const before = t.mails.length;
    const known = await request(u.email);
    const unknown = await request(`nobody-${u.email}`);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    const mail = await mailTo(t, u.email, before);
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9%_-]+/);
    expect(mail.subject).toContain('Bay Club');
    await t.ctx.mail.drainDue();
    expect(t.mails.slice(before)).toEqual([mail]);
  });

  it('the token from the mail resets the password once and revokes every session', async () => {
    const u = await applyAs(t);
    const other = await signIn(t, u.email, u.password);
    const before = t.mails.length;
    await request(u.email);
    const mail = await mailTo(t, u.email, before);
    const token = decodeURIComponent(/reset-password\?token=([^\s]+)/.exec(mail.text)![1]!);

    const res = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { newPassword: 'brand-new-1', token } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true });

    expect((await me(u.cookie)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    expect(await sessionCount(u.id)).toBe(0);
    expect((await signInRaw(u.email, u.password)).statusCode).toBe(401);
    expect((await signInRaw(u.email, 'brand-new-1')).statusCode).toBe(200);

    const again = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { newPassword: 'brand-new-2', token } });
    expect(again.statusCode).toBe(400);
    expect(isErrorBody(again.json())).toBe(true);
  });

  it('refuses a made-up token and a short password', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { newPassword: 'brand-new-1', token: 'made-up' } });
    expect(bad.statusCode).toBe(400);
    expect(isErrorBody(bad.json())).toBe(true);
    const u = await applyAs(t);
    const before = t.mails.length;
    await request(u.email);
    const token = decodeURIComponent(/token=([^\s]+)/.exec((await mailTo(t, u.email, before)).text)![1]!);
    const short = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { newPassword: '12345', token } });
    expect(short.statusCode).toBe(400);
    expect((await signInRaw(u.email, u.password)).statusCode).toBe(200);
  });
});

describe('change password', () => {
  const change = (cookie: string, body: object) =>
    t.app.inject({ method: 'POST', url: '/api/account/change-password', payload: body, headers: { cookie } });

  it('refuses a wrong current password with fields.currentPassword', async () => {
    const u = await applyAs(t);
    const res = await change(u.cookie, { currentPassword: 'not-it', newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'Current password is incorrect', fields: { currentPassword: 'Current password is incorrect' } },
    });
    expect((await signInRaw(u.email, u.password)).statusCode).toBe(200);
  });

  it("refuses a mismatch with \"New passwords don't match\" on confirmPassword", async () => {
    const u = await applyAs(t);
    const res = await change(u.cookie, { currentPassword: u.password, newPassword: 'brand-new-1', confirmPassword: 'brand-new-2' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ confirmPassword: "New passwords don't match" });
    expect((await signInRaw(u.email, u.password)).statusCode).toBe(200);
  });

  it("refuses a short new password with the spec's message", async () => {
    const u = await applyAs(t);
    const res = await change(u.cookie, { currentPassword: u.password, newPassword: '12345', confirmPassword: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.newPassword).toBe('Password must be at least 6 characters long');
  });

  it('changes the password and revokes the other sessions', async () => {
    const u = await applyAs(t);
    const other = await signIn(t, u.email, u.password);
    expect((await me(other)).statusCode).toBe(200);
    const res = await change(u.cookie, { currentPassword: u.password, newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' });
    expect(res.statusCode).toBe(200);
    expect(JSON.stringify(res.json())).not.toMatch(/"password"|hash/i);
    expect((await me(other)).statusCode).toBe(401);
    // This browser carries on with the session the answer set.
    const current = cookieFrom(res) || u.cookie;
    expect((await me(current)).statusCode).toBe(200);
    expect(await sessionCount(u.id)).toBe(1);
    expect((await signInRaw(u.email, u.password)).statusCode).toBe(401);
    expect((await signInRaw(u.email, 'brand-new-1')).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/change-password',
      payload: { currentPassword: 'x', newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('global sign-out', () => {
  it('POST /api/session/sign-out ends every session of the member and clears the cookie', async () => {
    const u = await applyAs(t);
    const a = await signIn(t, u.email, u.password);
    const b = await signIn(t, u.email, u.password);
    expect(await sessionCount(u.id)).toBe(3);
    const res = await t.app.inject({ method: 'POST', url: '/api/session/sign-out', payload: {}, headers: { cookie: a } });
    expect(res.statusCode).toBe(200);
    expect([res.headers['set-cookie']].flat().join('\n')).toMatch(/session_token=;.*Max-Age=0/);
    for (const cookie of [a, b, u.cookie]) {
      const r = await me(cookie);
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'You need to sign in' } });
    }
    expect(await sessionCount(u.id)).toBe(0);
  });

  it("leaves other members' sessions alone", async () => {
    const u = await createMember(t);
    const bystander = await createMember(t);
    await t.app.inject({ method: 'POST', url: '/api/session/sign-out', payload: {}, headers: { cookie: u.cookie } });
    expect((await me(bystander.cookie)).statusCode).toBe(200);
  });

  it('is harmless without a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/session/sign-out', payload: {} });
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('Origin check on mutations', () => {
  it('refuses a POST from a foreign Origin with 403', async () => {
    const u = await applyAs(t);
    for (const origin of ['http://evil.example', 'null', 'http://localhost:3000.evil.example', 'https://localhost:3000', 'http://localhost:3001']) {
      for (const [url, payload] of [
        ['/api/analytics/pwa', { eventType: 'x' }],
        ['/api/auth/sign-in/email', { email: u.email, password: u.password }],
        ['/api/session/sign-out', {}],
        ['/api/account/change-password', { currentPassword: u.password, newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' }],
      ] as const) {
        const res = await injectAs(t, u, { method: 'POST', url, payload, headers: { origin } });
        expect(res.statusCode, `${origin} ${url}`).toBe(403);
        // The answer says where the app is and which setting admits another address (127.0.0.1, a phone on the LAN).
        expect(res.json()).toEqual({
          error: {
            code: 'FORBIDDEN',
            message: `This address is not allowed. Open the app at ${TEST_ORIGIN}, or add this address to TRUSTED_ORIGINS.`,
          },
        });
      }
    }
    // Nothing happened: still signed in with the old password.
    expect((await me(u.cookie)).statusCode).toBe(200);
    expect((await signInRaw(u.email, u.password)).statusCode).toBe(200);
  });

  it('allows the configured origin (with or without a trailing slash) and requests without Origin', async () => {
    const u = await applyAs(t);
    for (const headers of [{ origin: TEST_ORIGIN }, { origin: `${TEST_ORIGIN}/` }, {}] as Array<Record<string, string>>) {
      const pwa = await t.app.inject({ method: 'POST', url: '/api/analytics/pwa', payload: { eventType: 'x' }, headers });
      expect(pwa.statusCode, JSON.stringify(headers)).toBe(204);
      expect((await signInRaw(u.email, u.password, headers)).statusCode).toBe(200);
    }
  });

  it('does not block safe methods from a foreign Origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/public', headers: { origin: 'http://evil.example' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('behind https, with TRUSTED_ORIGINS', () => {
  it('marks the session cookie Secure (__Secure- prefix), httpOnly and SameSite=Lax', async () => {
    const u = await applyAs(other);
    const res = await other.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: u.email, password: u.password } });
    expect(res.statusCode).toBe(200);
    const raw = [res.headers['set-cookie']].flat().join('\n');
    expect(raw).toMatch(/__Secure-[^=]*session_token=/);
    expect(raw).toMatch(/; Secure/);
    expect(raw).toMatch(/HttpOnly/);
    expect(raw).toMatch(/SameSite=Lax/);
  });

  it('allows the public URL and the listed origins, and nothing else', async () => {
    for (const origin of ['https://club.example', 'https://app.example', 'https://admin.example']) {
      const res = await other.app.inject({ method: 'POST', url: '/api/analytics/pwa', payload: { eventType: 'x' }, headers: { origin } });
      expect(res.statusCode, origin).toBe(204);
    }
    for (const origin of ['http://club.example', TEST_ORIGIN, 'https://evil.example']) {
      const res = await other.app.inject({ method: 'POST', url: '/api/analytics/pwa', payload: { eventType: 'x' }, headers: { origin } });
      expect(res.statusCode, origin).toBe(403);
    }
  });
});

describe('better-auth endpoints the app does not use', () => {
  it.each([
    ['POST', '/api/auth/update-user', { name: 'Renamed' }],
    ['POST', '/api/auth/change-email', { newEmail: 'x@example.com' }],
    ['GET', '/api/auth/list-sessions', undefined],
    ['POST', '/api/auth/revoke-sessions', {}],
    ['POST', '/api/auth/sign-up/email', { email: 'x@example.com', password: 'secret123', name: 'X' }],
    ['POST', '/api/auth/delete-user', {}],
  ] as const)('%s %s is not exposed (404), even signed in', async (method, url, payload) => {
    const member = await createMember(t);
    const res = await injectAs(t, member, { method, url, ...(payload ? { payload } : {}) });
    expect(res.statusCode).toBe(404);
    expect(isErrorBody(res.json())).toBe(true);
    const me = await injectAs(t, member, { method: 'GET', url: '/api/me' });
    expect(me.json().profile.fullName).not.toBe('Renamed');
  });

  it('keeps the session token out of response bodies', async () => {
    const member = await createMember(t);
    const signInRes = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: member.email, password: member.password } });
    expect(signInRes.json()).not.toHaveProperty('token');
    const session = await injectAs(t, member, { method: 'GET', url: '/api/auth/get-session' });
    expect(session.statusCode).toBe(200);
    expect(session.json().session).not.toHaveProperty('token');
    expect(session.json().user.id).toBe(member.id);
  });
});
