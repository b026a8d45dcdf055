import { describe, expect, it } from 'vitest';
import { hasUnstorableText } from './input-guard.js';
import { buildTestApp, createMember, injectAs } from '../test/helpers.js';

describe('hasUnstorableText', () => {
  it('finds NUL and unpaired surrogates anywhere, keys included', () => {
    expect(hasUnstorableText('a\u0000b')).toBe(true);
    expect(hasUnstorableText('\ud800')).toBe(true);
    expect(hasUnstorableText('x\udc00')).toBe(true);
    expect(hasUnstorableText({ a: [{ b: 'ok' }, { c: 'no\u0000' }] })).toBe(true);
    expect(hasUnstorableText({ ['k\u0000']: 1 })).toBe(true);
  });
  it('lets ordinary text through, emoji (paired surrogates) and other unicode included', () => {
    for (const v of ['', 'plain', '😀👩‍👩‍👧', '\u202e\u200b\ufeff', 'é', null, 1, true, { a: ['😀'] }, undefined]) {
      expect(hasUnstorableText(v), JSON.stringify(v)).toBe(false);
    }
  });
});

const t = await buildTestApp();
const member = await createMember(t);

describe('over HTTP', () => {
  const REFUSED = { error: { code: 'BAD_REQUEST', message: 'The request contains characters that are not allowed' } };

  it('NUL in a path parameter, a query or a body is a 400, not a database error', async () => {
    const cases = [
      { method: 'GET' as const, url: '/api/slugs/a%00b' },
      { method: 'GET' as const, url: '/api/usernames/availability?username=ab%00c' },
      { method: 'POST' as const, url: '/api/analytics/pwa', payload: { eventType: 'a\u0000b' } },
      { method: 'POST' as const, url: '/api/analytics/pwa', payload: { eventType: 'ok', eventData: { note: 'x\u0000' } } },
      { method: 'POST' as const, url: '/api/analytics/pwa', payload: '{"eventType":"\\ud800"}', headers: { 'content-type': 'application/json' } },
      { method: 'POST' as const, url: '/api/auth/update-user', payload: { name: 'a\u0000b' } },
    ];
    for (const c of cases) {
      const res = await injectAs(t, member, c);
      expect(res.statusCode, c.url).toBe(400);
      expect(res.json()).toEqual(REFUSED);
    }
  });

  it('still checks access first: anonymous callers of protected routes get 401', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/account/change-password', payload: { currentPassword: '\u0000' } });
    expect(res.statusCode).toBe(401);
  });

  it('malformed URLs and over-long path parameters answer in the error shape', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/slugs/%zz' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'The request URL is not valid' } });
    const long = await t.app.inject({ method: 'GET', url: `/api/slugs/${'a'.repeat(201)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'The request URL is too long' } });
  });
});
