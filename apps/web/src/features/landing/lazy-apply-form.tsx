import * as React from 'react';
import { Spinner } from '#/components/ui/spinner';
import { lazyNamed } from '#/lib/lazy-named';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

const LoadedApplyForm = lazyNamed(() => import('./apply-form'), 'ApplyForm');

/** What shows the visitor is heading for the form: the first scroll, tap or key press, wherever it happens. */
const INTENT_EVENTS = ['scroll', 'pointerdown', 'keydown', 'touchstart'] as const;
/** Otherwise it loads this long after the page has loaded (a reader whose assistive technology sends no events). */
const AFTER_LOAD_MS = 3000;

/**
 * The application form, loaded once the visitor shows they are reading on (decision 011): on a phone it sits
 * well below the hero, and its code (react-hook-form, the shared schemas) and its rendering need not delay the
 * first screen. It loads at the first scroll, tap or key press, when it is on screen (a wide window, or a
 * '#apply' link), or a few seconds after the page has loaded, whichever comes first. Until then a placeholder of
 * about its height holds its place and its id. Rendered in a transition, so React slices the work.
 */
export function ApplyForm({ id }: { id?: string }) {
  const [wanted, setWanted] = React.useState(LoadedApplyForm.isLoaded);
  const placeholder = React.useRef<HTMLDivElement>(null);
  const t = useT(catalog);

  React.useEffect(() => {
    if (wanted) return;
    const want = () => React.startTransition(() => setWanted(true));
    const node = placeholder.current;
    if (!node || typeof IntersectionObserver === 'undefined') return want();
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && want());
    observer.observe(node);
    for (const type of INTENT_EVENTS) window.addEventListener(type, want, { once: true, passive: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => (timer = setTimeout(want, AFTER_LOAD_MS));
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
    return () => {
      observer.disconnect();
      for (const type of INTENT_EVENTS) window.removeEventListener(type, want);
      window.removeEventListener('load', later);
      clearTimeout(timer);
    };
  }, [wanted]);

  const waiting = (
    <div ref={placeholder} id={id} className="flex min-h-[149rem] scroll-mt-40 justify-center pt-8 sm:min-h-[125rem]">
      <Spinner className="size-6" label={t('landing.apply.loading')} />
    </div>
  );
  if (!wanted) return waiting;
  return (
    <React.Suspense fallback={waiting}>
      <LoadedApplyForm id={id} />
    </React.Suspense>
  );
}
