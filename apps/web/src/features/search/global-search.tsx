import * as React from 'react';
import { canSeeMembers, type MeView } from '@bayclub/shared';
import { OnceOpened } from '#/components/once-opened';
import { lazyNamed } from '#/lib/lazy-named';
import { closeGlobalSearch, openGlobalSearch, useGlobalSearchState } from './search-store';

const SearchOverlay = lazyNamed(() => import('./search-overlay'), 'SearchOverlay');

/** Ctrl+K (Cmd+K on a Mac) anywhere: the spec's shortcut keys are Ctrl or Cmd (the side menu's is B). */
export const isSearchShortcut = (e: KeyboardEvent) =>
  (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';

/**
 * Global search for the signed-in layout (mounted once): the Ctrl/Cmd+K shortcut and the overlay, whose code loads
 * the first time it opens. Only approved members search (decision 017); for the others there is nothing here.
 */
export function GlobalSearch({ me }: { me: MeView }) {
  return canSeeMembers(me.profile) ? <SearchLauncher /> : null;
}

function SearchLauncher() {
  const { open, returnFocusTo } = useGlobalSearchState();
  React.useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (!isSearchShortcut(e)) return;
      e.preventDefault();
      openGlobalSearch(document.activeElement instanceof HTMLElement ? document.activeElement : null);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <OnceOpened open={open}>
      <SearchOverlay open={open} onOpenChange={(next: boolean) => !next && closeGlobalSearch()} returnFocusTo={returnFocusTo} />
    </OnceOpened>
  );
}
