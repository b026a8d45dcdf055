import * as React from 'react';

/**
 * A ref for an element at the end of a list: while `enabled`, `onLoad` runs whenever it comes within 600 px of the
 * viewport. The observer is made again each time `enabled` turns true, and a new observer reports at once, so a
 * page too short to fill the screen still leads to the next one. Without IntersectionObserver nothing happens
 * (the list's Load more button remains).
 */
export function useInfiniteScroll(enabled: boolean, onLoad: () => void): React.RefCallback<Element> {
  const latest = React.useRef(onLoad);
  React.useEffect(() => {
    latest.current = onLoad;
  });
  return React.useCallback(
    (el: Element | null) => {
      if (!el || !enabled || typeof IntersectionObserver === 'undefined') return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) latest.current();
        },
        { rootMargin: '600px 0px' },
      );
      observer.observe(el);
      return () => observer.disconnect();
    },
    [enabled],
  );
}
