import { describe, expect, it } from 'vitest';
import type { AdminVitalsView, WebVitalEntry } from '@bayclub/shared';
import {
  buildTestApp,
  createAdmin,
  createLimitedMember,
  createMember,
  DENIED,
  grantRole,
  injectAs,
  TEST_ORIGIN,
} from '../../test/helpers.js';
import { performanceMetrics, pwaAnalytics } from '../../db/schema/index.js';
import { deleteOldVitals } from './index.js';

const t = await buildTestApp();
const db = t.ctx.database.db;
const rows = () => db.select().from(performanceMetrics);
const count = async () => (await rows()).length;

const lcp = (over: Partial<WebVitalEntry> = {}): WebVitalEntry => ({
  name: 'LCP',
  value: 1234.5,
  rating: 'good',
  route: '/events/:eventId',
  deviceClass: 'phone',
  ...over,
});
const post = (payload: unknown, headers: Record<string, string> = {}, user: { cookie: string } | null = null) =>
  injectAs(t, user, { method: 'POST', url: '/api/analytics/vitals', payload: payload as object, headers: { origin: TEST_ORIGIN, ...headers } });

describe('POST /api/analytics/vitals', () => {
  it('stores a signed-out batch without a user id: 204, one row per metric', async () => {
    await db.delete(performanceMetrics);
    const res = await post({
      metrics: [lcp(), lcp({ name: 'CLS', value: 0.02, route: '/' }), lcp({ name: 'INP', value: 560, rating: 'poor', deviceClass: 'desktop', route: '/:slug' })],
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const stored = await rows();
    expect(stored).toHaveLength(3);
    expect(stored.every((r) => r.userId === null && r.metricType === 'web_vital')).toBe(true);
    expect(stored.find((r) => r.metricName === 'INP')).toMatchObject({ metricValue: 560, rating: 'poor', deviceClass: 'desktop', route: '/:slug' });
    expect(stored.find((r) => r.metricName === 'LCP')).toMatchObject({ metricValue: 1234.5, route: '/events/:eventId', deviceClass: 'phone' });
  });

  it('stores the member when signed in (not a claimed id)', async () => {
    const m = await createMember(t);
    await db.delete(performanceMetrics);
    const res = await post({ metrics: [lcp({ name: 'TTFB', value: 90 })] }, {}, m);
    expect(res.statusCode).toBe(204);
    expect((await rows())[0]).toMatchObject({ userId: m.id, metricName: 'TTFB', metricValue: 90 });
    // A beacon has no Origin header on some browsers' same-origin requests: accepted like any non-browser client.
    const noOrigin = await injectAs(t, m, { method: 'POST', url: '/api/analytics/vitals', payload: { metrics: [lcp()] } });
    expect(noOrigin.statusCode).toBe(204);
  });

  it('refuses a foreign origin with 403 and writes nothing', async () => {
    const before = await count();
    const res = await post({ metrics: [lcp()] }, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    expect(await count()).toBe(before);
  });

  it('refuses bad batches with 400 and field messages, and writes none of a batch with one bad entry', async () => {
    const before = await count();
    const cases: unknown[] = [
      {},
      [],
      { metrics: [] },
      { metrics: [lcp({ name: 'FID' as never })] },
      { metrics: [lcp(), lcp({ value: -1 })] },
      { metrics: [lcp({ value: 'fast' as never })] },
      { metrics: [lcp({ rating: 'great' as never })] },
      { metrics: [lcp({ route: '/events/4b1e2c3d-1111-2222-3333-444455556666?x=1' })] },
      { metrics: [lcp({ route: 'https://example.com/events' })] },
      { metrics: [lcp({ deviceClass: 'watch' as never })] },
      { metrics: [{ ...lcp(), url: '/events/1' }] },
      { metrics: Array.from({ length: 21 }, () => lcp()) },
    ];
    for (const payload of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expect(res.json().error.code).toMatch(/VALIDATION_FAILED|BAD_REQUEST/);
    }
    const bad = await post({ metrics: [lcp({ name: 'FID' as never })] });
    expect(bad.json().error.message).toBe('Unknown metric: LCP, INP, CLS, FCP or TTFB');
    const many = await post({ metrics: Array.from({ length: 21 }, () => lcp()) });
    expect(many.json().error.message).toBe('Send at most 20 metrics at once');
    expect(await count()).toBe(before);
  });

  it('refuses a body over 8 KB with 413', async () => {
    const before = await count();
    const res = await post(JSON.stringify({ metrics: [lcp()], pad: 'x'.repeat(9000) }), { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await count()).toBe(before);
  });
});

describe('POST /api/analytics/pwa keeps a reduced user agent', () => {
  it('browser, major version and system only', async () => {
    const cases: Array<[string, string]> = [
      ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.135 Mobile Safari/537.36', 'Chrome 131 on Android'],
      ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Safari 17 on iOS'],
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox 133 on Windows'],
      ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86', 'Edge 131 on macOS'],
      ['curl/8.5.0', 'Other browser on other'],
    ];
    for (const [ua, reduced] of cases) {
      await db.delete(pwaAnalytics);
      const res = await t.app.inject({ method: 'POST', url: '/api/analytics/pwa', payload: { eventType: 'app_open' }, headers: { 'user-agent': ua } });
      expect(res.statusCode).toBe(204);
      expect((await db.select().from(pwaAnalytics))[0]!.userAgent).toBe(reduced);
    }
  });
});

describe('GET /api/admin/vitals', () => {
  it('is for admins only', async () => {
    const member = await createMember(t);
    const moderator = await createMember(t);
    await grantRole(t, moderator.id, 'moderator');
    const limited = await createLimitedMember(t);
    expect((await injectAs(t, null, { method: 'GET', url: '/api/admin/vitals' })).statusCode).toBe(401);
    for (const who of [member, moderator, limited]) {
      const res = await injectAs(t, who, { method: 'GET', url: '/api/admin/vitals' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(DENIED);
    }
    const admin = await createAdmin(t);
    expect((await injectAs(t, admin, { method: 'GET', url: '/api/admin/vitals?days=28' })).statusCode).toBe(200);
    const bad = await injectAs(t, admin, { method: 'GET', url: '/api/admin/vitals?days=30' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('days is 7 or 28');
  });

  it('answers the 75th percentiles, the shares and the installs and opens per day, from SQL', async () => {
    const admin = await createAdmin(t);
    await db.delete(performanceMetrics);
    await db.delete(pwaAnalytics);
    const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);
    const base = { metricType: 'web_vital' as const, userId: null };
    await db.insert(performanceMetrics).values([
      // LCP on an event page, desktop: 1000..4000 -> p75 3250; two good, one needs improvement, one poor.
      ...[1000, 2000, 3000, 4000].map((v, i) => ({
        ...base,
        metricName: 'LCP' as const,
        metricValue: v,
        rating: (['good', 'good', 'needs-improvement', 'poor'] as const)[i]!,
        route: '/events/:eventId',
        deviceClass: 'desktop' as const,
        createdAt: daysAgo(1),
      })),
      { ...base, metricName: 'LCP', metricValue: 5000, rating: 'poor', route: '/', deviceClass: 'phone', createdAt: daysAgo(2) },
      // Ten days old: in the 28-day view only.
      { ...base, metricName: 'LCP', metricValue: 9000, rating: 'poor', route: '/', deviceClass: 'phone', createdAt: daysAgo(10) },
      { ...base, metricName: 'CLS', metricValue: 0.05, rating: 'good', route: '/', deviceClass: 'phone', createdAt: daysAgo(1) },
      // 100 days old: outside both views, and removed by the retention sweep.
      { ...base, metricName: 'INP', metricValue: 100, rating: 'good', route: '/', deviceClass: 'phone', createdAt: daysAgo(100) },
    ]);
    const day1 = daysAgo(1);
    await db.insert(pwaAnalytics).values([
      { eventType: 'app_open', createdAt: day1 },
      { eventType: 'app_open', createdAt: day1 },
      { eventType: 'app_installed', createdAt: day1 },
      { eventType: 'install_prompt', createdAt: day1 },
      { eventType: 'app_open', createdAt: daysAgo(20) },
    ]);

    const week = (await injectAs(t, admin, { method: 'GET', url: '/api/admin/vitals?days=7' })).json<AdminVitalsView>();
    expect(week.days).toBe(7);
    const weekLcp = week.vitals.find((v) => v.name === 'LCP')!;
    // Overall: 1000, 2000, 3000, 4000, 5000 -> p75 4000; 2 good, 1 NI, 2 poor of 5.
    expect(weekLcp.overall).toEqual({ p75: 4000, count: 5, good: 0.4, needsImprovement: 0.2, poor: 0.4 });
    expect(weekLcp.byRoute).toEqual([
      { route: '/events/:eventId', p75: 3250, count: 4, good: 0.5, needsImprovement: 0.25, poor: 0.25 },
      { route: '/', p75: 5000, count: 1, good: 0, needsImprovement: 0, poor: 1 },
    ]);
    expect(weekLcp.byDevice).toEqual([
      { deviceClass: 'desktop', p75: 3250, count: 4, good: 0.5, needsImprovement: 0.25, poor: 0.25 },
      { deviceClass: 'phone', p75: 5000, count: 1, good: 0, needsImprovement: 0, poor: 1 },
    ]);
    expect(week.vitals.find((v) => v.name === 'CLS')!.overall).toEqual({ p75: 0.05, count: 1, good: 1, needsImprovement: 0, poor: 0 });
    expect(week.vitals.find((v) => v.name === 'INP')).toEqual({ name: 'INP', overall: null, byRoute: [], byDevice: [] });
    expect(week.vitals.map((v) => v.name)).toEqual(['LCP', 'INP', 'CLS', 'FCP', 'TTFB']);
    expect(week.pwaDays).toEqual([{ day: day1.toISOString().slice(0, 10), installs: 1, appOpens: 2 }]);

    const month = (await injectAs(t, admin, { method: 'GET', url: '/api/admin/vitals?days=28' })).json<AdminVitalsView>();
    const monthLcp = month.vitals.find((v) => v.name === 'LCP')!;
    // 1000..5000 and 9000: p75 by linear interpolation at position 3.75 of 0..5 -> 4000 + 0.75 * 1000.
    expect(monthLcp.overall).toMatchObject({ p75: 4750, count: 6 });
    expect(monthLcp.byRoute.find((r) => r.route === '/')).toMatchObject({ p75: 8000, count: 2 });
    expect(month.pwaDays).toHaveLength(2);

    // Retention: the 100-day-old row goes, the others stay.
    expect(await deleteOldVitals(db)).toBe(1);
    expect((await rows()).some((r) => r.metricName === 'INP')).toBe(false);
    expect(await count()).toBe(7);
  });
});
