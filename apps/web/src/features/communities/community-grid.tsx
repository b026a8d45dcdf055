import type * as React from 'react';
import { AlertTriangleIcon, RotateCcwIcon, UsersRoundIcon } from 'lucide-react';
import type { CommunitySummaryView } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Skeleton } from '#/components/ui/skeleton';
import { errorMessage } from '#/lib/api';
import { CommunityCard } from './community-card';

/** Cards in one column on phones, two from 768 px, three on wide screens. */
const GRID = 'grid gap-4 md:grid-cols-2 xl:grid-cols-3';

export function CommunityGrid({
  label,
  communities,
  extra,
  headingLevel,
}: {
  label: string;
  communities: CommunitySummaryView[];
  extra?: (community: CommunitySummaryView) => React.ReactNode;
  headingLevel?: 2 | 3;
}) {
  return (
    <ul aria-label={label} className={GRID}>
      {communities.map((community) => (
        <li key={community.id}>
          <CommunityCard community={community} extra={extra?.(community)} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

export function CommunityGridSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className={GRID}>
      {[0, 1, 2].map((i) => (
        <div key={i} className="overflow-hidden rounded-xl border">
          <Skeleton className="aspect-[3/1] rounded-none" />
          <div className="grid gap-2 p-4">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-24" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** A list that failed to load: the reason and Retry. */
export function ListError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="grid justify-items-center gap-3 rounded-xl border border-destructive/40 bg-destructive/5 px-6 py-10 text-center">
      <AlertTriangleIcon aria-hidden="true" className="size-8 text-destructive" />
      <p className="font-medium">Could not load {what}</p>
      <p className="text-sm text-muted-foreground">{errorMessage(error)}</p>
      <Button variant="outline" onClick={onRetry}>
        <RotateCcwIcon aria-hidden="true" />
        Retry
      </Button>
    </div>
  );
}

export function EmptyState({ title, hint, children }: { title: string; hint?: string; children?: React.ReactNode }) {
  return (
    <div className="grid justify-items-center gap-2 rounded-xl border border-dashed px-6 py-12 text-center">
      <UsersRoundIcon aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="font-medium">{title}</p>
      {hint && <p className="max-w-sm text-sm text-muted-foreground">{hint}</p>}
      {children}
    </div>
  );
}
