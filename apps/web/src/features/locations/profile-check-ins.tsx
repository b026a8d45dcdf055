import { Link } from 'react-router';
import { MapPinIcon } from 'lucide-react';
import {
  CHECK_IN_VISIBILITY_LABELS,
  CITY_LABELS,
  imageVariantUrl,
  LOCATION_CATEGORY_LABELS,
  LOCATION_MESSAGES,
  type ProfileCheckInView,
} from '@bayclub/shared';
import { PagedList } from '#/components/paged-list';
import { Skeleton } from '#/components/ui/skeleton';
import { useSharedText, useT } from '#/lib/i18n';
import { useProfileCheckInsQuery } from './api';
import { checkInWhen } from './check-in-format';
import { CategoryIcon } from './category-icon';
import { catalog } from './i18n';
import { OwnCheckInActions } from './my-check-in';
import { VISIBILITY_ICONS } from './visibility-choice';

/**
 * A profile's Check-ins tab: the owner's whole history (private ones too, each with who sees it, and Delete), or
 * what the viewer may see of another member's (the server decides: public, connections-only to connections).
 */
export function ProfileCheckIns({ profileId, isOwner }: { profileId: string; isOwner: boolean }) {
  const query = useProfileCheckInsQuery(profileId);
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <PagedList
      query={query}
      label={s(LOCATION_MESSAGES.profileCheckIns)}
      what={t('locations.profile.what')}
      skeleton={
        <div role="status" aria-label={t('locations.profile.loading')} className="grid gap-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      }
      empty={
        <div className="grid justify-items-center gap-2 rounded-xl border border-dashed px-6 py-10 text-center">
          <MapPinIcon aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-medium">{s(LOCATION_MESSAGES.noProfileCheckIns)}</p>
          {isOwner && (
            <Link to="/locations" className="text-sm underline-offset-4 hover:underline">
              {t('locations.profile.find')}
            </Link>
          )}
        </div>
      }
      getKey={(checkIn) => checkIn.id}
      renderItem={(checkIn) => <ProfileCheckInRow checkIn={checkIn} />}
    />
  );
}

function ProfileCheckInRow({ checkIn }: { checkIn: ProfileCheckInView }) {
  const s = useSharedText();
  const { location } = checkIn;
  const photo = imageVariantUrl(location.photoUrl, 'small');
  const Icon = VISIBILITY_ICONS[checkIn.visibility];
  // Read for checkInWhen's words, so the row follows the page's language.
  useT(catalog);
  return (
    <article className="flex flex-wrap items-center gap-3 rounded-xl border bg-card p-3 text-card-foreground">
      <div className="size-12 shrink-0 overflow-hidden rounded-md bg-muted">
        {photo ? (
          <img src={photo} alt="" loading="lazy" className="size-full object-cover" />
        ) : (
          <span className="flex size-full items-center justify-center text-muted-foreground">
            <CategoryIcon category={location.category} className="size-5" />
          </span>
        )}
      </div>
      <div className="grid min-w-0 flex-1 gap-0.5">
        {/* The profile's name is the h1 and tabs carry no heading: each check-in is a second-level one. */}
        <h2 className="truncate font-medium">
          <Link to={`/locations/${location.id}`} className="hover:underline">
            {location.name}
          </Link>
        </h2>
        <p className="flex flex-wrap items-center gap-x-1.5 text-sm text-muted-foreground">
          <span>{`${s(LOCATION_CATEGORY_LABELS[location.category])} · ${s(CITY_LABELS[location.city])} · ${checkInWhen(checkIn.createdAt)}`}</span>
          {checkIn.hereNow && <span className="font-medium text-foreground">· {s(LOCATION_MESSAGES.hereNow)}</span>}
          {checkIn.isMine && (
            <span className="inline-flex items-center gap-1">
              · <Icon aria-hidden="true" className="size-3.5" />
              {s(CHECK_IN_VISIBILITY_LABELS[checkIn.visibility])}
            </span>
          )}
        </p>
      </div>
      {checkIn.isMine && <OwnCheckInActions checkIn={checkIn} locationId={location.id} />}
    </article>
  );
}
