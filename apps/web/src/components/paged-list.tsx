import type * as React from 'react';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { isApiError, itemsOf } from '#/lib/api';
import { useT } from '#/lib/i18n';
import { CardGrid, ListError } from './card-grid';
import { catalog } from './i18n';
import { LoadMore } from './load-more';
import { OnlineOr } from './offline-banner';

interface PagedListProps<T> {
  query: UseInfiniteQueryResult<{ pages: Array<{ items: T[] }> }, unknown>;
  /** The list's accessible name. */
  label: string;
  /** Said in 'Could not load {what}' (the label in lower case unless told). */
  what?: string;
  /** Shown while the first page loads. */
  skeleton: React.ReactNode;
  /** Shown when there is nothing. */
  empty: React.ReactNode;
  /** Shown instead of the error when the server answers 403 (a limited member reaching a full members' list). */
  forbidden?: React.ReactNode;
  getKey: (item: T) => string;
  renderItem: (item: T) => React.ReactNode;
  /** Fetch the next page as the end scrolls near (the default), or only by the button. */
  autoLoad?: boolean;
}

/** A keyset-paged list of rows: skeleton, error with Retry, empty state, the rows, and Load more. */
export function PagedList<T>({ query, label, what, skeleton, empty, forbidden, getKey, renderItem, autoLoad = true }: PagedListProps<T>) {
  const t = useT(catalog);
  const items = itemsOf(query.data);
  const list = label.toLowerCase();
  if (query.isPending) return <OnlineOr what={t('components.paged.offlineWhat', { list })}>{skeleton}</OnlineOr>;
  if (query.isError && items.length === 0) {
    if (forbidden && isApiError(query.error) && query.error.isForbidden) return forbidden;
    return <ListError what={what ?? t('components.paged.errorWhat', { list })} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (items.length === 0) return empty;
  return (
    <div className="grid gap-4">
      <CardGrid label={label} items={items} getKey={getKey} className="grid gap-3">
        {renderItem}
      </CardGrid>
      <LoadMore {...query} auto={autoLoad} />
    </div>
  );
}
