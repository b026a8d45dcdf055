/**
 * Real-user performance (issue 24 part 5, decision 031): the Core Web Vitals a browser reports, batched, and the
 * admin's view of them. Spec section 7: log_performance_metric with metric_name, metric_value, metric_type
 * 'web_vital' and the rating; sections 4 and 9: a first report 5 s after load, then every 60 s. No zod here: the
 * reporter (loaded on every page) imports these.
 */
export const WEB_VITAL_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type WebVitalName = (typeof WEB_VITAL_NAMES)[number];
export const VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const;
export type VitalRating = (typeof VITAL_RATINGS)[number];
export const DEVICE_CLASSES = ['phone', 'desktop'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

export const VITALS_LIMITS = {
  /** Entries in one batch: five vitals, a few updates each (CLS and INP grow while the page is open). */
  maxBatch: 20,
  /** Bytes of one request body (a full batch is about 2 KB). */
  maxBodyBytes: 8 * 1024,
  firstReportMs: 5_000,
  reportEveryMs: 60_000,
  /** Days a report is kept. */
  retentionDays: 90,
  periods: [7, 28] as const,
} as const;

/** Units and thresholds (web-vitals 6: good up to the first, poor above the second), for the admin table. */
export const WEB_VITALS_INFO: Record<WebVitalName, { label: string; unit: 'ms' | ''; good: number; poor: number }> = {
  LCP: { label: 'Largest Contentful Paint', unit: 'ms', good: 2500, poor: 4000 },
  INP: { label: 'Interaction to Next Paint', unit: 'ms', good: 200, poor: 500 },
  CLS: { label: 'Cumulative Layout Shift', unit: '', good: 0.1, poor: 0.25 },
  FCP: { label: 'First Contentful Paint', unit: 'ms', good: 1800, poor: 3000 },
  TTFB: { label: 'Time to First Byte', unit: 'ms', good: 800, poor: 1800 },
};

/**
 * A route pattern, never an address with ids or a query: "/", "/events/:eventId", "/:slug". Segments are words or
 * ":param"; "(other)" when no route matched.
 */
export const ROUTE_PATTERN_RE = /^(\/|(\/(:?[A-Za-z][A-Za-z0-9_-]{0,40}|\*))+|\(other\))$/;

export interface VitalShares {
  count: number;
  good: number;
  needsImprovement: number;
  poor: number;
}
/** One row of a vital's table: the 75th percentile and the shares (0..1) over the period. */
export interface VitalRow extends VitalShares {
  p75: number;
}
export interface AdminVitalsView {
  days: 7 | 28;
  vitals: Array<{
    name: WebVitalName;
    overall: VitalRow | null;
    byRoute: Array<VitalRow & { route: string }>;
    byDevice: Array<VitalRow & { deviceClass: DeviceClass }>;
  }>;
  /** Per day (UTC, yyyy-mm-dd), the days with any app open or install. */
  pwaDays: Array<{ day: string; installs: number; appOpens: number }>;
}
