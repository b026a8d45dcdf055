import * as React from 'react';
import { WELCOME_INSTALLED_KEY } from '@bayclub/shared';

/** Running as the installed app (a home-screen icon or an app window), not in a browser tab. */
export const isStandalone = () =>
  typeof window !== 'undefined' &&
  (window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true);

const remembered = () => {
  try {
    return localStorage.getItem(WELCOME_INSTALLED_KEY) === '1';
  } catch {
    return false;
  }
};

/**
 * Is the app installed on this device (the welcome checklist, /get-app)? Opened as an installed app (display-mode
 * standalone), or installed from this tab earlier (appinstalled, remembered on the device: the server cannot know).
 */
export function useInstalled(): boolean {
  const [installed, setInstalled] = React.useState(() => isStandalone() || remembered());
  React.useEffect(() => {
    if (installed) {
      try {
        localStorage.setItem(WELCOME_INSTALLED_KEY, '1');
      } catch {
        // Private mode: the tick lasts this visit.
      }
      return;
    }
    const handleInstalled = () => setInstalled(true);
    window.addEventListener('appinstalled', handleInstalled);
    return () => window.removeEventListener('appinstalled', handleInstalled);
  }, [installed]);
  return installed;
}
