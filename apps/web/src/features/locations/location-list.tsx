import type * as React from 'react';
import { LOCATION_MESSAGES, type LocationCardView } from '@bayclub/shared';
import { itemsOf } from '#/lib/api';
import { Skeleton } from '#/components/ui/skeleton';
import { CardGrid, EmptyState, ListError } from '#/components/card-grid';
import { LoadMore } from '#/components/load-more';
import { useSharedText, useT } from '#/lib/i18n';
import { useLocationListQuery, type LocationFilters } from './api';
import { catalog } from './i18n';
import { LocationCard } from './location-card';

/** One column on phones, two from 768 px, three on wide screens. */
// grid-cols-1 (minmax(0, 1fr)): see the events list; a long truncated name must not widen the page.
const GRID = 'grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3';

export function LocationCards({ places, label, headingLevel }: { places: LocationCardView[]; label: string; headingLevel?: 2 | 3 }) {
  return (
    <CardGrid label={label} items={places} getKey={(place) => place.id} className={GRID}>
      {(place) => <LocationCard place={place} headingLevel={headingLevel} />}
    </CardGrid>
  );
}

export function LocationListSkeleton() {
  const t = useT(catalog);
  return (
    <div role="status" aria-label={t('locations.list.loading')} className={GRID}>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex gap-4 rounded-xl border p-3">
          <Skeleton className="size-20 sm:size-24" />
          <div className="grid flex-1 content-start gap-2">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-4 w-24" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * The places for these filters (nearest first with a position, else by name); the next page loads as the end
 * comes near, or by the button. `empty` is what to offer when nothing matches (Clear filters, New place).
 */
export function LocationList({ filters, label, empty }: { filters: LocationFilters; label: string; empty?: React.ReactNode }) {
  const query = useLocationListQuery(filters);
  const places = itemsOf(query.data);
  const t = useT(catalog);
  const s = useSharedText();
  if (query.isPending) return <LocationListSkeleton />;
  if (query.isError && places.length === 0) return <ListError what={t('locations.list.what')} error={query.error} onRetry={() => void query.refetch()} />;
  if (places.length === 0) {
    return (
      <EmptyState title={s(LOCATION_MESSAGES.empty)} hint={s(LOCATION_MESSAGES.emptyHint)}>
        {empty}
      </EmptyState>
    );
  }
  return (
    <div aria-busy={query.isFetching && !query.isFetchingNextPage} className="grid grid-cols-1 gap-4">
      <LocationCards places={places} label={label} />
      <LoadMore {...query} />
    </div>
  );
}
