import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { ROUTE_PATTERN_RE, VITALS_LIMITS, type DeviceClass, type WebVitalEntry } from '@bayclub/shared';

/**
 * Real-user Core Web Vitals (issue 24 part 5, decision 031). Loaded on demand after the page's `load` event, so the
 * first screen never carries it. web-vitals reports each metric once it is final (FCP and TTFB early, LCP at the
 * first input or when the page is hidden, CLS and INP when it is hidden); the reports wait here and leave in one
 * batch 5 s after load, then every 60 s (spec section 9), and whatever is left goes with sendBeacon when the page is
 * hidden or left. Each report is sent once. Fire and forget: analytics never disturbs the member.
 */
export const VITALS_URL = '/api/analytics/vitals';

/** Phones by their screen's shorter side (under 600 CSS px); tablets and computers count as desktop. */
export function deviceClassOf(): DeviceClass {
  const shorter = Math.min(window.screen?.width || window.innerWidth, window.screen?.height || window.innerHeight);
  return shorter > 0 && shorter < 600 ? 'phone' : 'desktop';
}

export interface WebVitalsReporterOptions {
  /** The route pattern of the page the visit landed on (routes.tsx's routePatternOf). */
  route: string;
  /** web-vitals' registrations; tests pass their own. */
  observe?: (record: (m: Pick<Metric, 'name' | 'value' | 'rating'>) => void) => void;
}

const observeWebVitals = (record: (m: Metric) => void) => {
  onTTFB(record);
  onFCP(record);
  onLCP(record);
  onCLS(record);
  onINP(record);
};

export function startWebVitals({ route, observe = observeWebVitals }: WebVitalsReporterOptions): () => void {
  const deviceClass = deviceClassOf();
  const pattern = ROUTE_PATTERN_RE.test(route) && route.length <= 120 ? route : '(other)';
  let pending: WebVitalEntry[] = [];

  observe((m) => {
    // CLS is a score; the others are milliseconds, kept to a tenth.
    const value = m.name === 'CLS' ? Math.round(m.value * 10_000) / 10_000 : Math.round(m.value * 10) / 10;
    pending.push({ name: m.name as WebVitalEntry['name'], value: Math.max(0, value), rating: m.rating, route: pattern, deviceClass });
  });

  const flush = (beacon: boolean) => {
    while (pending.length > 0) {
      const body = JSON.stringify({ metrics: pending.slice(0, VITALS_LIMITS.maxBatch) });
      pending = pending.slice(VITALS_LIMITS.maxBatch);
      if (beacon && typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(VITALS_URL, new Blob([body], { type: 'application/json' }))) {
        continue;
      }
      void fetch(VITALS_URL, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body,
        keepalive: true,
      }).catch(() => undefined);
    }
  };

  let every: ReturnType<typeof setInterval> | undefined;
  const first = setTimeout(() => {
    flush(false);
    every = setInterval(() => flush(false), VITALS_LIMITS.reportEveryMs);
  }, VITALS_LIMITS.firstReportMs);
  // On the document: web-vitals listens on the window in the capture phase, so CLS and INP are final by now.
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush(true);
  };
  const onPageHide = () => flush(true);
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', onPageHide);
  return () => {
    clearTimeout(first);
    clearInterval(every);
    document.removeEventListener('visibilitychange', onHidden);
    window.removeEventListener('pagehide', onPageHide);
  };
}
