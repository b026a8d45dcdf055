import { Link } from 'react-router';
import { ClockIcon, MapPinIcon, UsersIcon } from 'lucide-react';
import { eventPath, type EventSummaryView, type RegistrationStatus } from '@bayclub/shared';
import { Badge } from '#/components/ui/badge';
import { cn } from '#/lib/utils';
import { cardTime, cityName, dateBlock, longDate } from './event-time';

const STATUS_LABELS: Partial<Record<RegistrationStatus, string>> = { going: 'You’re going', waitlisted: 'Waitlisted' };

export const isFull = (e: Pick<EventSummaryView, 'capacity' | 'goingCount'>) => e.capacity !== null && e.goingCount >= e.capacity;

/** '5 going', or '5 / 20 going' with a capacity. */
export const goingLabel = (e: Pick<EventSummaryView, 'capacity' | 'goingCount'>) =>
  e.capacity === null ? `${e.goingCount} going` : `${e.goingCount} / ${e.capacity} going`;

/** The badges of a card and the event page: Cancelled, Full, and the viewer's own status. */
export function EventBadges({ event }: { event: EventSummaryView }) {
  const mine = event.myStatus ? STATUS_LABELS[event.myStatus] : undefined;
  return (
    <>
      {event.status === 'cancelled' && <Badge variant="destructive">Cancelled</Badge>}
      {event.status !== 'cancelled' && isFull(event) && <Badge variant="secondary">Full</Badge>}
      {event.status !== 'cancelled' && mine && <Badge>{mine}</Badge>}
    </>
  );
}

/**
 * An event in a list: the date block, the title (the link to the event), time with the zone named when the viewer's
 * differs, venue and city, community, seats taken, and Cancelled / Full / the viewer's status.
 */
export function EventCard({ event, headingLevel = 2 }: { event: EventSummaryView; headingLevel?: 2 | 3 }) {
  const block = dateBlock(event);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const cancelled = event.status === 'cancelled';
  const place = [event.venue, cityName(event.city)].filter(Boolean).join(', ');
  return (
    <article className="relative flex gap-4 rounded-xl border bg-card p-4 text-card-foreground focus-within:ring-[3px] focus-within:ring-ring/50">
      <div
        aria-hidden="true"
        className={cn(
          'flex w-14 shrink-0 flex-col items-center justify-center self-start rounded-lg border py-1.5 leading-tight',
          cancelled ? 'bg-muted text-muted-foreground' : 'bg-primary/10 text-primary',
        )}
      >
        <span className="text-xs font-semibold">{block.month}</span>
        <span className="text-xl font-bold">{block.day}</span>
        <span className="text-xs">{block.weekday}</span>
      </div>
      <div className="grid min-w-0 flex-1 grid-cols-1 gap-1">
        <Heading className={cn('font-semibold', cancelled && 'text-muted-foreground line-through')}>
          <Link to={eventPath(event.id)} className="outline-none after:absolute after:inset-0 hover:underline">
            {event.title}
          </Link>
        </Heading>
        <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
          <ClockIcon aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
          <span>
            {/* The date block is drawn for the eye; this says the date to screen readers. */}
            <span className="sr-only">{`${longDate(event)}, `}</span>
            {cardTime(event)}
          </span>
        </p>
        <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
          <MapPinIcon aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
          <span className="min-w-0 truncate">{place}</span>
        </p>
        {event.community && <p className="truncate text-sm">{event.community.name}</p>}
        <div className="flex flex-wrap items-center gap-2 pt-1">
          <span className="inline-flex items-center gap-1 text-sm text-muted-foreground">
            <UsersIcon aria-hidden="true" className="size-3.5" />
            {goingLabel(event)}
          </span>
          <EventBadges event={event} />
        </div>
      </div>
    </article>
  );
}
