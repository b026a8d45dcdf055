import * as React from 'react';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { errorMessage } from '#/lib/api';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

interface LoadMoreProps {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => unknown;
  /** Fetch the next page as the button scrolls near (the default); false: only when it is pressed. */
  auto?: boolean;
}

/**
 * The next keyset page: fetched by itself when the button scrolls near the screen (infinite scroll), and by the
 * button for keyboards, screen readers and browsers without IntersectionObserver. A failed page says why and the
 * button tries again.
 */
export function LoadMore({ hasNextPage, isFetchingNextPage, isFetchNextPageError, error, fetchNextPage, auto: scroll = true }: LoadMoreProps) {
  const t = useT(catalog);
  const ref = React.useRef<HTMLButtonElement>(null);
  const auto = scroll && hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  const next = React.useRef(fetchNextPage);
  next.current = fetchNextPage;

  React.useEffect(() => {
    const node = ref.current;
    if (!auto || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && next.current(), {
      rootMargin: '400px',
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [auto]);

  if (!hasNextPage) return null;
  return (
    <div className="grid justify-items-center gap-2">
      <Button ref={ref} variant="outline" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
        {isFetchingNextPage && <Spinner />}
        {isFetchingNextPage ? t('components.loading') : t('components.loadMore')}
      </Button>
      {isFetchNextPageError && (
        <p role="alert" className="text-center text-sm text-destructive">
          {errorMessage(error)}
        </p>
      )}
    </div>
  );
}
