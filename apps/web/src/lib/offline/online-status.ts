import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';

/**
 * TanStack Query starts out assuming it is online and only learns otherwise from an 'offline' event. A page opened
 * without a connection gets no such event, so its queries would try the network (and the session its three
 * retries, ending in 'Max retries exceeded'). Start from what the browser knows instead; its online/offline events
 * keep it current after that (onlineManager's own listener).
 */
export function startOnlineTracking() {
  if (typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean') onlineManager.setOnline(navigator.onLine);
}

const subscribe = (listener: () => void) => onlineManager.subscribe(listener);

/** True while the browser has a connection (as TanStack Query sees it: paused queries resume when it returns). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => onlineManager.isOnline(), () => true);
}
