import * as React from 'react';
import { CalendarDaysIcon, ListIcon, PlusIcon } from 'lucide-react';
import { canSeeMembers, CLUB_TIME_ZONE, EVENT_MESSAGES } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { useCan, useSession } from '#/lib/session/use-session';
import { useIsMobile } from '#/lib/use-is-mobile';
import { lazyNamed } from '#/lib/lazy-named';
import { useSharedText, useT } from '#/lib/i18n';
import { CalendarFeedButton } from './calendar-feed-button';
import { ToggleButton } from '#/components/toggle-button';
import { EventFiltersBar, EventFiltersSheet, useEventFiltersInUrl } from './event-filters';
import { ZoneNote } from './event-card';
import { EventList, EventListSkeleton } from './event-list';
import { useCanCreateEvents } from './use-can-create-events';
import { VisitorApply } from './visitor-apply';
import { catalog } from './i18n';

// The month view (react-day-picker) and the form (react-hook-form, the schema) load when they are used.
const EventMonth = lazyNamed(() => import('./event-month'), 'EventMonth');
const EventFormDialog = lazyNamed(() => import('./event-form-dialog'), 'EventFormDialog');

/**
 * '/events' for visitors and members: upcoming events (public ones for visitors, with the Apply call to action),
 * filtered by city, community, week / weekend / month and Going, as a list or a month calendar (kept in the URL).
 */
export function EventsPage() {
  const { me, audience } = useSession();
  const approved = canSeeMembers(me?.profile ?? null);
  const canCreate = useCanCreateEvents();
  const canFeed = useCan('access_calendar') && approved;
  const { filters, view, update } = useEventFiltersInUrl();
  const [creating, setCreating] = React.useState(false);
  const phone = useIsMobile();
  const t = useT(catalog);
  const s = useSharedText();
  // Cards are in the club's zone, named once here (decision 025) rather than on every card.
  const create = canCreate ? (
    <Button onClick={() => setCreating(true)} onPointerEnter={() => void EventFormDialog.preload()}>
      <PlusIcon aria-hidden="true" />
      {t('events.create')}
    </Button>
  ) : null;

  return (
    <section aria-labelledby="events-title" className="mx-auto grid w-full max-w-5xl content-start gap-4 px-4 py-4 sm:gap-5 sm:px-6 sm:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h1 id="events-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
            {t('events.page.title')}
          </h1>
          <p className="text-muted-foreground">{t('events.page.subtitle', { upcoming: s(EVENT_MESSAGES.upcoming) })}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {canFeed && <CalendarFeedButton />}
          {create}
        </div>
      </div>
      {audience === 'signed-out' && !phone && <VisitorApply />}
      {!phone && <EventFiltersBar filters={filters} update={update} approved={approved} />}
      <div className="flex flex-wrap items-center gap-2">
        {phone && <EventFiltersSheet filters={filters} update={update} approved={approved} />}
        <div className="flex gap-2" role="group" aria-label={t('events.page.view')}>
          <ToggleButton pressed={view === 'list'} onClick={() => update({ view: undefined })}>
            <ListIcon aria-hidden="true" />
            {t('events.page.list')}
          </ToggleButton>
          <ToggleButton pressed={view === 'month'} onClick={() => update({ view: 'month' })}>
            <CalendarDaysIcon aria-hidden="true" />
            {t('events.page.month')}
          </ToggleButton>
        </div>
        <ZoneNote zone={CLUB_TIME_ZONE} className="basis-full sm:ml-auto sm:basis-auto" />
      </div>
      {view === 'month' ? (
        <React.Suspense fallback={<EventListSkeleton />}>
          <EventMonth filters={filters} />
        </React.Suspense>
      ) : (
        <EventList filters={filters} empty={create} pageZone={CLUB_TIME_ZONE} />
      )}
      {/* On a phone the events come first; the visitor's call to action follows them. */}
      {audience === 'signed-out' && phone && <VisitorApply />}
      {creating && (
        <React.Suspense fallback={null}>
          <EventFormDialog open={creating} onOpenChange={setCreating} />
        </React.Suspense>
      )}
    </section>
  );
}
