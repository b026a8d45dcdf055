import * as React from 'react';

/**
 * True once the element has come near the viewport, so a long chat does not ask for every link preview
 * at once. Without IntersectionObserver (old browsers, tests) it is true at once.
 */
export function useInView<T extends Element>(): [React.RefCallback<T>, boolean] {
  const [seen, setSeen] = React.useState(() => typeof IntersectionObserver === 'undefined');
  const observer = React.useRef<IntersectionObserver | null>(null);
  const ref = React.useCallback(
    (el: T | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!el || seen) return;
      observer.current = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) {
            setSeen(true);
            observer.current?.disconnect();
          }
        },
        { rootMargin: '200px' },
      );
      observer.current.observe(el);
    },
    [seen],
  );
  return [ref, seen];
}
