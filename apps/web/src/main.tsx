import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyTheme, readStoredTheme } from './lib/theme';
import { activateLocale, initialLocale } from './lib/i18n';
import { App } from './app/app';
import { preloadForAnyVisitor, routePatternOf } from './app/routes';
import { captureInstallPrompt } from './lib/install-prompt';
import { startPwaAnalytics } from './lib/pwa-analytics';
import './index.css';

const RELOADED_AT = 'bayclub:reloaded-for-new-version';

// Before the first render, so the page never flashes the wrong theme (no inline script under our CSP).
applyTheme(readStoredTheme());

// The page's language (decision 038): this device's choice, else the browser's. In another language than English
// the first render waits for the first screen's catalogues (index.html's loading screen stays meanwhile): rendered
// in English first, the page would switch under the reader and shift (Lighthouse measured CLS 1.04).
const locale = initialLocale();
document.documentElement.lang = locale;
const languageReady = locale === 'en' ? Promise.resolve() : activateLocale(locale).catch(() => undefined);

// Pages load their code on demand (decision 011). After a deploy, a tab still running the previous version asks
// for files that no longer exist: reload once to get the new version (not again within a minute, so a page that
// cannot load offline shows its error instead of reloading forever).
window.addEventListener('vite:preloadError', (event) => {
  const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
  if (Date.now() - last < 60_000) return;
  event.preventDefault();
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  window.location.reload();
});

// Chromium offers installation once, early: kept for /get-app's Install button.
captureInstallPrompt();

// The page's code downloads while the session is asked for (decision 011).
preloadForAnyVisitor(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
// A transition: React renders the first screen in short slices (the page already shows index.html's loading
// screen, which looks the same), so the first render never blocks the main thread for long.
void languageReady.then(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);

// After the page has loaded: the first screen's requests go first. The web vitals reporter is its own chunk, fetched
// then (decision 031), and reports under the route pattern of the page the visit landed on.
if (import.meta.env.PROD) {
  window.addEventListener(
    'load',
    () => {
      setTimeout(startPwaAnalytics, 0);
      const route = routePatternOf(window.location.pathname);
      import('./lib/web-vitals-reporter').then(({ startWebVitals }) => startWebVitals({ route }), () => undefined);
    },
    { once: true },
  );
}

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Offline support is a bonus; the app works without it.
    });
  });
}
