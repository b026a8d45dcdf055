import * as React from 'react';
import { SlidersHorizontalIcon } from 'lucide-react';
import { CITIES, CITY_LABELS, EVENT_RANGE_LABELS, EVENT_RANGES, type EventRange } from '@bayclub/shared';
import { ToggleButton } from '#/components/toggle-button';
import { Button } from '#/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle, SheetTrigger } from '#/components/ui/sheet';
import { Label } from '#/components/ui/label';
import { NativeSelect } from '#/components/ui/native-select';
import { useMyCommunitiesQuery } from '#/lib/session/my-communities';
import { isCity } from '#/lib/member-format';
import { useSearchParamsUpdate } from '#/lib/use-search-params-update';
import { useSharedText, useT } from '#/lib/i18n';
import type { EventFilters } from './api';
import { catalog } from './i18n';

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

/** How many filters are on (the phone's Filters button shows it). */
export const activeFilterCount = (f: EventFilters) => [f.city, f.communityId, f.range, f.going].filter((v) => v !== undefined).length;

const NO_FILTERS = { city: undefined, communityId: undefined, range: undefined, going: undefined } as const;

/**
 * Phones (decision 025): the filters fill a first screen, so they wait in a bottom sheet behind one "Filters" button
 * that says how many are on; each choice applies at once (the list behind follows), "Show events" closes the sheet.
 */
export function EventFiltersSheet({ filters, update, approved }: { filters: EventFilters; update: Update; approved: boolean }) {
  const [open, setOpen] = React.useState(false);
  const t = useT(catalog);
  const active = activeFilterCount(filters);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      {/* The sheet's trigger: Radix returns focus to it when the sheet closes. */}
      <SheetTrigger asChild>
        <Button type="button" variant="outline" size="sm" className="rounded-full" aria-label={active > 0 ? t('events.filters.buttonActive', { count: active }) : t('events.filters.title')}>
          <SlidersHorizontalIcon aria-hidden="true" />
          {t('events.filters.title')}
          {active > 0 && (
            <span className="ml-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground">
              {active}
            </span>
          )}
        </Button>
      </SheetTrigger>
      <SheetContent side="bottom" className="max-h-[85dvh] overflow-y-auto rounded-t-2xl pb-[env(safe-area-inset-bottom)]">
        <SheetHeader className="pb-0">
          <SheetTitle>{t('events.filters.title')}</SheetTitle>
          <SheetDescription>{t('events.filters.description')}</SheetDescription>
        </SheetHeader>
        <div className="px-4">
          <EventFiltersBar filters={filters} update={update} approved={approved} />
        </div>
        <SheetFooter className="flex-row justify-end">
          {active > 0 && (
            <Button type="button" variant="ghost" onClick={() => update(NO_FILTERS)}>
              {t('events.filters.clear')}
            </Button>
          )}
          <Button type="button" onClick={() => setOpen(false)}>
            {t('events.filters.show')}
          </Button>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}

/** City, community (the member's own), this week / weekend / month, and Going (approved members). */
export function EventFiltersBar({ filters, update, approved }: { filters: EventFilters; update: Update; approved: boolean }) {
  const communities = useMyCommunitiesQuery(approved).data?.items.filter((m) => m.status === 'active') ?? [];
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <form role="search" aria-label={t('events.filters.label')} className="grid gap-3" onSubmit={(e) => e.preventDefault()}>
      <div className="grid gap-3 sm:grid-cols-2 md:max-w-xl">
        <div className="grid gap-1.5">
          <Label htmlFor="event-city">{t('events.filters.city')}</Label>
          <NativeSelect id="event-city" value={filters.city ?? ''} onChange={(e) => update({ city: e.target.value || undefined })}>
            <option value="">{t('events.filters.allCities')}</option>
            {CITIES.map((city) => (
              <option key={city} value={city}>
                {s(CITY_LABELS[city])}
              </option>
            ))}
          </NativeSelect>
        </div>
        {approved && (
          <div className="grid gap-1.5">
            <Label htmlFor="event-community">{t('events.filters.community')}</Label>
            <NativeSelect
              id="event-community"
              value={filters.communityId ?? ''}
              onChange={(e) => update({ communityId: e.target.value || undefined })}
            >
              <option value="">{t('events.filters.allCommunities')}</option>
              {communities.map(({ community }) => (
                <option key={community.id} value={community.id}>
                  {community.name}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
      </div>
      <div className="flex flex-wrap gap-2" role="group" aria-label={t('events.filters.quick')}>
        {EVENT_RANGES.map((range) => (
          <ToggleButton key={range} pressed={filters.range === range} onClick={() => update({ range: filters.range === range ? undefined : range })}>
            {s(EVENT_RANGE_LABELS[range])}
          </ToggleButton>
        ))}
        {approved && (
          <ToggleButton pressed={filters.going === true} onClick={() => update({ going: filters.going ? undefined : 'true' })}>
            {t('events.filters.going')}
          </ToggleButton>
        )}
      </div>
    </form>
  );
}
