import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyTheme, readStoredTheme } from './app/theme';
import { App } from './app/app';
import { startPwaAnalytics } from './lib/pwa-analytics';
import './index.css';

// Before the first render, so the page never flashes the wrong theme (no inline script under our CSP).
applyTheme(readStoredTheme());

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

if (import.meta.env.PROD) startPwaAnalytics();

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Offline support is a bonus; the app works without it.
    });
  });
}
