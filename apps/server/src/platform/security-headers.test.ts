import { describe, expect, it } from 'vitest';
import { buildTestApp, createMember, injectAs } from '../test/helpers.js';

/** helmet's headers, computed once (security-headers.ts), are on every kind of answer, as before. */
const t = await buildTestApp();
const POLICY = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

describe('security headers', () => {
  it('are on successes, 4xx of every kind, unknown routes and media answers alike', async () => {
    const member = await createMember(t);
    const answers = [
      await injectAs(t, null, { method: 'GET', url: '/api/health' }),
      await injectAs(t, member, { method: 'GET', url: '/api/me' }),
      await injectAs(t, null, { method: 'GET', url: '/api/me' }),
      await injectAs(t, member, { method: 'GET', url: '/api/profiles/not-an-id' }),
      await injectAs(t, null, { method: 'GET', url: '/api/nothing-here' }),
      await injectAs(t, null, { method: 'POST', url: '/api/applications', payload: '{', headers: { 'content-type': 'application/json' } }),
      await injectAs(t, null, { method: 'GET', url: '/media/profile-pictures/x/y.webp' }),
    ];
    for (const res of answers) {
      for (const name of POLICY) expect(res.headers[name], `${res.statusCode} ${name}`).toBeDefined();
      expect(String(res.headers['content-security-policy'])).toMatch(/script-src 'self'|sandbox/);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    expect(answers[0]!.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(answers[0]!.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
