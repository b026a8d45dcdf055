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

  it('keeps refusing even the right password while limited', async () => {
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

describe('per account, behind a trusted proxy', () => {
  it('rotating client addresses reported by the proxy do not reset the count for one account', async () => {
    const proxied = await buildTestApp({ RATE_LIMIT: true, TRUST_PROXY: true });
    const target = await applyAs(proxied);
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) {
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: i % 2 ? target.email.toUpperCase() : target.email, password: `wrong-${i}` },
        headers: rotating(),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429, 429]);
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
