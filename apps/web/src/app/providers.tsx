import * as React from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazyNamed } from '#/lib/lazy-named';
import { ThemeProvider } from './theme';

// The toast outlet (sonner) is not needed for the first paint: it loads next to the page. Toasts shown before it
// is there are not lost: sonner replays them to its outlet when it subscribes.
const Toaster = lazyNamed(() => import('#/components/ui/sonner'), 'Toaster');

/** Theme, server-state cache and the toast outlet (tooltips bring their own provider). */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: React.ReactNode }) {
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        {children}
        <React.Suspense fallback={null}>
          <Toaster />
        </React.Suspense>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
