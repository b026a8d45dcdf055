import * as React from 'react';
import { CITIES, CITY_LABELS, EVENT_RANGE_LABELS, EVENT_RANGES, type EventRange } from '@bayclub/shared';
import { ToggleButton } from '#/components/toggle-button';
import { Label } from '#/components/ui/label';
import { NativeSelect } from '#/components/ui/native-select';
import { useMyCommunitiesQuery } from '#/lib/session/my-communities';
import { isCity } from '#/lib/member-format';
import { useSearchParamsUpdate } from '#/lib/use-search-params-update';
import type { EventFilters } from './api';

export type EventsView = 'list' | 'month';

const isRange = (v: string | null): v is EventRange => v !== null && (EVENT_RANGES as readonly string[]).includes(v);

/** The filters and the view as the URL holds them (?city=&communityId=&range=&going=true&view=month). */
export function useEventFiltersInUrl() {
  const [search, update] = useSearchParamsUpdate();
  const city = search.get('city');
  const range = search.get('range');
  const filters: EventFilters = {
    city: isCity(city) ? city : undefined,
    communityId: search.get('communityId') ?? undefined,
    range: isRange(range) ? range : undefined,
    going: search.get('going') === 'true' || undefined,
  };
  const view: EventsView = search.get('view') === 'month' ? 'month' : 'list';
  return { filters, view, update };
}

type Update = ReturnType<typeof useEventFiltersInUrl>['update'];

/** City, community (the member's own), this week / weekend / month, and Going (approved members). */
export function EventFiltersBar({ filters, update, approved }: { filters: EventFilters; update: Update; approved: boolean }) {
  const communities = useMyCommunitiesQuery(approved).data?.items.filter((m) => m.status === 'active') ?? [];
  return (
    <form role="search" aria-label="Filter events" className="grid gap-3" onSubmit={(e) => e.preventDefault()}>
      <div className="grid gap-3 sm:grid-cols-2 md:max-w-xl">
        <div className="grid gap-1.5">
          <Label htmlFor="event-city">City</Label>
          <NativeSelect id="event-city" value={filters.city ?? ''} onChange={(e) => update({ city: e.target.value || undefined })}>
            <option value="">All cities</option>
            {CITIES.map((city) => (
              <option key={city} value={city}>
                {CITY_LABELS[city]}
              </option>
            ))}
          </NativeSelect>
        </div>
        {approved && (
          <div className="grid gap-1.5">
            <Label htmlFor="event-community">Community</Label>
            <NativeSelect
              id="event-community"
              value={filters.communityId ?? ''}
              onChange={(e) => update({ communityId: e.target.value || undefined })}
            >
              <option value="">All communities</option>
              {communities.map(({ community }) => (
                <option key={community.id} value={community.id}>
                  {community.name}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
      </div>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Quick filters">
        {EVENT_RANGES.map((range) => (
          <ToggleButton key={range} pressed={filters.range === range} onClick={() => update({ range: filters.range === range ? undefined : range })}>
            {EVENT_RANGE_LABELS[range]}
          </ToggleButton>
        ))}
        {approved && (
          <ToggleButton pressed={filters.going === true} onClick={() => update({ going: filters.going ? undefined : 'true' })}>
            Going
          </ToggleButton>
        )}
      </div>
    </form>
  );
}
