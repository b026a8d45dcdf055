import type * as React from 'react';
import { EVENT_MESSAGES, type EventSummaryView } from '@bayclub/shared';
import { itemsOf } from '#/lib/api';
import { useSharedText, useT } from '#/lib/i18n';
import { Skeleton } from '#/components/ui/skeleton';
import { CardGrid, EmptyState, ListError } from '#/components/card-grid';
import { LoadMore } from '#/components/load-more';
import { useEventListQuery, type EventFilters } from './api';
import { EventCard } from './event-card';
import { OnlineOr } from '#/components/offline-banner';
import { catalog } from './i18n';

/** One column on phones, two from 768 px. */
// grid-cols-1 (minmax(0, 1fr)), not the implicit auto column: a card's one-line (truncated) venue would otherwise
// widen the column to its full text and push the page sideways on a phone.
const GRID = 'grid grid-cols-1 gap-3 md:grid-cols-2';

export function EventCards({
  events,
  label,
  headingLevel,
  oneColumn = false,
  pageZone = null,
}: {
  events: EventSummaryView[];
  label: string;
  headingLevel?: 2 | 3;
  /** Beside the month calendar there is room for one column only. */
  oneColumn?: boolean;
  /** The zone the page names once (its cards then leave it out). */
  pageZone?: string | null;
}) {
  return (
    <CardGrid label={label} items={events} getKey={(event) => event.id} className={oneColumn ? 'grid grid-cols-1 gap-3' : GRID}>
      {(event) => <EventCard event={event} headingLevel={headingLevel} pageZone={pageZone} />}
    </CardGrid>
  );
}

export function EventListSkeleton({ label }: { label?: string }) {
  const t = useT(catalog);
  return (
    <div role="status" aria-label={label ?? t('events.list.loading')} className={GRID}>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="overflow-hidden rounded-xl border">
          <Skeleton className="h-28 w-full rounded-none sm:h-32" />
          <div className="flex gap-4 p-4">
            <Skeleton className="h-16 w-14" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-5 w-40" />
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-4 w-24" />
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * Upcoming events with these filters, soonest first; the next page loads as the end comes near (or by the button).
 * `empty` is what to offer when there is nothing (Create event, for those who may).
 */
export function EventList({
  filters,
  label,
  headingLevel,
  empty,
  pageZone = null,
}: {
  filters: EventFilters;
  label?: string;
  headingLevel?: 2 | 3;
  empty?: React.ReactNode;
  pageZone?: string | null;
}) {
  const query = useEventListQuery(filters);
  const t = useT(catalog);
  const s = useSharedText();
  const events = itemsOf(query.data);
  if (query.isPending) {
    return (
      <OnlineOr what={t('events.list.offlineWhat')}>
        <EventListSkeleton />
      </OnlineOr>
    );
  }
  if (query.isError && events.length === 0) {
    return <ListError what={t('events.list.errorWhat')} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (events.length === 0) {
    return (
      <EmptyState title={s(EVENT_MESSAGES.noEvents)} hint={s(EVENT_MESSAGES.noEventsHint)}>
        {empty}
      </EmptyState>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-4">
      <EventCards events={events} label={label ?? s(EVENT_MESSAGES.upcoming)} headingLevel={headingLevel} pageZone={pageZone} />
      <LoadMore {...query} />
    </div>
  );
}
