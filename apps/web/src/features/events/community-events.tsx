import * as React from 'react';
import { PlusIcon } from 'lucide-react';
import { CLUB_TIME_ZONE, type CommunityView, type CommunityViewerState } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { lazyNamed } from '#/lib/lazy-named';
import { useT } from '#/lib/i18n';
import { ZoneNote } from './event-card';
import { EventList } from './event-list';
import { useCanCreateEvents } from './use-can-create-events';
import { catalog } from './i18n';

const EventFormDialog = lazyNamed(() => import('./event-form-dialog'), 'EventFormDialog');

/**
 * A community's Events tab: its upcoming events (GET /api/events?communityId=), and Create event for its active
 * members who may create events (the new event starts in this community).
 */
export function CommunityEvents({ community, viewer }: { community: CommunityView; viewer: CommunityViewerState }) {
  const t = useT(catalog);
  const canCreate = useCanCreateEvents() && viewer.status === 'active';
  const [creating, setCreating] = React.useState(false);
  const filters = React.useMemo(() => ({ communityId: community.id }), [community.id]);
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-end gap-3">
        <ZoneNote zone={CLUB_TIME_ZONE} className="mr-auto" />
        {canCreate && (
          <Button onClick={() => setCreating(true)} onPointerEnter={() => void EventFormDialog.preload()}>
            <PlusIcon aria-hidden="true" />
            {t('events.create')}
          </Button>
        )}
      </div>
      <EventList filters={filters} label={t('events.community.upcoming', { name: community.name })} headingLevel={3} pageZone={CLUB_TIME_ZONE} />
      {creating && (
        <React.Suspense fallback={null}>
          <EventFormDialog open={creating} onOpenChange={setCreating} communityId={community.id} />
        </React.Suspense>
      )}
    </div>
  );
}
