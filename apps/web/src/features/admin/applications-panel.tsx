import { useState } from 'react';
import { InboxIcon } from 'lucide-react';
import { Button } from '#/components/ui/button';
import { Skeleton } from '#/components/ui/skeleton';
import { Spinner } from '#/components/ui/spinner';
import { errorMessage } from '#/lib/api';
import { cn } from '#/lib/utils';
import { useApplicationsQuery, type ApplicationFilter } from './api';
import { ApplicationCard } from './application-card';
import { SectionError } from './section-error';

const FILTERS: ReadonlyArray<{ value: ApplicationFilter; label: string; empty: string }> = [
  { value: 'all', label: 'All', empty: 'No applications yet' },
  { value: 'pending', label: 'Pending', empty: 'No pending applications' },
  { value: 'approved', label: 'Approved', empty: 'No approved applications' },
  { value: 'rejected', label: 'Rejected', empty: 'No rejected applications' },
];

/** Membership applications, pending first, a page at a time. */
export function ApplicationsPanel() {
  const [filter, setFilter] = useState<ApplicationFilter>('all');
  const query = useApplicationsQuery(filter);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const current = FILTERS.find((f) => f.value === filter)!;

  return (
    <section aria-labelledby="applications-title" className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1">
          <h2 id="applications-title" className="text-xl font-semibold tracking-tight">
            Membership applications
          </h2>
          <p className="text-sm text-muted-foreground">Approving gives the member full platform access.</p>
        </div>
        <div
          role="group"
          aria-label="Filter applications by status"
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
              {f.label}
            </button>
          ))}
        </div>
      </div>

      {query.isPending ? (
        <ListSkeleton />
      ) : query.isError ? (
        <SectionError message={errorMessage(query.error, 'The applications could not be loaded.')} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <div className="grid justify-items-center gap-2 rounded-xl border border-dashed px-6 py-14 text-center">
          <InboxIcon aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-medium">{current.empty}</p>
        </div>
      ) : (
        <>
          <ul aria-label={`${current.label} applications`} className="grid gap-4">
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
              {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading applications" className="grid gap-4">
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
