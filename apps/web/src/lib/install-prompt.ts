/**
 * The browser's install offer (Chromium's `beforeinstallprompt`), kept from the moment the page loads: the event fires
 * once, early, and only a page that kept it can show an Install button later (/get-app). Tiny on purpose: it is in
 * every page's first script. Safari and Firefox never fire it; /get-app shows their steps instead.
 */

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface InstallState {
  /** The browser offers to install (an Install button can show). */
  canPrompt: boolean;
  /** Installed from this page (appinstalled) during this visit. */
  installed: boolean;
}

let deferred: BeforeInstallPromptEvent | null = null;
let state: InstallState = { canPrompt: false, installed: false };
const listeners = new Set<() => void>();

function set(next: Partial<InstallState>) {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
}

/** Start listening (main.tsx, before the first render). */
export function captureInstallPrompt() {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep it for our own button instead of the browser's mini-infobar.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    set({ canPrompt: true });
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    set({ canPrompt: false, installed: true });
  });
}

export const installPrompt = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  getSnapshot: () => state,
  /** Show the browser's install dialog; the offer is used up either way (the browser may offer it again later). */
  async prompt(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
    const event = deferred;
    if (!event) return 'unavailable';
    deferred = null;
    set({ canPrompt: false });
    await event.prompt();
    const { outcome } = await event.userChoice;
    if (outcome === 'accepted') set({ installed: true });
    return outcome;
  },
};
