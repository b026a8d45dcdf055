import * as React from 'react';

/**
 * Whether the global search overlay is open, for the whole signed-in app: the Settings menu's Search entry and the
 * Ctrl/Cmd+K shortcut open it, the overlay closes it. A module-level store, so the opener does not need the overlay's
 * code (which loads lazily, decision 011).
 */
interface SearchOverlayState {
  open: boolean;
  /** Where focus returns on close (a menu item that opened it is gone by then: its menu's button). */
  returnFocusTo: HTMLElement | null;
}

let state: SearchOverlayState = { open: false, returnFocusTo: null };
const listeners = new Set<() => void>();
const set = (next: SearchOverlayState) => {
  state = next;
  listeners.forEach((l) => l());
};

export const openGlobalSearch = (returnFocusTo: HTMLElement | null = null) => set({ open: true, returnFocusTo });
export const closeGlobalSearch = () => set({ ...state, open: false });

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useGlobalSearchState = () => React.useSyncExternalStore(subscribe, () => state);
