import * as React from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazyNamed } from '#/lib/lazy-named';
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

/** Theme, server-state cache and the toast outlet (tooltips bring their own provider). */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: React.ReactNode }) {
  const loaded = useWindowLoaded();
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        {children}
        {loaded && (
          <React.Suspense fallback={null}>
            <Toaster />
          </React.Suspense>
        )}
      </QueryClientProvider>
    </ThemeProvider>
  );
}
