import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '#/lib/realtime/use-realtime';
import { locationKeys } from './api';

/** A busy evening can bring many check-ins a minute: the list is read again at most this often. */
const LIST_REFRESH_GAP_MS = 3_000;

/**
 * Someone checked in or out where the member may see it (location:here-now): the place's page (when
 * `locationId` is the place) is read again at once, the lists' counts at once too,
 * then at most once every few seconds.
 */
export function useHereNowRealtime(locationId?: string) {
  const queryClient = useQueryClient();
  const timer = React.useRef<number | undefined>(undefined);
  const pending = React.useRef(false);
  React.useEffect(() => () => window.clearTimeout(timer.current), []);
  const refreshLists = React.useCallback(() => {
    // The first event refreshes at once; more within the gap are folded into one refresh at its end.
    if (timer.current !== undefined) return void (pending.current = true);
    void queryClient.invalidateQueries({ queryKey: locationKeys.lists() });
    timer.current = window.setTimeout(() => {
      timer.current = undefined;
      if (pending.current) {
        pending.current = false;
        refreshLists();
      }
    }, LIST_REFRESH_GAP_MS);
  }, [queryClient]);
  useRealtimeEvent((event) => {
    if (event.type !== 'location:here-now') return;
    if (locationId && event.locationId === locationId) void queryClient.invalidateQueries({ queryKey: locationKeys.detail(locationId) });
    refreshLists();
  });
}
