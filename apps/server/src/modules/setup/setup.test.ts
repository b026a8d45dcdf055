import { describe, expect, it } from 'vitest';
import { eq, isNotNull } from 'drizzle-orm';
import { applyAs, buildTestApp, cookieFrom, isErrorBody } from '../../test/helpers.js';
import { createSetupToken } from './service.js';
import { setupTokens, userRoles, users } from '../../db/schema/index.js';

const t = await buildTestApp();
const db = t.ctx.database.db;

const status = async (app = t) => (await app.app.inject({ method: 'GET', url: '/api/setup/status' })).json();
const setup = (body: object, app = t) => app.app.inject({ method: 'POST', url: '/api/setup/admin', payload: body });
const adminInput = (token: string, over: object = {}) => ({
  token,
  name: 'First Admin',
  email: 'first-admin@example.com',
  username: 'FirstAdmin',
  password: 'admin-pass-1',
  ...over,
});

describe('first-admin setup (run in order: the database starts without an admin)', () => {
  it('status says setup is needed while no admin exists', async () => {
    expect(await status()).toEqual({ needsSetup: true });
  });

  it('bad input answers 400 and spends nothing', async () => {
    const token = await createSetupToken(db);
    for (const body of [{}, adminInput(''), adminInput(token, { password: '123' }), adminInput(token, { email: 'nope' }), adminInput(token, { username: '_x' })]) {
      const res = await setup(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(isErrorBody(res.json())).toBe(true);
    }
    const [row] = await db.select().from(setupTokens);
    expect(row!.usedAt).toBeNull();
  });

  it('a made-up token is refused with 403', async () => {
    const res = await setup(adminInput('made-up-token'));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'This setup link is invalid or was already used' } });
    expect(await status()).toEqual({ needsSetup: true });
  });

  it('an email that already has an account is refused (409) and the token stays usable', async () => {
    const applicant = await applyAs(t);
    const token = await createSetupToken(db);
    const res = await setup(adminInput(token, { email: applicant.email }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields).toEqual({ email: 'An account with this email already exists' });
    expect(await db.select().from(setupTokens).where(isNotNull(setupTokens.usedAt))).toEqual([]);
    expect(await status()).toEqual({ needsSetup: true });
  });

  let spent = '';
  it('a valid token creates a full_platform admin, signs them in, and setup is no longer needed', async () => {
    spent = await createSetupToken(db);
    const res = await setup(adminInput(spent));
    expect(res.statusCode).toBe(201);
    const cookie = cookieFrom(res);
    expect(cookie).toContain('session_token');
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      isAdmin: true,
      roles: ['admin'],
      user: { email: 'first-admin@example.com' },
      profile: { accountType: 'full_platform', applicationStatus: 'approved', username: 'firstadmin', fullName: 'First Admin' },
    });
    const admin = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { cookie } });
    expect(admin.statusCode).toBe(200);
    expect(await status()).toEqual({ needsSetup: false });
    // The token is stored only as a hash.
    const rows = await db.select().from(setupTokens);
    expect(rows.some((r) => r.tokenHash === spent)).toBe(false);
  });

  it('the same token again is refused with 403', async () => {
    const res = await setup(adminInput(spent, { email: 'second@example.com', username: 'second' }));
    expect(res.statusCode).toBe(403);
    expect((await db.select().from(users).where(eq(users.email, 'second@example.com'))).length).toBe(0);
  });

  it('a fresh token once an admin exists is refused with 409', async () => {
    const token = await createSetupToken(db);
    const res = await setup(adminInput(token, { email: 'third@example.com', username: 'third' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'CONFLICT', message: 'An admin account already exists. Sign in instead.' } });
    expect((await db.select().from(userRoles).where(eq(userRoles.role, 'admin'))).length).toBe(1);
  });
});

describe('two setup links used at the same moment', () => {
  it('exactly one admin is created', async () => {
    const fresh = await buildTestApp();
    const freshDb = fresh.ctx.database.db;
    const [a, b] = [await createSetupToken(freshDb), await createSetupToken(freshDb)];
    const results = await Promise.all([
      setup(adminInput(a, { email: 'a@example.com', username: 'admina' }), fresh),
      setup(adminInput(b, { email: 'b@example.com', username: 'adminb' }), fresh),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await freshDb.select().from(userRoles).where(eq(userRoles.role, 'admin'))).length).toBe(1);
    expect((await freshDb.select().from(users)).length).toBe(1);
    await fresh.close();
  });
});
