import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { VITALS_LIMITS, WEB_VITAL_NAMES, type AdminVitalsView, type DeviceClass, type WebVitalEntry } from '@bayclub/shared';
import type { DbOrTx } from '../../db/client.js';
import { performanceMetrics, pwaAnalytics } from '../../db/schema/index.js';
import { rowsOf } from '../../platform/sql.js';

/** Routes listed per vital in the admin view (the busiest first). */
const ROUTES_SHOWN = 50;

export async function insertVitals(db: DbOrTx, userId: string | null, metrics: WebVitalEntry[]) {
  // One statement: the batch is stored whole or not at all.
  await db.insert(performanceMetrics).values(
    metrics.map((m) => ({
      userId,
      metricName: m.name,
      metricValue: m.value,
      metricType: 'web_vital' as const,
      rating: m.rating,
      route: m.route,
      deviceClass: m.deviceClass,
    })),
  );
}

/** Deletes reports older than the retention (the hourly sweep); returns how many went. */
export async function deleteOldVitals(db: DbOrTx): Promise<number> {
  const res = await db.execute(
    sql`delete from ${performanceMetrics} where created_at < now() - make_interval(days => ${VITALS_LIMITS.retentionDays})`,
  );
  return (res as { rowCount?: number | null; affectedRows?: number }).rowCount ?? (res as { affectedRows?: number }).affectedRows ?? 0;
}

const int = z.coerce.number().int();
const vitalRow = z.object({
  metric_name: z.enum(WEB_VITAL_NAMES),
  route: z.string().nullable(),
  device_class: z.enum(['phone', 'desktop']).nullable(),
  grp: int,
  p75: z.coerce.number(),
  count: int,
  good: z.coerce.number(),
  needs_improvement: z.coerce.number(),
  poor: z.coerce.number(),
});
const dayRow = z.object({ day: z.string(), installs: int, app_opens: int });

/**
 * The admin's view over the last `days` days, all computed in SQL over performance_metrics' created_at index: per
 * vital the 75th percentile (percentile_cont, on both engines) and the shares of each rating, overall, by route and
 * by device class (one scan, grouping sets); and pwa_analytics' installs and app opens per UTC day.
 */
export async function adminVitals(db: DbOrTx, days: 7 | 28): Promise<AdminVitalsView> {
  const since = sql`now() - make_interval(days => ${days})`;
  const rows = rowsOf(
    await db.execute(sql`
      select metric_name, route, device_class, grouping(route, device_class) as grp,
        percentile_cont(0.75) within group (order by metric_value) as p75,
        count(*)::int as count,
        avg((rating = 'good')::int)::float8 as good,
        avg((rating = 'needs-improvement')::int)::float8 as needs_improvement,
        avg((rating = 'poor')::int)::float8 as poor
      from ${performanceMetrics}
      where created_at >= ${since}
      group by grouping sets ((metric_name), (metric_name, route), (metric_name, device_class))
      order by metric_name, count(*) desc, route, device_class`),
    vitalRow,
  );
  const pwa = rowsOf(
    await db.execute(sql`
      select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
        (count(*) filter (where event_type = 'app_installed'))::int as installs,
        (count(*) filter (where event_type = 'app_open'))::int as app_opens
      from ${pwaAnalytics}
      where created_at >= ${since} and event_type in ('app_installed', 'app_open')
      group by 1
      order by 1`),
    dayRow,
  );
  const round = (n: number) => Math.round(n * 1000) / 1000;
  const figures = (r: z.output<typeof vitalRow>) => ({
    p75: round(r.p75),
    count: r.count,
    good: round(r.good),
    needsImprovement: round(r.needs_improvement),
    poor: round(r.poor),
  });
  return {
    days,
    vitals: WEB_VITAL_NAMES.map((name) => {
      const mine = rows.filter((r) => r.metric_name === name);
      const overall = mine.find((r) => r.grp === 3);
      return {
        name,
        overall: overall ? figures(overall) : null,
        byRoute: mine
          .filter((r) => r.grp === 1)
          .slice(0, ROUTES_SHOWN)
          .map((r) => ({ route: r.route!, ...figures(r) })),
        byDevice: mine.filter((r) => r.grp === 2).map((r) => ({ deviceClass: r.device_class as DeviceClass, ...figures(r) })),
      };
    }),
    pwaDays: pwa.map((d) => ({ day: d.day, installs: d.installs, appOpens: d.app_opens })),
  };
}
