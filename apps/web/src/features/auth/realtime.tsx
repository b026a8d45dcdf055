import * as React from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MeView } from '@bayclub/shared';
import { realtime } from '#/lib/realtime/realtime-client';
import { useRealtimeEvent } from '#/lib/realtime/use-realtime';
import { sessionKeys } from '#/lib/session/api';
import { isPendingMember } from '#/lib/session/profile-loader';

/** Load who is signed in (and the flags) again: the route table and the layout follow what comes back. */
export function reloadSession(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: sessionKeys.me });
  void queryClient.invalidateQueries({ queryKey: sessionKeys.permissions });
}

/**
 * The server says the member's own account changed (an application decision, a reactivation in another tab):
 * reload the session at once, so a pending member's page switches to the full platform without a reload.
 * A pending member also reloads after every reconnect, since a decision may have come while the socket was
 * down; the 2-minute poll of meQueryOptions stays as the last fallback.
 */
export function RealtimeBridge() {
  const queryClient = useQueryClient();
  // The server closes the member's sockets when their sessions end elsewhere (sign-out everywhere, a suspension or
  // deletion by an admin: issue 23). The session is read again at once: a 401 shows the signed-out page now rather
  // than at the next request. A close for any other reason reconnects, and a still-valid session reads the same.
  React.useEffect(() => realtime.onStatus((s) => s === 'closed' && reloadSession(queryClient)), [queryClient]);
  useRealtimeEvent((event) => {
    if (event.type === 'session') reloadSession(queryClient);
    if (event.type === 'ready') {
      const state = queryClient.getQueryState<MeView | null>(sessionKeys.me);
      if (isPendingMember(state?.data) && (state?.dataUpdatedAt ?? 0) < realtime.openedAt) reloadSession(queryClient);
    }
  });
  return null;
}
