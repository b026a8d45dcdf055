import * as React from 'react';
import { LOCATION_MESSAGES, type LocationView } from '@bayclub/shared';
import { itemsOf } from '#/lib/api';
import { LoadMore } from '#/components/load-more';
import { useSharedText, useT } from '#/lib/i18n';
import { useRecentCheckInsQuery } from './api';
import { checkInWhen } from './check-in-format';
import { CheckInRow } from './check-in-row';
import { catalog } from './i18n';
import { OwnCheckInActions } from './my-check-in';

/**
 * Check-ins no longer "here now" that the member may see, newest first: the page's first ten, then more pages
 * from its cursor once the member asks (by the button or by scrolling to it).
 */
export function RecentCheckIns({ place }: { place: LocationView }) {
  const s = useSharedText();
  const [more, setMore] = React.useState(false);
  // Read for checkInWhen's words, so the list follows the page's language.
  useT(catalog);
  const query = useRecentCheckInsQuery(place.id, place.recentNextCursor, more);
  const items = [...place.recent, ...itemsOf(query.data)];
  const started = more && query.data !== undefined;
  return (
    <section aria-labelledby="place-recent" className="grid gap-3">
      <h2 id="place-recent" className="text-lg font-semibold">
        {s(LOCATION_MESSAGES.recentCheckIns)}
      </h2>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{s(LOCATION_MESSAGES.noRecentCheckIns)}</p>
      ) : (
        <ul aria-label={s(LOCATION_MESSAGES.recentCheckIns)} className="grid gap-3">
          {items.map((checkIn) => (
            <li key={checkIn.id}>
              <CheckInRow
                checkIn={checkIn}
                when={checkInWhen(checkIn.createdAt)}
                actions={checkIn.isMine ? <OwnCheckInActions checkIn={checkIn} locationId={place.id} /> : undefined}
              />
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        hasNextPage={started ? query.hasNextPage : place.recentNextCursor !== null}
        isFetchingNextPage={query.isFetching}
        isFetchNextPageError={query.isError}
        error={query.error}
        fetchNextPage={() => {
          if (!more) setMore(true);
          else if (!started) void query.refetch();
          else void query.fetchNextPage();
        }}
      />
    </section>
  );
}
