import * as React from 'react';
import { Spinner } from '#/components/ui/spinner';
import { lazyNamed } from '#/lib/lazy-named';

const LoadedApplyForm = lazyNamed(() => import('./apply-form'), 'ApplyForm');

/** What shows the visitor is heading for the form: the first scroll, tap or key press, wherever it happens. */
const INTENT_EVENTS = ['scroll', 'pointerdown', 'keydown', 'touchstart'] as const;

/**
 * The application form, loaded once the visitor shows they are reading on (decision 011): on a phone it sits
 * well below the hero, and its code (react-hook-form, the shared schemas) and its rendering need not delay the
 * first screen. It loads at the first scroll, tap or key press, or when it is on screen (a wide window, or a
 * '#apply' link). Until then a placeholder of about its height holds its place and its id.
 */
export function ApplyForm({ id }: { id?: string }) {
  const [wanted, setWanted] = React.useState(LoadedApplyForm.isLoaded);
  const placeholder = React.useRef<HTMLDivElement>(null);

  React.useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const node = placeholder.current;
    if (!node || typeof IntersectionObserver === 'undefined') return want();
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && want());
    observer.observe(node);
    for (const type of INTENT_EVENTS) window.addEventListener(type, want, { once: true, passive: true });
    return () => {
      observer.disconnect();
      for (const type of INTENT_EVENTS) window.removeEventListener(type, want);
    };
  }, [wanted]);

  const waiting = (
    <div ref={placeholder} id={id} className="flex min-h-[149rem] scroll-mt-40 justify-center pt-8 sm:min-h-[125rem]">
      <Spinner className="size-6" label="Loading the application form..." />
    </div>
  );
  if (!wanted) return waiting;
  return (
    <React.Suspense fallback={waiting}>
      <LoadedApplyForm id={id} />
    </React.Suspense>
  );
}
