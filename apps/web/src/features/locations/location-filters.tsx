import * as React from 'react';
import { useSearchParams } from 'react-router';
import { SearchIcon } from 'lucide-react';
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
import { Input } from '#/components/ui/input';
import { Label } from '#/components/ui/label';
import { NativeSelect } from '#/components/ui/native-select';
import { ToggleButton } from '#/features/events/event-filters';

const SEARCH_DEBOUNCE_MS = 300;

type UrlFilters = { city?: City; category?: LocationCategory; q: string; inactive: boolean };
type Update = (next: Partial<Record<'city' | 'category' | 'q' | 'inactive', string | undefined>>) => void;

const isCity = (v: string | null): v is City => v !== null && (CITIES as readonly string[]).includes(v);
const isCategory = (v: string | null): v is LocationCategory => v !== null && (LOCATION_CATEGORIES as readonly string[]).includes(v);

/** City, category, search and (managers) deactivated places, as the URL holds them: shareable and kept on Back. */
export function useLocationFiltersInUrl() {
  const [search, setSearch] = useSearchParams();
  const city = search.get('city');
  const category = search.get('category');
  const filters: UrlFilters = {
    city: isCity(city) ? city : undefined,
    category: isCategory(category) ? category : undefined,
    q: (search.get('q') ?? '').slice(0, LOCATION_LIMITS.queryMax),
    inactive: search.get('inactive') === 'true',
  };
  const update = React.useCallback<Update>(
    (next) =>
      setSearch(
        (prev) => {
          const params = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(next)) {
            if (value) params.set(key, value);
            else params.delete(key);
          }
          return params;
        },
        // Typing and tapping filters should not fill the Back button's history.
        { replace: true },
      ),
    [setSearch],
  );
  return { filters, update };
}

/** The search box: what is typed reaches the URL (and the server) 300 ms after typing stops, or at once on Enter. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const id = React.useId();
  const [text, setText] = React.useState(value);
  const [lastValue, setLastValue] = React.useState(value);
  // The URL changed from elsewhere (Back, Clear filters): show that search.
  if (value !== lastValue) {
    setLastValue(value);
    if (text.trim() !== value) setText(value);
  }
  React.useEffect(() => {
    const next = text.trim();
    if (next === value) return;
    const timer = setTimeout(() => onSearch(next), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    // A line of its own on phones, where it would otherwise share the row with the city.
    <div className="relative min-w-0 basis-full sm:basis-0 sm:flex-1">
      <label htmlFor={id} className="sr-only">
        {LOCATION_MESSAGES.searchLabel}
      </label>
      <SearchIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        id={id}
        type="search"
        value={text}
        maxLength={LOCATION_LIMITS.queryMax}
        placeholder="Search by name or address"
        autoComplete="off"
        enterKeyHint="search"
        className="pl-9"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && text.trim() !== value) onSearch(text.trim());
        }}
      />
    </div>
  );
}

/** Search, city and the category chips (one at a time; tapping the chosen one again shows all). */
export function LocationFiltersBar({ filters, update, extra }: { filters: UrlFilters; update: Update; extra?: React.ReactNode }) {
  const cityId = React.useId();
  const handleSearch = React.useCallback((q: string) => update({ q: q || undefined }), [update]);
  return (
    <form role="search" aria-label="Filter places" className="grid gap-3" onSubmit={(e) => e.preventDefault()}>
      <div className="flex flex-wrap items-end gap-3">
        <SearchBox value={filters.q} onSearch={handleSearch} />
        <div className="grid gap-1">
          <Label htmlFor={cityId} className="text-xs text-muted-foreground">
            City
          </Label>
          <NativeSelect id={cityId} value={filters.city ?? ''} onChange={(e) => update({ city: e.target.value || undefined })}>
            <option value="">{LOCATION_MESSAGES.allCities}</option>
            {CITIES.map((city) => (
              <option key={city} value={city}>
                {CITY_LABELS[city]}
              </option>
            ))}
          </NativeSelect>
        </div>
        {extra}
      </div>
      {/* One scrolling row on phones (the list stays near the top), wrapped from 768 px. */}
      <div className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-wrap md:overflow-visible md:px-0" role="group" aria-label="Category">
        <ToggleButton pressed={!filters.category} onClick={() => update({ category: undefined })}>
          {LOCATION_MESSAGES.allCategories}
        </ToggleButton>
        {LOCATION_CATEGORIES.map((category) => (
          <ToggleButton
            key={category}
            pressed={filters.category === category}
            onClick={() => update({ category: filters.category === category ? undefined : category })}
          >
            {LOCATION_CATEGORY_LABELS[category]}
          </ToggleButton>
        ))}
      </div>
    </form>
  );
}
