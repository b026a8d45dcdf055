import { describe, expect, it, vi } from 'vitest';
import { applicationInput, buildTestApp, createMember, injectAs, TEST_ORIGIN } from '../test/helpers.js';
import { fillParams, registeredRoutes } from '../test/routes.js';

vi.mock('fastify', async (importOriginal) => (await import('../test/routes.js')).withRouteRecorder(await importOriginal()));

/**
 * Issue 9: an answer that depends on the session is never stored by a browser or a proxy (Cache-Control: private,
 * no-store), errors included; answers that are the same for everyone keep their own caching.
 */
const t = await buildTestApp();
const PRIVATE = 'private, no-store';
const sessionRoutes = registeredRoutes(t.app).filter(
  (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/auth/') && r.access !== undefined && r.access !== 'public',
);

describe('Cache-Control on answers that depend on the session', () => {
  it('every route that needs a session says private, no-store, also when it refuses an anonymous caller', async () => {
    expect(sessionRoutes.length).toBeGreaterThan(40);
    const missing: string[] = [];
    for (const route of sessionRoutes) {
      const res = await t.app.inject({ method: route.method as 'GET', url: fillParams(route.url), headers: { origin: TEST_ORIGIN } });
      if (res.headers['cache-control'] !== PRIVATE) missing.push(`${route.method} ${route.url} (${res.statusCode}: ${res.headers['cache-control']})`);
    }
    expect(missing).toEqual([]);
  });

  it('signed-in answers, successes and errors, say it', async () => {
    const member = await createMember(t);
    for (const url of ['/api/me', `/api/profiles/${member.id}`, '/api/profiles/00000000-0000-4000-8000-000000000000', '/api/conversations']) {
      const res = await injectAs(t, member, { method: 'GET', url });
      expect(res.headers['cache-control'], url).toBe(PRIVATE);
    }
    const invalid = await injectAs(t, member, { method: 'PUT', url: '/api/me/profile', payload: { fullName: 5 }, headers: { origin: TEST_ORIGIN } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['cache-control']).toBe(PRIVATE);
  });

  it('public routes that look at the session say it: slugs, analytics, sign-out, and better-auth answers', async () => {
    const member = await createMember(t);
    for (const user of [member, null]) {
      const slug = await injectAs(t, user, { method: 'GET', url: '/api/slugs/nobody-here' });
      expect(slug.headers['cache-control']).toBe(PRIVATE);
      const analytics = await injectAs(t, user, {
        method: 'POST',
        url: '/api/analytics/pwa',
        payload: { eventType: 'app_opened', isPwaMode: false },
      });
      expect(analytics.statusCode).toBe(204);
      expect(analytics.headers['cache-control']).toBe(PRIVATE);
      const session = await injectAs(t, user, { method: 'GET', url: '/api/auth/get-session' });
      expect(session.statusCode).toBe(200);
      expect(session.headers['cache-control']).toBe(PRIVATE);
    }
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: member.email, password: 'wrong-password' } });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.headers['cache-control']).toBe(PRIVATE);
    const signOut = await injectAs(t, member, { method: 'POST', url: '/api/session/sign-out', headers: { origin: TEST_ORIGIN } });
    expect(signOut.statusCode).toBe(200);
    expect(signOut.headers['cache-control']).toBe(PRIVATE);
  });

  it('an answer that sets a session cookie says it (the application signs the applicant in)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/applications', payload: applicationInput() });
    expect(res.statusCode).toBe(201);
    expect(res.headers['set-cookie']).toBeDefined();
    expect(res.headers['cache-control']).toBe(PRIVATE);
  });

  it('answers that are the same for everyone keep their own caching, signed in or not', async () => {
    const member = await createMember(t);
    for (const url of ['/api/health', '/api/settings/public', '/api/landing/stats', '/api/push/public-key', '/api/setup/status']) {
      const res = await injectAs(t, member, { method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBeUndefined();
    }
  });
});
