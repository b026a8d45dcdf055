import { UsersIcon } from 'lucide-react';
import { LOCATION_MESSAGES, type LocationView } from '@bayclub/shared';
import { useSharedText, useT } from '#/lib/i18n';
import { clockTime } from './check-in-format';
import { CheckInRow } from './check-in-row';
import { catalog } from './i18n';

/**
 * Who is here now (checked in within 3 hours, not checked out) among those the member may see; kept live by the
 * socket (location:here-now) and by a refetch when the first of them passes their 3 hours.
 */
export function HereNow({ place }: { place: LocationView }) {
  const more = Math.max(0, place.hereNowCount - place.hereNow.length);
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <section aria-labelledby="place-here-now" className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="place-here-now" className="text-lg font-semibold">
          {s(LOCATION_MESSAGES.hereNow)}
        </h2>
        <p className="inline-flex items-center gap-1 text-sm text-muted-foreground">
          <UsersIcon aria-hidden="true" className="size-3.5" />
          {t('locations.hereNow.count', { count: place.hereNowCount })}
        </p>
      </div>
      {place.hereNow.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{s(LOCATION_MESSAGES.nobodyHere)}</p>
      ) : (
        <ul aria-label={t('locations.hereNow.label')} className="grid gap-3">
          {place.hereNow.map((checkIn) => (
            <li key={checkIn.id}>
              <CheckInRow checkIn={checkIn} when={t('locations.checkIn.since', { time: clockTime(checkIn.createdAt) })} />
            </li>
          ))}
          {more > 0 && <li className="text-sm text-muted-foreground">{t('locations.hereNow.more', { count: more })}</li>}
        </ul>
      )}
    </section>
  );
}
