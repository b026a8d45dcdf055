import type { PwaAnalyticsInput } from '@bayclub/shared';

/** Running as an installed app (home-screen / standalone window) rather than in a browser tab. */
export function isPwaMode(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

function platform(): string {
  const ua = navigator.userAgent;
  if (/iPhone|iPad|iPod/i.test(ua)) return 'ios';
  if (/Android/i.test(ua)) return 'android';
  if (/Mac/i.test(ua)) return 'macos';
  if (/Win/i.test(ua)) return 'windows';
  if (/Linux/i.test(ua)) return 'linux';
  return 'other';
}

/** Record a PWA event (pwa_analytics). Fire and forget: analytics never disturbs the member. */
export function trackPwaEvent(eventType: string, eventData?: PwaAnalyticsInput['eventData']) {
  const body: PwaAnalyticsInput = { eventType, eventData, platform: platform(), isPwaMode: isPwaMode() };
  void fetch('/api/analytics/pwa', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
  }).catch(() => undefined);
}

/** App opened (with the display mode), and installed. */
export function startPwaAnalytics() {
  trackPwaEvent('app_open');
  window.addEventListener('appinstalled', () => trackPwaEvent('app_installed'));
}
