import { Link, useParams } from 'react-router';
import { ArrowLeftIcon } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { canSeeMembers, EVENT_MESSAGES, type EventView } from '@bayclub/shared';
import { PageSpinner } from '#/components/page-spinner';
import { Button } from '#/components/ui/button';
import { useSession } from '#/lib/session/use-session';
import { MessageText } from '#/components/message-text';
import { PageLoadError } from '#/components/page-load-error';
import { useRealtimeEvent } from '#/lib/realtime/use-realtime';
import { isApiError } from '#/lib/api';
import { useSharedText, useT } from '#/lib/i18n';
import { EventPlaceMap } from '#/features/locations';
import { SalesCard, useCheckoutReturn } from '#/features/payments';
import { useEventQuery } from './api';
import { AttendancePanel } from './attendance-panel';
import { EventHostActions, EventShareActions } from './event-actions';
import { EventHeader } from './event-header';
import { EventGoing, EventHosts } from './event-people';
import { VisitorApply } from './visitor-apply';
import { eventKeys } from './keys';
import { RsvpPanel } from './rsvp-panel';
import { RsvpBar } from './rsvp-bar';
import { catalog } from './i18n';

/** '/events/:eventId' for visitors and members; the server answers 404 to anyone who may not see the event. */
export function EventPage() {
  const { eventId = '' } = useParams();
  return <EventPageContent key={eventId} eventId={eventId} />;
}

function EventPageContent({ eventId }: { eventId: string }) {
  const queryClient = useQueryClient();
  const query = useEventQuery(eventId);
  const t = useT(catalog);
  // Promoted from the waitlist, the event cancelled or moved: read it again.
  useRealtimeEvent((event) => {
    if (event.type === 'event:registration' && event.eventId === eventId) {
      void queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) });
    }
  });

  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    const error = query.error;
    if (isApiError(error) && (error.isNotFound || error.status === 400)) return <EventNotFound />;
    return <PageLoadError what={t('events.page.errorWhat')} error={error} onRetry={() => void query.refetch()} />;
  }
  return <EventDetails event={query.data} />;
}

function EventDetails({ event }: { event: EventView }) {
  const { me, audience } = useSession();
  const member = canSeeMembers(me?.profile ?? null);
  useCheckoutReturn(event);
  const t = useT(catalog);
  return (
    <article className="mx-auto grid w-full max-w-3xl content-start gap-6 px-4 py-6 sm:px-6 sm:py-8">
      <BackToEvents />
      <EventHeader event={event} />
      <div className="grid gap-3">
        <EventShareActions event={event} />
        <EventHostActions event={event} />
      </div>
      {member ? <RsvpPanel event={event} /> : audience === 'signed-out' && <VisitorApply />}
      <EventHosts event={event} linkProfiles={member} />
      {event.description && (
        <section aria-labelledby="event-about" className="grid gap-2">
          <h2 id="event-about" className="font-semibold">
            {t('events.page.about')}
          </h2>
          <MessageText content={event.description} />
        </section>
      )}
      {member && <EventPlaceMap locationId={event.locationId} />}
      {member && <EventGoing event={event} />}
      {event.permissions.canEdit && event.paid && <SalesCard event={event} />}
      {event.permissions.canEdit && <AttendancePanel event={event} />}
      {member && <RsvpBar event={event} />}
    </article>
  );
}

function BackToEvents() {
  const t = useT(catalog);
  return (
    <Link to="/events" className="inline-flex w-fit items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeftIcon aria-hidden="true" className="size-4" />
      {t('events.page.allEvents')}
    </Link>
  );
}

/** Unknown, or not for this viewer: the same answer, with the way back. */
function EventNotFound() {
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <section className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">{s(EVENT_MESSAGES.notFound)}</h1>
      <p className="text-muted-foreground">{t('events.page.notFoundHint')}</p>
      <Button asChild>
        <Link to="/events">{t('events.page.seeUpcoming')}</Link>
      </Button>
    </section>
  );
}
