import * as React from 'react';
import { MapPinIcon } from 'lucide-react';
import { CITY_LABELS, imageVariantUrl, LOCATION_CATEGORY_LABELS, LOCATION_MESSAGES, type LocationView } from '@bayclub/shared';
import { Badge } from '#/components/ui/badge';
import { sharedText, useSharedText, useT } from '#/lib/i18n';
import { cn } from '#/lib/utils';
import { CategoryIcon } from './category-icon';
import { catalog } from './i18n';
import { MapLink } from './location-map';
import { PlaceMap } from './map/place-map';

/** The place's photos (one large, the others as thumbnails to pick), name, category, address and the map. */
export function LocationHeader({ place }: { place: LocationView }) {
  const s = useSharedText();
  return (
    <header className="grid gap-4">
      {!place.active && (
        <p role="status" className="rounded-lg border border-amber-500/60 bg-amber-50 px-3 py-2 text-sm dark:bg-amber-950">
          {s(LOCATION_MESSAGES.deactivated)}
        </p>
      )}
      <LocationPhotos place={place} />
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">
            <CategoryIcon category={place.category} />
            {s(LOCATION_CATEGORY_LABELS[place.category])}
          </Badge>
          {!place.active && <Badge variant="outline">{s(LOCATION_MESSAGES.inactiveBadge)}</Badge>}
        </div>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{place.name}</h1>
        <p className="flex items-start gap-1.5 text-muted-foreground">
          <MapPinIcon aria-hidden="true" className="mt-1 size-4 shrink-0" />
          <span>{addressLine(place)}</span>
        </p>
        <div className="flex flex-wrap gap-2 pt-1">
          <MapLink place={place} />
        </div>
      </div>
      <PlaceMap place={place} />
    </header>
  );
}

/**
 * The address, with the city added when the address does not already name it ("600 N Ashley Dr, Tampa"); the city
 * in the page's language (the header that asks has loaded the shared texts).
 */
export function addressLine(place: Pick<LocationView, 'address' | 'city'>): string {
  const city = sharedText(CITY_LABELS[place.city]);
  return place.address.toLowerCase().includes(city.toLowerCase()) ? place.address : `${place.address}, ${city}`;
}

function LocationPhotos({ place }: { place: LocationView }) {
  const [chosen, setChosen] = React.useState(0);
  const photos = place.photos;
  const t = useT(catalog);
  if (photos.length === 0) return null;
  const index = Math.min(chosen, photos.length - 1);
  return (
    <div className="grid gap-2">
      <img
        src={imageVariantUrl(photos[index]!.url, 'large')}
        alt={t('locations.photos.alt', { name: place.name, number: index + 1, total: photos.length })}
        className="aspect-[2/1] w-full rounded-xl bg-muted object-cover md:aspect-[3/1]"
      />
      {photos.length > 1 && (
        <ul aria-label={t('locations.photos.label')} className="flex gap-2 overflow-x-auto pb-1">
          {photos.map((photo, i) => (
            <li key={photo.id}>
              <button
                type="button"
                aria-pressed={i === index}
                aria-label={t('locations.photos.show', { number: i + 1 })}
                onClick={() => setChosen(i)}
                className={cn('block size-16 overflow-hidden rounded-md border-2 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none', i === index ? 'border-primary' : 'border-transparent')}
              >
                <img src={imageVariantUrl(photo.url, 'small')} alt="" loading="lazy" className="size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
