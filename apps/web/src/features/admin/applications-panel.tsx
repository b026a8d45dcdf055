import { useState } from 'react';
import { InboxIcon } from 'lucide-react';
import { Button } from '#/components/ui/button';
import { Skeleton } from '#/components/ui/skeleton';
import { Spinner } from '#/components/ui/spinner';
import { errorMessage } from '#/lib/api';
import { useT } from '#/lib/i18n';
import { cn } from '#/lib/utils';
import { useApplicationsQuery, type ApplicationFilter } from './api';
import { ApplicationCard } from './application-card';
import { SectionError } from './section-error';
import { catalog } from './i18n';

/** Each filter's button, list name and empty state (catalogue ids). */
const FILTERS: ReadonlyArray<{ value: ApplicationFilter; label: string; list: string; empty: string }> = [
  { value: 'all', label: 'admin.applications.filter.all', list: 'admin.applications.list.all', empty: 'admin.applications.empty.all' },
  { value: 'pending', label: 'admin.applications.filter.pending', list: 'admin.applications.list.pending', empty: 'admin.applications.empty.pending' },
  { value: 'approved', label: 'admin.applications.filter.approved', list: 'admin.applications.list.approved', empty: 'admin.applications.empty.approved' },
  { value: 'rejected', label: 'admin.applications.filter.rejected', list: 'admin.applications.list.rejected', empty: 'admin.applications.empty.rejected' },
];

/** Membership applications, pending first, a page at a time. */
export function ApplicationsPanel() {
  const t = useT(catalog);
  const [filter, setFilter] = useState<ApplicationFilter>('all');
  const query = useApplicationsQuery(filter);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const current = FILTERS.find((f) => f.value === filter)!;

  return (
    <section aria-labelledby="applications-title" className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1">
          <h2 id="applications-title" className="text-xl font-semibold tracking-tight">
            {t('admin.applications.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('admin.applications.description')}</p>
        </div>
        <div
          role="group"
          aria-label={t('admin.applications.filterLabel')}
          className="grid grid-cols-4 rounded-lg bg-muted p-1 text-sm sm:inline-grid"
        >
          {FILTERS.map((f) => (
            <button
              key={f.value}
              type="button"
              aria-pressed={filter === f.value}
              onClick={() => setFilter(f.value)}
              className={cn(
                'rounded-md px-3 py-1.5 font-medium text-muted-foreground transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
                filter === f.value ? 'bg-background text-foreground shadow-sm' : 'hover:text-foreground',
              )}
            >
              {t(f.label)}
            </button>
          ))}
        </div>
      </div>

      {query.isPending ? (
        <ListSkeleton />
      ) : query.isError ? (
        <SectionError message={errorMessage(query.error, t('admin.applications.loadError'))} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <div className="grid justify-items-center gap-2 rounded-xl border border-dashed px-6 py-14 text-center">
          <InboxIcon aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-medium">{t(current.empty)}</p>
        </div>
      ) : (
        <>
          <ul aria-label={t(current.list)} className="grid gap-4">
            {items.map((application) => (
              <li key={application.id}>
                <ApplicationCard application={application} />
              </li>
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
              {query.isFetchingNextPage ? t('admin.common.loading') : t('admin.common.loadMore')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

function ListSkeleton() {
  const t = useT(catalog);
  return (
    <div role="status" aria-label={t('admin.applications.loading')} className="grid gap-4">
      {[0, 1, 2].map((i) => (
        <div key={i} className="grid gap-3 rounded-xl border p-5">
          <div className="flex items-center gap-3">
            <Skeleton className="size-12 rounded-full" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-24" />
            </div>
          </div>
          <Skeleton className="h-16 w-full" />
        </div>
      ))}
    </div>
  );
}
