import * as React from 'react';
import { UsersRoundIcon } from 'lucide-react';
import { DIRECTORY_MESSAGES, type DirectoryCardView } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Skeleton } from '#/components/ui/skeleton';
import { errorMessage } from '#/lib/api';
import { useSharedText, useT } from '#/lib/i18n';
import { catalog } from './i18n';
import { MemberCard } from './member-card';

const GRID = 'grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-4';

export function DirectorySkeleton() {
  const t = useT(catalog);
  return (
    <div role="status" aria-label={t('directory.loading')} className={GRID}>
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-xl border">
          <Skeleton className="aspect-square w-full rounded-none" />
          <div className="grid gap-2 p-3">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        </div>
      ))}
    </div>
  );
}

export function DirectoryEmpty({ onClear }: { onClear: (() => void) | null }) {
  const s = useSharedText();
  return (
    <div className="grid justify-items-center gap-3 rounded-xl border border-dashed px-6 py-14 text-center">
      <UsersRoundIcon aria-hidden="true" className="size-10 text-muted-foreground" />
      <h2 className="text-lg font-semibold">{s(DIRECTORY_MESSAGES.empty)}</h2>
      <p className="max-w-sm text-sm text-muted-foreground">{s(DIRECTORY_MESSAGES.emptyHint)}</p>
      {onClear && (
        <Button variant="outline" onClick={onClear}>
          {s(DIRECTORY_MESSAGES.clearFilters)}
        </Button>
      )}
    </div>
  );
}

interface MemberGridProps {
  members: DirectoryCardView[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** The last attempt at the next page failed. */
  nextPageError: unknown;
  onLoadMore: () => void;
}

/**
 * The cards, and the next page: asked for when the end of the list scrolls into view (infinite scroll), or with
 * the Load more button, which is always there as the fallback (keyboards, no IntersectionObserver).
 */
export function MemberGrid({ members, hasNextPage, isFetchingNextPage, nextPageError, onLoadMore }: MemberGridProps) {
  const t = useT(catalog);
  const sentinel = React.useRef<HTMLDivElement>(null);
  const canLoad = hasNextPage && !isFetchingNextPage && !nextPageError;
  const load = React.useEffectEvent(onLoadMore);

  React.useEffect(() => {
    const node = sentinel.current;
    if (!node || !canLoad || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) load();
    }, { rootMargin: '400px 0px' });
    observer.observe(node);
    return () => observer.disconnect();
  }, [canLoad]);

  return (
    <div className="grid gap-4">
      <ul aria-label={t('directory.list.label')} className={GRID}>
        {members.map((m) => (
          <li key={m.id}>
            <MemberCard member={m} />
          </li>
        ))}
      </ul>
      <p aria-live="polite" className="sr-only">{t('directory.list.shown', { count: members.length })}</p>
      {hasNextPage && (
        <div ref={sentinel} className="grid justify-items-center gap-2">
          {nextPageError ? <p role="alert" className="text-sm text-destructive">{errorMessage(nextPageError)}</p> : null}
          <Button variant="outline" onClick={onLoadMore} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? t('directory.list.loading') : nextPageError ? t('directory.list.retry') : t('directory.list.loadMore')}
          </Button>
        </div>
      )}
    </div>
  );
}
