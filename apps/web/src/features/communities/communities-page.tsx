import * as React from 'react';
import { SearchIcon } from 'lucide-react';
import { CITIES, CITY_LABELS, COMMUNITY_MESSAGES } from '@bayclub/shared';
import { EmptyState, ListError } from '#/components/card-grid';
import { LoadMore } from '#/components/load-more';
import { Input } from '#/components/ui/input';
import { Label } from '#/components/ui/label';
import { NativeSelect } from '#/components/ui/native-select';
import { itemsOf } from '#/lib/api';
import { isCity } from '#/lib/member-format';
import { useDebouncedValue } from '#/lib/use-debounced-value';
import { useSearchParamsUpdate } from '#/lib/use-search-params-update';
import { useSharedText, useT } from '#/lib/i18n';
import { useCommunityListQuery, type CommunityFilters } from './api';
import { CommunityGrid, CommunityGridSkeleton } from './community-grid';
import { catalog } from './i18n';

/** Search waits this long after the last keystroke, so typing a name asks the server once, not per letter. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The filters as the URL holds them (a search or city is a link one can share and go back to). */
function useFiltersInUrl(): [CommunityFilters, (next: Partial<CommunityFilters>) => void] {
  const [search, update] = useSearchParamsUpdate();
  const city = search.get('city');
  const filters: CommunityFilters = { q: (search.get('q') ?? '').trim(), city: isCity(city) ? city : null };
  return [filters, update];
}

/** '/communities' (visitors and members): every listed community A-Z, searched as you type and filtered by city. */
export function CommunitiesPage() {
  const [filters, setFilters] = useFiltersInUrl();
  const [text, setText] = React.useState(filters.q);
  const debounced = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const t = useT(catalog);
  const s = useSharedText();

  React.useEffect(() => {
    if (debounced !== filters.q) setFilters({ q: debounced });
    // Only a settled change of what was typed moves the URL (one history entry, replaced, per pause).
  }, [debounced]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <section aria-labelledby="communities-title" className="mx-auto grid w-full max-w-5xl content-start gap-5 px-4 py-6 sm:px-6 sm:py-8">
      <div className="grid gap-1">
        <h1 id="communities-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {t('communities.title')}
        </h1>
        <p className="text-muted-foreground">{t('communities.list.description')}</p>
      </div>
      <form role="search" aria-label={t('communities.title')} className="grid gap-3 sm:grid-cols-[1fr_12rem]" onSubmit={(e) => e.preventDefault()}>
        <div className="grid gap-1.5">
          <Label htmlFor="community-search">{t('communities.list.search')}</Label>
          <div className="relative">
            <SearchIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              id="community-search"
              type="search"
              value={text}
              maxLength={100}
              placeholder={t('communities.list.searchPlaceholder')}
              className="pl-9"
              autoComplete="off"
              onChange={(e) => setText(e.target.value)}
            />
          </div>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="community-city">{t('communities.list.city')}</Label>
          <NativeSelect id="community-city" value={filters.city ?? ''} onChange={(e) => setFilters({ city: isCity(e.target.value) ? e.target.value : null })}>
            <option value="">{t('communities.list.allCities')}</option>
            {CITIES.map((city) => (
              <option key={city} value={city}>
                {s(CITY_LABELS[city])}
              </option>
            ))}
          </NativeSelect>
        </div>
      </form>
      <CommunityResults filters={filters} />
    </section>
  );
}

function CommunityResults({ filters }: { filters: CommunityFilters }) {
  const query = useCommunityListQuery(filters);
  const communities = itemsOf(query.data);
  const t = useT(catalog);
  const s = useSharedText();
  if (query.isPending) return <CommunityGridSkeleton label={t('communities.list.loading')} />;
  if (query.isError && communities.length === 0) {
    return <ListError what={t('communities.list.what')} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (communities.length === 0) return <EmptyState title={s(COMMUNITY_MESSAGES.noCommunities)} hint={s(COMMUNITY_MESSAGES.noCommunitiesHint)} />;
  return (
    <div className="grid gap-4">
      <CommunityGrid label={t('communities.title')} communities={communities} headingLevel={2} />
      <LoadMore {...query} />
    </div>
  );
}
