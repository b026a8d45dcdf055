import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DELETE_DATA_MESSAGES } from '@bayclub/shared';
import { TEST_ORIGIN, buildTestApp, createAdmin, createMember, mailTo, type TestApp, type TestUser } from '../../test/helpers.js';
import { dataDeletionRequests, profiles, users } from '../../db/schema/index.js';
import { instagramAppSecret, signRequest } from './index.js';

const t = await buildTestApp();
const db = t.ctx.database.db;

const ask = (app: TestApp, email: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'POST', url: '/api/delete-data/requests', payload: { email }, headers: { origin: TEST_ORIGIN, ...headers } });
const confirm = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/delete-data/confirm', payload: { token }, headers: { origin: TEST_ORIGIN } });
const status = (code: string) => t.app.inject({ method: 'GET', url: `/api/delete-data/status/${code}` });
const signInRes = (who: TestUser) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: who.email, password: who.password }, headers: { origin: TEST_ORIGIN } });
const meta = (form: string) =>
  t.app.inject({ method: 'POST', url: '/api/delete-data/meta', payload: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });

/** The token in a confirmation mail's link. */
const tokenOf = (text: string) => decodeURIComponent(/\/delete-data\/confirm\?token=([^\s]+)/.exec(text)![1]!);
/** An answer with its code blanked: known and unknown addresses must give the same. */
const shape = (body: { confirmationCode: string; statusPath: string; message: string }) => ({
  ...body,
  confirmationCode: body.confirmationCode.replace(/./g, 'X'),
  statusPath: body.statusPath.replace(body.confirmationCode, 'CODE'),
});

describe('POST /api/delete-data/requests', () => {
  it('answers a known and an unknown address alike (202, a code, the status link); only the known one is mailed', async () => {
    const m = await createMember(t);
    const before = t.mails.length;
    const known = await ask(t, m.email.toUpperCase());
    const unknown = await ask(t, `nobody-${m.email}`);
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(Object.keys(known.json()).sort()).toEqual(['confirmationCode', 'message', 'statusPath']);
    expect(shape(known.json())).toEqual(shape(unknown.json()));
    expect(known.json().confirmationCode).toMatch(/^[A-Z2-7]{16}$/);
    expect(known.json().confirmationCode).not.toBe(unknown.json().confirmationCode);
    expect(known.json().message).toBe(DELETE_DATA_MESSAGES.received);

    const mail = await mailTo(t, m.email, before);
    expect(mail.text).toContain(`/delete-data/confirm?token=`);
    expect(mail.text).toContain(known.json().confirmationCode);
    await t.ctx.mail.drainDue();
    expect(t.mails.slice(before).map((x) => x.to)).toEqual([m.email]);

    // Both statuses read 'received', and neither names anyone.
    for (const res of [known, unknown]) {
      const s = await status(res.json().confirmationCode);
      expect(s.statusCode).toBe(200);
      expect(s.json()).toMatchObject({ status: 'received', confirmedAt: null, doneAt: null });
      expect(Object.keys(s.json()).sort()).toEqual(['confirmationCode', 'confirmedAt', 'doneAt', 'expiresAt', 'receivedAt', 'status']);
    }
    // No address is stored, only its keyed hash.
    const rows = await db.select().from(dataDeletionRequests);
    expect(JSON.stringify(rows)).not.toContain(m.email);
  });

  it('mails an address at most once in a few minutes, silently', async () => {
    const m = await createMember(t);
    const before = t.mails.length;
    const first = await ask(t, m.email);
    const second = await ask(t, m.email);
    expect(second.statusCode).toBe(202);
    expect(shape(second.json())).toEqual(shape(first.json()));
    await mailTo(t, m.email, before);
    await t.ctx.mail.drainDue();
    expect(t.mails.slice(before).filter((x) => x.to === m.email)).toHaveLength(1);
  });

  it('refuses a bad address with the field message', async () => {
    const res = await ask(t, 'not-an-address');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.email).toBe('Please enter a valid email address');
  });
});

describe('POST /api/delete-data/confirm', () => {
  it('the last admin is refused (409) and nothing changes: the request still reads received and its link works later', async () => {
    const only = await createAdmin(t);
    const before = t.mails.length;
    const { confirmationCode } = (await ask(t, only.email)).json();
    const token = tokenOf((await mailTo(t, only.email, before)).text);

    const refused = await confirm(token);
    expect(refused.statusCode).toBe(409);
    expect((await status(confirmationCode)).json()).toMatchObject({ status: 'received', confirmedAt: null, doneAt: null });
    expect(await db.select().from(users).where(eq(users.id, only.id))).toHaveLength(1);

    // Once another admin exists, the same link deletes the account.
    await createAdmin(t);
    expect((await confirm(token)).statusCode).toBe(200);
    expect((await status(confirmationCode)).json().status).toBe('done');
  });

  it('deletes the account as Settings → Delete does; sign-in then fails; the status says done; a replay is refused', async () => {
    const m = await createMember(t);
    const before = t.mails.length;
    const { confirmationCode } = (await ask(t, m.email)).json();
    const token = tokenOf((await mailTo(t, m.email, before)).text);

    const res = await confirm(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ confirmationCode, message: DELETE_DATA_MESSAGES.deleted });
    expect(await db.select().from(users).where(eq(users.id, m.id))).toHaveLength(0);
    expect(await db.select().from(profiles).where(eq(profiles.id, m.id))).toHaveLength(0);
    expect((await signInRes(m)).statusCode).toBe(401);
    const s = (await status(confirmationCode)).json();
    expect(s.status).toBe('done');
    expect(s.confirmedAt).not.toBeNull();
    expect(s.doneAt).not.toBeNull();

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(DELETE_DATA_MESSAGES.invalidLink);
  });

  it('refuses an expired token and an unknown one, and deletes nothing', async () => {
    const m = await createMember(t);
    const before = t.mails.length;
    const { confirmationCode } = (await ask(t, m.email)).json();
    const token = tokenOf((await mailTo(t, m.email, before)).text);
    await db.update(dataDeletionRequests).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(dataDeletionRequests.code, confirmationCode));
    expect((await confirm(token)).statusCode).toBe(400);
    expect((await confirm('x'.repeat(43))).statusCode).toBe(400);
    expect(await db.select().from(users).where(eq(users.id, m.id))).toHaveLength(1);
    expect((await status(confirmationCode)).json().status).toBe('expired');
  });
});

describe('GET /api/delete-data/status/:code', () => {
  it('shows another request without its address or name; an unknown code is 404, a malformed one 400', async () => {
    const m = await createMember(t);
    const { confirmationCode } = (await ask(t, m.email)).json();
    const res = await status(confirmationCode);
    expect(res.body).not.toContain(m.email);
    expect(res.body).not.toContain(m.id);
    expect(res.body).not.toContain('Test Member');
    expect((await status('AAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await status('abc')).statusCode).toBe(400);
  });
});

describe('POST /api/delete-data/meta', () => {
  it('a good signature unlinks that Instagram account and answers { url, confirmation_code }', async () => {
    const m = await createMember(t);
    await db
      .update(profiles)
      .set({ instagramOauthConnected: true, instagramUserId: '17841400000000001', instagramUsername: 'beach.m' })
      .where(eq(profiles.id, m.id));
    const secret = await instagramAppSecret(t.ctx);
    const signed = signRequest({ algorithm: 'HMAC-SHA256', user_id: '17841400000000001', issued_at: 1_700_000_000 }, secret);
    const res = await meta(`signed_request=${encodeURIComponent(signed)}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['confirmation_code', 'url']);
    expect(body.url).toBe(`${t.ctx.config.publicUrl}/delete-data/status/${body.confirmation_code}`);
    const [p] = await db.select().from(profiles).where(eq(profiles.id, m.id));
    expect(p).toMatchObject({ instagramOauthConnected: false, instagramUserId: null, instagramUsername: null });
    expect((await status(body.confirmation_code)).json().status).toBe('done');
  });

  it("without Instagram credentials, callbacks are checked with the local Instagram app's secret, the one its token endpoint takes", async () => {
    const secret = await instagramAppSecret(t.ctx);
    const token = (clientSecret: string) =>
      t.app.inject({
        method: 'POST',
        url: '/instagram-local/oauth/access_token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ client_id: '1000000000000001', client_secret: clientSecret, grant_type: 'authorization_code', redirect_uri: `${t.ctx.config.publicUrl}/api/instagram/callback`, code: 'unknown' }).toString(),
      });
    // The right secret passes the client check and fails only on the unknown code; a wrong one fails on the secret.
    expect((await token(secret)).json().error_message).not.toMatch(/client secret/);
    expect((await token(`${secret}x`)).json().error_message).toMatch(/client secret/);
  });

  it('refuses a forged or malformed signed request with 400, never 5xx, and unlinks nothing', async () => {
    const m = await createMember(t);
    await db.update(profiles).set({ instagramOauthConnected: true, instagramUserId: '17841400000000002' }).where(eq(profiles.id, m.id));
    const payload = { algorithm: 'HMAC-SHA256', user_id: '17841400000000002' };
    const secret = await instagramAppSecret(t.ctx);
    const cases = [
      signRequest(payload, 'not-the-secret'),
      signRequest({ ...payload, algorithm: 'none' }, secret),
      signRequest({ algorithm: 'HMAC-SHA256' }, secret),
      'no-dot-here',
      'a.b.c',
      '.',
      `${signRequest(payload, secret).split('.')[0]}.${Buffer.from('{"algorithm":"HMAC-SHA256","user_id":"1"}').toString('base64url')}`,
    ];
    for (const c of cases) {
      const res = await meta(`signed_request=${encodeURIComponent(c)}`);
      expect(res.statusCode, c).toBe(400);
    }
    expect((await meta('other=1')).statusCode).toBe(400);
    const [p] = await db.select().from(profiles).where(eq(profiles.id, m.id));
    expect(p!.instagramOauthConnected).toBe(true);
  });
});

describe('rate limits', () => {
  it('answers 429 past the requests allowed per client address', async () => {
    const limited = await buildTestApp({ RATE_LIMIT: true }, { database: t.ctx.database });
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await ask(limited, `someone${i}@example.com`)).statusCode);
    expect(codes.slice(0, 5)).toEqual([202, 202, 202, 202, 202]);
    expect(codes.at(-1)).toBe(429);
  });
});
