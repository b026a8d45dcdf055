import type * as React from 'react';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { AlertTriangleIcon, RotateCcwIcon, type LucideIcon } from 'lucide-react';
import type { Page } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Skeleton } from '#/components/ui/skeleton';
import { Spinner } from '#/components/ui/spinner';
import { errorMessage } from '#/lib/api';
import { itemsOf } from './api';
import { FullMembersOnly, isForbidden } from './full-members-only';

interface PagedListProps<T> {
  query: UseInfiniteQueryResult<{ pages: Page<T>[] }>;
  /** The list's accessible name. */
  label: string;
  empty: { icon: LucideIcon; title: string; hint?: string };
  /** What a 403 means here (a limited member reaching a full members' list). */
  forbiddenTitle: string;
  getKey: (item: T) => string;
  renderItem: (item: T) => React.ReactNode;
}

/** A connections list: skeleton, error with Retry, empty state, rows, and Load more while there is a next page. */
export function PagedList<T>({ query, label, empty, forbiddenTitle, getKey, renderItem }: PagedListProps<T>) {
  const items = itemsOf(query.data);
  if (query.isPending) return <ListSkeleton label={`Loading ${label.toLowerCase()}`} />;
  if (query.isError && items.length === 0) {
    if (isForbidden(query.error)) return <FullMembersOnly title={forbiddenTitle} />;
    return (
      <div role="alert" className="grid justify-items-center gap-3 rounded-xl border border-destructive/40 bg-destructive/5 px-6 py-10 text-center">
        <AlertTriangleIcon aria-hidden="true" className="size-8 text-destructive" />
        <p className="font-medium">Could not load {label.toLowerCase()}</p>
        <p className="text-sm text-muted-foreground">{errorMessage(query.error)}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          <RotateCcwIcon aria-hidden="true" />
          Retry
        </Button>
      </div>
    );
  }
  if (items.length === 0) {
    const Icon = empty.icon;
    return (
      <div className="grid justify-items-center gap-2 rounded-xl border border-dashed px-6 py-12 text-center">
        <Icon aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="font-medium">{empty.title}</p>
        {empty.hint && <p className="max-w-sm text-sm text-muted-foreground">{empty.hint}</p>}
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <ul aria-label={label} className="grid gap-3">
        {items.map((item) => (
          <li key={getKey(item)}>{renderItem(item)}</li>
        ))}
      </ul>
      {query.hasNextPage && (
        <Button
          variant="outline"
          className="justify-self-center"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
        >
          {query.isFetchingNextPage && <Spinner />}
          {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      )}
      {query.isFetchNextPageError && (
        <p role="alert" className="text-center text-sm text-destructive">
          {errorMessage(query.error)}
        </p>
      )}
    </div>
  );
}

function ListSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-3">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-3 rounded-xl border p-4">
          <Skeleton className="size-12 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-24" />
          </div>
          <Skeleton className="h-9 w-24" />
        </div>
      ))}
    </div>
  );
}
