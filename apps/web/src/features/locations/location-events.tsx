import { CLUB_TIME_ZONE, LOCATION_MESSAGES, type EventSummaryView } from '@bayclub/shared';
import { EventCard, ZoneNote } from '#/features/events';
import { useSharedText } from '#/lib/i18n';

/** Upcoming events at this place the member can see (the server picks the next few), each a link to the event. */
export function LocationEvents({ events }: { events: EventSummaryView[] }) {
  const s = useSharedText();
  return (
    <section aria-labelledby="place-events" className="grid gap-3">
      <h2 id="place-events" className="text-lg font-semibold">
        {s(LOCATION_MESSAGES.eventsHere)}
      </h2>
      {events.length === 0 ? (
        <p className="text-sm text-muted-foreground">{s(LOCATION_MESSAGES.noEventsHere)}</p>
      ) : (
        <>
          <ZoneNote zone={CLUB_TIME_ZONE} />
          <ul aria-label={s(LOCATION_MESSAGES.eventsHere)} className="grid gap-3">
            {events.map((event) => (
              <li key={event.id}>
                <EventCard event={event} headingLevel={3} pageZone={CLUB_TIME_ZONE} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
