import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { WEB_VITALS_INFO, type WebVitalName } from '@bayclub/shared';
import { performanceMetrics, profiles, pwaAnalytics } from '../db/schema/index.js';
import { buildTestApp, createAdmin, injectAs } from '../test/helpers.js';
import { quickMember } from '../modules/connections/social-fixtures.js';
import { localInstagramUserId } from '../platform/instagram-local/index.js';
import { seedDemoIntegrations } from './seed-demo-integrations.js';

// Issue 24's demo data: the admin's Performance tab and the verified Instagram marks have something to show.
const t = await buildTestApp();
const db = t.ctx.database.db;
let seed = 7;
const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);

describe('seed:demo integrations', () => {
  it('does nothing without demo members', async () => {
    expect(await seedDemoIntegrations(db, rand)).toEqual({ vitals: 0, appOpens: 0, instagramLinks: 0 });
  });

  it('adds four weeks of rated vitals, app opens and two Instagram links the admin view reads; runs once', async () => {
    const demo = [];
    for (const name of ['ann', 'bea', 'cal', 'dee']) demo.push(await quickMember(t, { email: `${name}@bayclub.demo`, username: `${name}demo` }));

    const added = await seedDemoIntegrations(db, rand);
    expect(added.vitals).toBeGreaterThan(1000);
    expect(added.appOpens).toBeGreaterThan(500);
    expect(added.instagramLinks).toBe(2);

    // Every rating agrees with the thresholds the admin table shows, and all three occur.
    const rows = await db.select().from(performanceMetrics);
    for (const r of rows) {
      const { good, poor } = WEB_VITALS_INFO[r.metricName as WebVitalName];
      expect(r.rating).toBe(r.metricValue <= good ? 'good' : r.metricValue <= poor ? 'needs-improvement' : 'poor');
    }
    expect(new Set(rows.map((r) => r.rating))).toEqual(new Set(['good', 'needs-improvement', 'poor']));
    const [installs] = await db.select({ n: sql<number>`count(*)::int` }).from(pwaAnalytics).where(eq(pwaAnalytics.eventType, 'app_installed'));
    expect(installs!.n).toBeGreaterThan(0);

    const linked = await db.select().from(profiles).where(eq(profiles.instagramOauthConnected, true));
    expect(linked).toHaveLength(2);
    for (const p of linked) expect(p.instagramUserId).toBe(localInstagramUserId(p.instagramUsername!));

    const admin = await createAdmin(t);
    const view = (await injectAs(t, admin, { method: 'GET', url: '/api/admin/vitals?days=28' })).json();
    expect(JSON.stringify(view)).toContain('/events/:eventId');

    expect(await seedDemoIntegrations(db, rand)).toEqual({ vitals: 0, appOpens: 0, instagramLinks: 0 });
  });
});
