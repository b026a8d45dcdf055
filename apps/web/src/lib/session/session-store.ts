import { useSyncExternalStore } from 'react';

/**
 * Client-side session state that is not server data:
 * - `signingOut`: the full-screen 'Signing out...' screen is up;
 * - `locallySignedOut`: the member signed out here even if the server did not confirm it in time
 *   (spec 4: cleanup is forced after 3 s), so /api/me is not asked again until the next sign-in.
 */
interface SessionLocalState {
  signingOut: boolean;
  locallySignedOut: boolean;
}

let state: SessionLocalState = { signingOut: false, locallySignedOut: false };
const listeners = new Set<() => void>();

function set(patch: Partial<SessionLocalState>) {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}

export const sessionStore = {
  get: () => state,
  setSigningOut: (signingOut: boolean) => set({ signingOut }),
  setLocallySignedOut: (locallySignedOut: boolean) => set({ locallySignedOut }),
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Tests only. */
  reset: () => set({ signingOut: false, locallySignedOut: false }),
};

export function useSigningOut(): boolean {
  return useSyncExternalStore(sessionStore.subscribe, () => state.signingOut);
}
