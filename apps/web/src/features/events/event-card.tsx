import { Link } from 'react-router';
import { ClockIcon, MapPinIcon, TicketIcon, UsersIcon } from 'lucide-react';
import { eventPath, type EventSummaryView, type RegistrationStatus } from '@bayclub/shared';
import { Badge } from '#/components/ui/badge';
import { cn } from '#/lib/utils';
import { t as translate, useSharedText, useT, localMoney } from '#/lib/i18n';
import { EventCover } from './event-cover';
import { cardTime, cityName, dateBlock, longDate, pageZoneNote } from './event-time';
import { catalog } from './i18n';

/** The viewer's own status on a card (catalogue ids). */
const STATUS_LABELS: Partial<Record<RegistrationStatus, string>> = {
  going: 'events.card.going',
  waitlisted: 'events.card.waitlisted',
  awaiting_payment: 'events.card.awaitingPayment',
};

export const isFull = (e: Pick<EventSummaryView, 'capacity' | 'goingCount'>) => e.capacity !== null && e.goingCount >= e.capacity;

/** Seats left, or 'Full', for an event with a capacity (the host holds none: decision 025). */
const seatsShort = (e: Pick<EventSummaryView, 'capacity' | 'goingCount'>) => {
  if (e.capacity === null) return null;
  const left = Math.max(0, e.capacity - e.goingCount);
  return left === 0 ? null : translate('events.card.seatsLeft', { count: left });
};

/** '5 going' (the host included), then '3 seats left' with a capacity (Full is a badge). */
export const goingLabel = (e: Pick<EventSummaryView, 'capacity' | 'goingCount' | 'attendingCount'>) =>
  [translate('events.goingCount', { count: e.attendingCount }), seatsShort(e)].filter(Boolean).join(' · ');

/** The badges of a card and the event page: Cancelled, Full, and the viewer's own status. */
export function EventBadges({ event }: { event: EventSummaryView }) {
  const t = useT(catalog);
  const mine = event.myStatus ? STATUS_LABELS[event.myStatus] : undefined;
  return (
    <>
      {event.status === 'cancelled' && <Badge variant="destructive">{t('events.card.cancelled')}</Badge>}
      {event.status !== 'cancelled' && isFull(event) && <Badge variant="secondary">{t('events.seats.full')}</Badge>}
      {event.status !== 'cancelled' && mine && <Badge>{t(mine)}</Badge>}
    </>
  );
}

/**
 * 'All times are New York time.', said once above a list whose cards leave the zone out (their `pageZone`); nothing
 * for a viewer in that zone.
 */
export function ZoneNote({ zone, className }: { zone: string; className?: string }) {
  useT(catalog);
  const note = pageZoneNote(zone);
  return note ? <p className={cn('text-sm text-muted-foreground', className)}>{note}</p> : null;
}

/**
 * An event in a list: its cover (or one drawn from its id), the date block, the title (the link to the event), the
 * time (the zone named unless the page named it once: `pageZone`), venue and city, community, who's going, and
 * Cancelled / Full / the viewer's status.
 */
export function EventCard({
  event,
  headingLevel = 2,
  pageZone = null,
}: {
  event: EventSummaryView;
  headingLevel?: 2 | 3;
  pageZone?: string | null;
}) {
  const t = useT(catalog);
  const s = useSharedText();
  const block = dateBlock(event);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const cancelled = event.status === 'cancelled';
  const city = cityName(event.city);
  const place = [event.venue, city && s(city)].filter(Boolean).join(', ');
  return (
    <article className="relative flex flex-col overflow-hidden rounded-xl border bg-card text-card-foreground focus-within:ring-[3px] focus-within:ring-ring/50">
      <EventCover event={event} className={cn('h-28 w-full sm:h-32', cancelled && 'opacity-60 grayscale')} />
      <div className="flex gap-4 p-4">
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
              {cardTime(event, undefined, pageZone)}
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
            {event.price && (
              <Badge variant="outline">
                <TicketIcon aria-hidden="true" />
                <span className="sr-only">{t('events.card.pricePerSeat')}</span>
                {localMoney(event.price.amount, event.price.currency)}
              </Badge>
            )}
            <EventBadges event={event} />
          </div>
        </div>
      </div>
    </article>
  );
}
