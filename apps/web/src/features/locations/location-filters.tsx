import * as React from 'react';
import {
  CITIES,
  CITY_LABELS,
  LOCATION_CATEGORIES,
  LOCATION_CATEGORY_LABELS,
  LOCATION_LIMITS,
  LOCATION_MESSAGES,
  type City,
  type LocationCategory,
} from '@bayclub/shared';
import { DebouncedSearchBox } from '#/components/debounced-search-box';
import { Label } from '#/components/ui/label';
import { NativeSelect } from '#/components/ui/native-select';
import { ToggleButton } from '#/components/toggle-button';
import { useSharedText, useT } from '#/lib/i18n';
import { isCity } from '#/lib/member-format';
import { useSearchParamsUpdate } from '#/lib/use-search-params-update';
import { catalog } from './i18n';

const SEARCH_DEBOUNCE_MS = 300;

type UrlFilters = { city?: City; category?: LocationCategory; q: string; inactive: boolean };
type Update = (next: Partial<Record<'city' | 'category' | 'q' | 'inactive', string | undefined>>) => void;

const isCategory = (v: string | null): v is LocationCategory => v !== null && (LOCATION_CATEGORIES as readonly string[]).includes(v);

/** City, category, search and (managers) deactivated places, as the URL holds them: shareable and kept on Back. */
export function useLocationFiltersInUrl() {
  const [search, update] = useSearchParamsUpdate();
  const city = search.get('city');
  const category = search.get('category');
  const filters: UrlFilters = {
    city: isCity(city) ? city : undefined,
    category: isCategory(category) ? category : undefined,
    q: (search.get('q') ?? '').slice(0, LOCATION_LIMITS.queryMax),
    inactive: search.get('inactive') === 'true',
  };
  return { filters, update };
}

/** Search, city and the category chips (one at a time; tapping the chosen one again shows all). */
export function LocationFiltersBar({ filters, update, extra }: { filters: UrlFilters; update: Update; extra?: React.ReactNode }) {
  const cityId = React.useId();
  const t = useT(catalog);
  const s = useSharedText();
  const handleSearch = React.useCallback((q: string) => update({ q: q || undefined }), [update]);
  return (
    <form role="search" aria-label={t('locations.filters.label')} className="grid gap-3" onSubmit={(e) => e.preventDefault()}>
      <div className="flex flex-wrap items-end gap-3">
        <DebouncedSearchBox
          value={filters.q}
          onSearch={handleSearch}
          label={s(LOCATION_MESSAGES.searchLabel)}
          placeholder={t('locations.filters.searchPlaceholder')}
          maxLength={LOCATION_LIMITS.queryMax}
          debounceMs={SEARCH_DEBOUNCE_MS}
          // A line of its own on phones, where it would otherwise share the row with the city.
          className="basis-full sm:basis-0 sm:flex-1"
        />
        <div className="grid gap-1">
          <Label htmlFor={cityId} className="text-xs text-muted-foreground">
            {t('locations.city')}
          </Label>
          <NativeSelect id={cityId} value={filters.city ?? ''} onChange={(e) => update({ city: e.target.value || undefined })}>
            <option value="">{s(LOCATION_MESSAGES.allCities)}</option>
            {CITIES.map((city) => (
              <option key={city} value={city}>
                {s(CITY_LABELS[city])}
              </option>
            ))}
          </NativeSelect>
        </div>
        {extra}
      </div>
      {/* One scrolling row on phones (the list stays near the top), wrapped from 768 px. */}
      <div className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-wrap md:overflow-visible md:px-0" role="group" aria-label={t('locations.category')}>
        <ToggleButton pressed={!filters.category} onClick={() => update({ category: undefined })}>
          {s(LOCATION_MESSAGES.allCategories)}
        </ToggleButton>
        {LOCATION_CATEGORIES.map((category) => (
          <ToggleButton
            key={category}
            pressed={filters.category === category}
            onClick={() => update({ category: filters.category === category ? undefined : category })}
          >
            {s(LOCATION_CATEGORY_LABELS[category])}
          </ToggleButton>
        ))}
      </div>
    </form>
  );
}
