import type * as React from 'react';
import type { CommunitySummaryView } from '@bayclub/shared';
import { CardGrid } from '#/components/card-grid';
import { Skeleton } from '#/components/ui/skeleton';
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
    <CardGrid label={label} items={communities} getKey={(community) => community.id} className={GRID}>
      {(community) => <CommunityCard community={community} extra={extra?.(community)} headingLevel={headingLevel} />}
    </CardGrid>
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
