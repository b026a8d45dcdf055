import { describe, expect, it } from 'vitest';
import { applyAs, buildTestApp, isErrorBody } from '../../test/helpers.js';

// RATE_LIMIT on (the production default), TRUST_PROXY off: the client address is the socket's.
const t = await buildTestApp({ RATE_LIMIT: true, TRUST_PROXY: false });
// Applicants are created directly in the database: the application route itself is rate limited.
const victim = await applyAs(t);

let n = 0;
/** A header set that changes on every call, as a client rotating its claimed address would. */
const rotating = () => {
  n += 1;
  return { 'x-forwarded-for': `203.0.113.${n % 250}`, 'x-real-ip': `198.51.100.${n % 250}`, 'x-bayclub-client-ip': `192.0.2.${n % 250}` };
};

describe('brute force on sign-in', () => {
  it('answers 429 after repeated wrong passwords, also when X-Forwarded-For rotates', async () => {
    const statuses: number[] = [];
    let limited: { statusCode: number; body: string } | null = null;
    for (let i = 0; i < 15; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: victim.email, password: `wrong-${i}` },
        headers: rotating(),
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) limited ??= res;
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(11)).toEqual([429, 429, 429, 429]);
    expect(limited).not.toBeNull();
    const body = JSON.parse(limited!.body);
    expect(isErrorBody(body)).toBe(true);
    expect(body.error.code).toBe('RATE_LIMITED');
    expect(body.error.message).toMatch(/^Too many attempts/);
  });

  it('keeps refusing even the right password from the address that failed', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: victim.email, password: victim.password },
      headers: rotating(),
    });
    expect(res.statusCode).toBe(429);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('no lock-out of the owner by someone who knows the email', () => {
  const signInFrom = (remoteAddress: string, email: string, password: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, remoteAddress, headers });

  it('an attacker failing 20 times at one address is refused there; the owner at another address signs in', async () => {
    const owner = await applyAs(t);
    const attacker = '203.0.113.66';
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await signInFrom(attacker, owner.email, `guess-${i}`)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(10).fill(429));

    // The owner, from an address with no failures, with the right password: signed in.
    const ownerRes = await signFromOwner(owner);
    expect(ownerRes.statusCode).toBe(200);
    expect(ownerRes.headers['set-cookie']).toBeDefined();

    // The attacker stays refused, with the right password too, and claiming other addresses changes nothing
    // (the server does not trust proxy headers here).
    expect((await signInFrom(attacker, owner.email, owner.password)).statusCode).toBe(429);
    for (let i = 0; i < 5; i++) {
      const res = await signInFrom(attacker, owner.email, `guess-again-${i}`, rotating());
      expect(res.statusCode).toBe(429);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  async function signFromOwner(owner: { email: string; password: string }) {
    return signInFrom('198.51.100.23', owner.email, owner.password);
  }

  it('an IPv6 client cannot escape its limit by walking through its /64', async () => {
    const owner = await applyAs(t);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await signInFrom(`2001:db8:1:2::${(i + 1).toString(16)}`, owner.email, `guess-${i}`)).statusCode);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Another /64 is another client.
    expect((await signInFrom('2001:db8:1:3::1', owner.email, owner.password)).statusCode).toBe(200);
  });
});

describe('per account, behind a trusted proxy', () => {
  it('addresses reported by the proxy are separate clients, each with its own count', async () => {
    // The account ceiling over all addresses (100 failures an hour) is covered in sign-in-throttle.test.ts: reaching
    // it here would take 100 password hashes.
    const proxied = await buildTestApp({ RATE_LIMIT: true, TRUST_PROXY: true });
    const target = await applyAs(proxied);
    const from = (address: string, password: string, email = target.email) =>
      proxied.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, headers: { 'x-forwarded-for': address } });
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      statuses.push((await from(`203.0.113.${i % 2}`, `wrong-${i}`, i % 4 < 2 ? target.email.toUpperCase() : target.email)).statusCode);
    }
    expect(statuses).toEqual(Array(14).fill(401));
    // The third address has no failures: the owner's right password works.
    expect((await from('203.0.113.2', target.password)).statusCode).toBe(200);
    // Each of the two failing addresses reaches its limit of 10 and is refused from then on.
    for (let i = 0; i < 8; i++) statuses.push((await from(`203.0.113.${i % 2}`, `wrong-more-${i}`)).statusCode);
    expect(statuses.slice(14)).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
    // Another account from the same proxy is not locked out.
    const other = await applyAs(proxied);
    const res = await proxied.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: other.email, password: other.password },
      headers: rotating(),
    });
    expect(res.statusCode).toBe(200);
    await proxied.close();
  });
});

describe('other limited routes', () => {
  it('password reset requests are limited too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: `nobody${i}@example.com`, redirectTo: '/reset-password' },
        headers: rotating(),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toContain(429);
    expect(statuses.slice(0, 5).every((s) => s === 200)).toBe(true);
  });

  it('applications: 429 in the error shape after 10 in the window, whatever the claimed address', async () => {
    const statuses: number[] = [];
    let last = null as null | { body: string };
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/applications', payload: {}, headers: rotating() });
      statuses.push(res.statusCode);
      last = res;
    }
    // applyAs above spent one of the ten.
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(2);
    expect(statuses.at(-1)).toBe(429);
    expect(JSON.parse(last!.body)).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Too many requests. Please wait a moment and try again.' },
    });
  });
});
