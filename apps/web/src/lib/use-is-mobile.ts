import * as React from 'react';
import { LIMITS } from '@bayclub/shared';

const query = `(max-width: ${LIMITS.mobileBreakpointPx - 1}px)`;

function subscribe(onChange: () => void) {
  const mql = window.matchMedia(query);
  mql.addEventListener('change', onChange);
  window.addEventListener('resize', onChange);
  return () => {
    mql.removeEventListener('change', onChange);
    window.removeEventListener('resize', onChange);
  };
}

/** True below the 768 px breakpoint (spec 9). */
export function useIsMobile(): boolean {
  return React.useSyncExternalStore(
    subscribe,
    () => window.innerWidth < LIMITS.mobileBreakpointPx,
    () => false,
  );
}
