import * as React from 'react';

/**
 * Renders `children` (a lazily loaded dialog) only once `open` has been true, so its code downloads the first
 * time it opens, not with the page (decision 011; after the first visit the service worker has it cached). It
 * then stays mounted, so closing still animates and returns focus.
 */
export function OnceOpened({ open, children }: { open: boolean; children: React.ReactNode }) {
  const [opened, setOpened] = React.useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  // Nothing to show while the code arrives: the dialog appears when it is ready.
  return <React.Suspense fallback={null}>{children}</React.Suspense>;
}
