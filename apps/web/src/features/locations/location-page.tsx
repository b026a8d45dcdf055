import * as React from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeftIcon, FlagIcon, MapPinOffIcon } from 'lucide-react';
import { LOCATION_MESSAGES, type LocationView } from '@bayclub/shared';
import { PageSpinner } from '#/components/page-spinner';
import { Button } from '#/components/ui/button';
import { MessageText } from '#/components/message-text';
import { PageLoadError } from '#/components/page-load-error';
import { isApiError } from '#/lib/api';
import { useSharedText, useT } from '#/lib/i18n';
import { ReportTargetDialog } from '#/features/moderation';
import { useLocationQuery } from './api';
import { CheckInPanel } from './check-in-panel';
import { HereNow } from './here-now';
import { catalog } from './i18n';
import { LocationEvents } from './location-events';
import { LocationHeader } from './location-header';
import { LocationManageActions } from './location-manage-actions';
import { RecentCheckIns } from './recent-check-ins';
import { useLocationAccess } from './use-location-access';
import { useHereNowRealtime } from './use-location-realtime';

/** '/locations/:locationId': the place, who is here now (live), checking in, events here, recent check-ins. */
export function LocationPage() {
  const s = useSharedText();
  const { locationId = '' } = useParams();
  const access = useLocationAccess();
  if (!access.canView) return <PlaceNotFound message={s(LOCATION_MESSAGES.viewNotAllowed)} />;
  return <LocationPageContent key={locationId} locationId={locationId} />;
}

function LocationPageContent({ locationId }: { locationId: string }) {
  const query = useLocationQuery(locationId);
  useHereNowRealtime(locationId);
  const t = useT(catalog);
  const s = useSharedText();
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    const error = query.error;
    if (isApiError(error) && (error.isNotFound || error.status === 400)) return <PlaceNotFound message={s(LOCATION_MESSAGES.notFound)} />;
    return <PageLoadError what={t('locations.page.what')} error={error} onRetry={() => void query.refetch()} />;
  }
  return <LocationDetails place={query.data} />;
}

function LocationDetails({ place }: { place: LocationView }) {
  const { permissions } = place;
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <article className="mx-auto grid w-full max-w-4xl content-start gap-6 px-4 py-6 sm:px-6 sm:py-8">
      <Link to="/locations" className="inline-flex w-fit items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeftIcon aria-hidden="true" className="size-4" />
        {t('locations.allPlaces')}
      </Link>
      <LocationHeader place={place} />
      {(permissions.canEdit || permissions.canGenerateQr) && <LocationManageActions place={place} />}
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid content-start gap-6">
          {place.active && (permissions.canCheckIn || place.mine) && <CheckInPanel place={place} />}
          <HereNow place={place} />
          {place.description && (
            <section aria-labelledby="place-about" className="grid gap-2">
              <h2 id="place-about" className="text-lg font-semibold">
                {t('locations.page.about')}
              </h2>
              <MessageText content={place.description} />
            </section>
          )}
          <LocationEvents events={place.events} />
          <RecentCheckIns place={place} />
        </div>
        <section aria-labelledby="place-hours" className="grid content-start gap-2 self-start rounded-xl border p-4">
          <h2 id="place-hours" className="font-semibold">
            {s(LOCATION_MESSAGES.openingHours)}
          </h2>
          <p className="text-sm whitespace-pre-line text-muted-foreground">{place.openingHours || t('locations.page.noHours')}</p>
        </section>
        {/* Issue 23: members who do not manage the place may report it to the moderators. */}
        {place.active && !permissions.canEdit && <ReportPlaceButton place={place} />}
      </div>
    </article>
  );
}

function ReportPlaceButton({ place }: { place: LocationView }) {
  const [open, setOpen] = React.useState(false);
  const t = useT(catalog);
  return (
    <div className="md:col-start-2">
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} onPointerEnter={() => void ReportTargetDialog.preload()}>
        <FlagIcon aria-hidden="true" />
        {t('locations.page.report')}
      </Button>
      {open && (
        <React.Suspense fallback={null}>
          <ReportTargetDialog kind="place" id={place.id} name={place.name} open={open} onOpenChange={setOpen} />
        </React.Suspense>
      )}
    </div>
  );
}

/** Unknown, deactivated or not for this member: the same answer, with the way back. */
function PlaceNotFound({ message }: { message: string }) {
  const t = useT(catalog);
  return (
    <section className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <MapPinOffIcon aria-hidden="true" className="size-10 text-muted-foreground" />
      <h1 className="text-2xl font-semibold">{message}</h1>
      <Button asChild>
        <Link to="/locations">{t('locations.page.seeAll')}</Link>
      </Button>
    </section>
  );
}
