import { onlineManager, type QueryClient } from '@tanstack/react-query';
import type { Persister } from '@tanstack/react-query-persist-client';
import { clearDrafts } from './drafts';
import { outbox } from './outbox';
import { isSessionKey, watchCacheOwner } from './persister';

/**
 * Ties the offline pieces to the app's query client: the outbox loads the signed-in member's queue (also when the
 * session came from the device, offline) and sends it when the connection returns; a change of member wipes the
 * kept cache, the queue and the drafts. Returns the unsubscribe.
 */
export function startOfflineSync(queryClient: QueryClient, persister: Persister): () => void {
  outbox.queryClient = queryClient;
  const stopOwner = watchCacheOwner(queryClient, persister, () => {
    outbox.clear();
    clearDrafts();
  });
  const loadQueue = () => {
    const me = queryClient.getQueryData<{ user: { id: string } } | null>(['me']);
    if (me) void outbox.load(me.user.id);
  };
  loadQueue();
  const stopMe = queryClient.getQueryCache().subscribe((event) => {
    if ((event.type === 'added' || event.type === 'updated') && isSessionKey(event.query.queryKey)) loadQueue();
  });
  const stopOnline = onlineManager.subscribe((online) => {
    if (online) void outbox.flush();
  });
  // Back on the app (a phone wakes the tab): what waits goes, without waiting for the next retry.
  const onVisible = () => {
    if (document.visibilityState === 'visible') void outbox.flush();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    stopOwner();
    stopMe();
    stopOnline();
    document.removeEventListener('visibilitychange', onVisible);
  };
}
