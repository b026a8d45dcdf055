import { Link } from 'react-router';
import { CalendarIcon, ExternalLinkIcon, GlobeIcon, LockIcon, MapPinIcon, TicketIcon, UsersIcon } from 'lucide-react';
import { EVENT_MESSAGES, EVENT_VISIBILITY_LABELS, imageVariantUrl, type EventView } from '@bayclub/shared';
import { Badge } from '#/components/ui/badge';
import { useLocationAccess } from '#/features/locations';
import { MEMBER_LINK_REL } from '#/components/message-text';
import { useSharedText, useT, localMoney } from '#/lib/i18n';
import { EventBadges } from './event-card';
import { cityName, dayAndTime, longDate, mapUrl, timeRange, zoneLabel } from './event-time';
import { catalog } from './i18n';

/**
 * The top of an event's page: the Cancelled banner, cover, title, badges, date and time in the event's zone (named
 * when the viewer's differs), the place with a map link, and the community.
 */
export function EventHeader({ event }: { event: EventView }) {
  const t = useT(catalog);
  const s = useSharedText();
  const cover = imageVariantUrl(event.coverUrl, 'large');
  const zone = zoneLabel(event);
  // The address usually names the town already; the club's city label stands in when there is no address.
  const city = cityName(event.city);
  const place = event.address || (city && s(city));
  const VisibilityIcon = event.visibility === 'public' ? GlobeIcon : LockIcon;
  // Held at one of the club's places (issue 12): the venue opens its page for members who may see places.
  const placeLink = useLocationAccess().canView && event.locationId ? `/locations/${event.locationId}` : null;
  return (
    <header className="grid gap-4">
      {event.status === 'cancelled' && (
        <p role="status" className="rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 font-medium text-destructive">
          {s(EVENT_MESSAGES.cancelledBanner)}
        </p>
      )}
      {cover && (
        <div className="aspect-[2/1] overflow-hidden rounded-xl border bg-muted">
          <img src={cover} alt="" className="size-full object-cover" />
        </div>
      )}
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">{event.title}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <EventBadges event={event} />
          <Badge variant="outline">
            <VisibilityIcon aria-hidden="true" />
            {s(EVENT_VISIBILITY_LABELS[event.visibility])}
          </Badge>
        </div>
      </div>
      <dl className="grid gap-3 text-sm">
        <div className="flex gap-3">
          <dt>
            <CalendarIcon aria-hidden="true" className="mt-0.5 size-4 text-muted-foreground" />
            <span className="sr-only">{t('events.header.when')}</span>
          </dt>
          <dd className="grid">
            <span className="font-medium">{longDate(event)}</span>
            <span>{timeRange(event)}</span>
            {zone && <span className="text-muted-foreground">{zone}</span>}
          </dd>
        </div>
        <div className="flex gap-3">
          <dt>
            <MapPinIcon aria-hidden="true" className="mt-0.5 size-4 text-muted-foreground" />
            <span className="sr-only">{t('events.header.where')}</span>
          </dt>
          <dd className="grid">
            {placeLink ? (
              <Link to={placeLink} className="font-medium hover:underline">
                {event.venue}
              </Link>
            ) : (
              <span className="font-medium">{event.venue}</span>
            )}
            {place && <span>{place}</span>}
            <a href={mapUrl(event)} target="_blank" rel={MEMBER_LINK_REL} className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline">
              {t('events.header.map')}
              <ExternalLinkIcon aria-hidden="true" className="size-3.5" />
              <span className="sr-only">{t('events.opensInNewTab')}</span>
            </a>
          </dd>
        </div>
        {event.paid && (
          <div className="flex gap-3">
            <dt>
              <TicketIcon aria-hidden="true" className="mt-0.5 size-4 text-muted-foreground" />
              <span className="sr-only">{t('events.header.price')}</span>
            </dt>
            <dd className="grid">
              <span className="font-medium">{t('events.header.perSeat', { price: localMoney(event.paid.amount, event.paid.currency) })}</span>
              <span className="text-muted-foreground">
                {t('events.header.refundsUntil', { date: dayAndTime(event.paid.refundsUntil, event.timeZone) })}
              </span>
            </dd>
          </div>
        )}
        {event.community && (
          <div className="flex gap-3">
            <dt>
              <UsersIcon aria-hidden="true" className="mt-0.5 size-4 text-muted-foreground" />
              <span className="sr-only">{t('events.header.community')}</span>
            </dt>
            <dd>
              <Link to={`/community/${event.community.id}`} className="font-medium hover:underline">
                {event.community.name}
              </Link>
            </dd>
          </div>
        )}
      </dl>
    </header>
  );
}
