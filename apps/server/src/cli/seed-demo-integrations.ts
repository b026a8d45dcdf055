import { and, asc, eq, like } from 'drizzle-orm';
import { WEB_VITALS_INFO, WEB_VITAL_NAMES, type WebVitalName } from '@bayclub/shared';
import type { Db } from '../db/client.js';
import { performanceMetrics, profiles, pwaAnalytics } from '../db/schema/index.js';
import { localInstagramUserId } from '../platform/instagram-local/index.js';

/** The routes members open most, as the reporter names them (route patterns, never addresses). */
const ROUTES = ['/', '/community', '/events', '/events/:eventId', '/inbox', '/chat/:conversationId', '/profile', '/locations', '/user-directory', '/:slug'];
/** A typical value per vital on a phone; desktops are about 40% faster. Spread so every rating shows up. */
const TYPICAL: Record<WebVitalName, number> = { LCP: 2100, INP: 150, CLS: 0.06, FCP: 1400, TTFB: 520 };
const DAYS = 28;
const REPORTS_PER_DAY = 60;

function ratingOf(name: WebVitalName, value: number): 'good' | 'needs-improvement' | 'poor' {
  const { good, poor } = WEB_VITALS_INFO[name];
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor';
}

/**
 * Issue 24's half of `npm run seed:demo`: the admin's Performance tab has four weeks of web vitals from phones and
 * desktops (about one report in five needs improvement and a few are poor, so the table shows all three shares), app opens and
 * a few installs; and two demo members have linked their Instagram (the verified mark on their profile, directory card
 * and search result), as the local Instagram double would have linked them. Idempotent: nothing happens once any
 * web vital report exists.
 */
export async function seedDemoIntegrations(db: Db, rand: () => number): Promise<{ vitals: number; appOpens: number; instagramLinks: number }> {
  const totals = { vitals: 0, appOpens: 0, instagramLinks: 0 };
  const [reported] = await db.select({ id: performanceMetrics.id }).from(performanceMetrics).limit(1);
  if (reported) return totals;
  const members = await db
    .select({ id: profiles.id, username: profiles.username })
    .from(profiles)
    .where(and(like(profiles.email, '%@bayclub.demo'), eq(profiles.applicationStatus, 'approved'), eq(profiles.accountType, 'full_platform')))
    .orderBy(asc(profiles.username));
  if (members.length < 4) return totals;
  const at = (day: number) => new Date(Date.now() - (day * 24 + rand() * 24) * 3_600_000);

  const vitals: Array<typeof performanceMetrics.$inferInsert> = [];
  for (let day = 0; day < DAYS; day++) {
    for (let i = 0; i < REPORTS_PER_DAY; i++) {
      const name = WEB_VITAL_NAMES[i % WEB_VITAL_NAMES.length]!;
      const deviceClass = rand() < 0.7 ? 'phone' : 'desktop';
      // A long tail: most loads near the typical value, one in eight two to three times slower.
      const slow = rand() < 0.125 ? 2 + rand() : 0.5 + rand();
      const raw = TYPICAL[name] * slow * (deviceClass === 'desktop' ? 0.6 : 1);
      const value = name === 'CLS' ? Math.round(raw * 1000) / 1000 : Math.round(raw);
      const signedIn = rand() < 0.6;
      vitals.push({
        userId: signedIn ? members[Math.floor(rand() * members.length)]!.id : null,
        metricName: name,
        metricValue: value,
        rating: ratingOf(name, value),
        route: ROUTES[Math.floor(rand() * ROUTES.length)]!,
        deviceClass,
        createdAt: at(day),
      });
    }
  }
  for (let i = 0; i < vitals.length; i += 500) await db.insert(performanceMetrics).values(vitals.slice(i, i + 500));
  totals.vitals = vitals.length;

  const opens: Array<typeof pwaAnalytics.$inferInsert> = [];
  for (let day = 0; day < DAYS; day++) {
    for (let i = 0; i < 25; i++) {
      const installed = i === 0 && day % 4 === 0;
      opens.push({
        userId: members[Math.floor(rand() * members.length)]!.id,
        eventType: installed ? 'app_installed' : 'app_open',
        platform: rand() < 0.55 ? 'ios' : 'android',
        isPwaMode: !installed && rand() < 0.45,
        createdAt: at(day),
      });
    }
  }
  await db.insert(pwaAnalytics).values(opens);
  totals.appOpens = opens.filter((o) => o.eventType === 'app_open').length;

  // Two members linked a professional Instagram account: their handle is their username with a studio's suffix.
  for (const m of members.slice(1, 3)) {
    const handle = `${m.username}.studio`.slice(0, 30);
    await db
      .update(profiles)
      .set({ instagramUsername: handle, instagramOauthConnected: true, instagramUserId: localInstagramUserId(handle) })
      .where(eq(profiles.id, m.id));
    totals.instagramLinks++;
  }
  return totals;
}
