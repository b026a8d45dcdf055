import { Link } from 'react-router';
import { MapPinIcon, NavigationIcon, UsersIcon } from 'lucide-react';
import { CITY_LABELS, imageVariantUrl, LOCATION_CATEGORY_LABELS, LOCATION_MESSAGES, type LocationCardView } from '@bayclub/shared';
import { Badge } from '#/components/ui/badge';
import { useSharedText, useT } from '#/lib/i18n';
import { CategoryIcon } from './category-icon';
import { catalog } from './i18n';

/**
 * A place in the list: photo, name (the link to its page), category, city, distance when "near me" is on, and how
 * many members are here now (only those the viewer may see, as the server counted them).
 */
export function LocationCard({ place, headingLevel = 2 }: { place: LocationCardView; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const photo = imageVariantUrl(place.photoUrl, 'small');
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <article className="relative flex h-full gap-4 rounded-xl border bg-card p-3 text-card-foreground focus-within:ring-[3px] focus-within:ring-ring/50">
      <div className="size-20 shrink-0 overflow-hidden rounded-lg bg-muted sm:size-24">
        {photo ? (
          <img src={photo} alt="" loading="lazy" className="size-full object-cover" />
        ) : (
          <span className="flex size-full items-center justify-center text-muted-foreground">
            <CategoryIcon category={place.category} className="size-8" />
          </span>
        )}
      </div>
      <div className="grid min-w-0 flex-1 grid-cols-1 content-start gap-1">
        <Heading className="font-semibold">
          <Link to={`/locations/${place.id}`} className="outline-none after:absolute after:inset-0 hover:underline">
            {place.name}
          </Link>
        </Heading>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
          <span>{s(LOCATION_CATEGORY_LABELS[place.category])}</span>
          {/* Each dot travels with what follows it, so a wrapped line never ends on one. */}
          <span className="inline-flex items-center gap-1 whitespace-nowrap">
            <span aria-hidden="true">·</span>
            <MapPinIcon aria-hidden="true" className="size-3.5" />
            {s(CITY_LABELS[place.city])}
          </span>
          {place.distanceKm !== null && (
            <span className="inline-flex items-center gap-1 whitespace-nowrap">
              <span aria-hidden="true">·</span>
              <NavigationIcon aria-hidden="true" className="size-3.5" />
              <span className="sr-only">{t('locations.card.distance')} </span>
              {LOCATION_MESSAGES.distanceKm(place.distanceKm)}
            </span>
          )}
        </p>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className={place.hereNowCount > 0 ? 'inline-flex items-center gap-1 font-medium' : 'inline-flex items-center gap-1 text-muted-foreground'}>
            <UsersIcon aria-hidden="true" className="size-3.5" />
            {t('locations.hereNow.count', { count: place.hereNowCount })}
          </span>
          {!place.active && <Badge variant="secondary">{s(LOCATION_MESSAGES.inactiveBadge)}</Badge>}
        </p>
      </div>
    </article>
  );
}
