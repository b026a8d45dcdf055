import * as React from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { lazyNamed } from '#/lib/lazy-named';
import { startOfflineSync } from '#/lib/offline/offline-sync';
import { createOfflinePersister, persistOptions } from '#/lib/offline/persister';
import { ThemeProvider } from '#/lib/theme';

// The toast outlet (sonner, which also injects its stylesheet) is not needed for the first screen: it loads once
// the page has loaded. Toasts shown before it is there are not lost: sonner replays them when it subscribes.
const Toaster = lazyNamed(() => import('#/components/ui/sonner'), 'Toaster');

function useWindowLoaded(): boolean {
  const [loaded, setLoaded] = React.useState(() => document.readyState === 'complete');
  React.useEffect(() => {
    if (loaded) return;
    const done = () => setLoaded(true);
    window.addEventListener('load', done, { once: true });
    return () => window.removeEventListener('load', done);
  }, [loaded]);
  return loaded;
}

/**
 * Theme, server-state cache and the toast outlet (tooltips bring their own provider). The cache is kept on the
 * device for offline reading (issue 21, lib/offline/persister.ts): the app restores it before its first query.
 */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: React.ReactNode }) {
  const loaded = useWindowLoaded();
  const [persister] = React.useState(() => createOfflinePersister());
  const [options] = React.useState(() => persistOptions(persister));
  React.useEffect(() => startOfflineSync(queryClient, persister), [queryClient, persister]);
  return (
    <ThemeProvider>
      {/* What came back from the device is shown at once; online, it is then read again from the server (a copy
          written a second before a reload may predate the last change). Only that: what this page already fetched
          or set is not asked twice. */}
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={options}
        onSuccess={() => {
          const restored = persister.restored();
          if (navigator.onLine && restored.size > 0) void queryClient.invalidateQueries({ predicate: (q) => restored.has(q.queryHash) });
        }}
      >
        {children}
        {loaded && (
          <React.Suspense fallback={null}>
            <Toaster />
          </React.Suspense>
        )}
      </PersistQueryClientProvider>
    </ThemeProvider>
  );
}
