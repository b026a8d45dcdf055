import { Link } from 'react-router';
import { CalendarCheckIcon, CheckCircle2Icon, XCircleIcon } from 'lucide-react';
import { CHECK_IN_VISIBILITY_LABELS, eventPath, type LocationCheckInResult } from '@bayclub/shared';
import { useSharedText, useT } from '#/lib/i18n';
import { clockTime } from './check-in-format';
import { catalog } from './i18n';

/**
 * The answer to a check-in: in a status region when checked in (with the events it also checked the member in at),
 * in an alert when refused (an old poster, a changed door code, too far, already checked in and until when). Both
 * regions stay on the page so a screen reader announces whichever fills.
 */
export function CheckInResultCard({ result, linkPlace = true }: { result: LocationCheckInResult | null; linkPlace?: boolean }) {
  const admitted = result?.outcome === 'checked_in';
  return (
    <>
      <div role="status" aria-live="polite">
        {result && admitted && <Admitted result={result} linkPlace={linkPlace} />}
      </div>
      <div role="alert">{result && !admitted && <Refused result={result} linkPlace={linkPlace} />}</div>
    </>
  );
}

function PlaceLink({ result, linkPlace }: { result: LocationCheckInResult; linkPlace: boolean }) {
  if (!result.location) return null;
  return linkPlace ? (
    <Link to={`/locations/${result.location.id}`} className="font-medium underline-offset-4 hover:underline">
      {result.location.name}
    </Link>
  ) : (
    <span className="font-medium">{result.location.name}</span>
  );
}

function Admitted({ result, linkPlace }: { result: LocationCheckInResult; linkPlace: boolean }) {
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <div className="grid gap-2 rounded-lg border-2 border-green-600 bg-green-50 p-4 dark:bg-green-950">
      <p className="flex items-center gap-2 text-lg font-semibold">
        <CheckCircle2Icon aria-hidden="true" className="size-6 shrink-0" />
        {result.message}
      </p>
      <p className="text-sm">
        <PlaceLink result={result} linkPlace={linkPlace} />
        {result.checkIn && ` · ${s(CHECK_IN_VISIBILITY_LABELS[result.checkIn.visibility])}`}
      </p>
      {result.events.length > 0 && (
        <ul className="grid gap-1 text-sm">
          {result.events.map((event) => (
            <li key={event.id} className="flex items-center gap-1.5">
              <CalendarCheckIcon aria-hidden="true" className="size-4 shrink-0" />
              <Link to={eventPath(event.id)} className="underline-offset-4 hover:underline">
                {t('locations.checkIn.event', { title: event.title })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Refused({ result, linkPlace }: { result: LocationCheckInResult; linkPlace: boolean }) {
  const t = useT(catalog);
  return (
    <div className="grid gap-1 rounded-lg border-2 border-destructive bg-destructive/10 p-4">
      <p className="flex items-center gap-2 font-semibold">
        <XCircleIcon aria-hidden="true" className="size-5 shrink-0" />
        {result.message}
      </p>
      {result.outcome === 'already_checked_in' && (
        <p className="text-sm">
          <PlaceLink result={result} linkPlace={linkPlace} />
          {result.nextCheckInAt && ` · ${t('locations.checkIn.againAt', { time: clockTime(result.nextCheckInAt) })}`}
        </p>
      )}
    </div>
  );
}
