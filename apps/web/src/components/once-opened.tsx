import * as React from 'react';

/**
 * Renders `children` (a lazily loaded dialog) only once `open` has been true, so its code downloads the first
 * time it opens, not with the page. It then stays mounted, so closing still animates and returns focus.
 * `preload` (the lazy component's) starts the download when the browser is idle after the page has rendered,
 * so the first open is usually instant too.
 */
export function OnceOpened({
  open,
  preload,
  children,
}: {
  open: boolean;
  preload?: () => Promise<unknown>;
  children: React.ReactNode;
}) {
  const [opened, setOpened] = React.useState(open);
  if (open && !opened) setOpened(true);
  usePreloadWhenIdle(opened ? undefined : preload);
  if (!opened) return null;
  // Nothing to show while the code arrives: the dialog appears when it is ready (a fraction of a second).
  return <React.Suspense fallback={null}>{children}</React.Suspense>;
}

/** Start `preload` once the browser has nothing else to do (after a page's own code and data). */
export function usePreloadWhenIdle(preload: (() => Promise<unknown>) | undefined) {
  React.useEffect(() => {
    if (!preload) return;
    const start = () => void preload().catch(() => undefined);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(start, { timeout: 5000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(start, 2000);
    return () => window.clearTimeout(id);
  }, [preload]);
}
