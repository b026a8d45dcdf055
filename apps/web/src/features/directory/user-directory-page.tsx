import * as React from 'react';
import { useSearchParams } from 'react-router';
import { SlidersHorizontalIcon } from 'lucide-react';
import { DIRECTORY_LIMITS, DIRECTORY_MESSAGES, DIRECTORY_SORT_LABELS, DIRECTORY_SORTS, type DirectorySort } from '@bayclub/shared';
import { ListError } from '#/components/card-grid';
import { itemsOf } from '#/lib/api';
import { Button } from '#/components/ui/button';
import { Label } from '#/components/ui/label';
import { NativeSelect } from '#/components/ui/native-select';
import { Sheet, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle } from '#/components/ui/sheet';
import { useSharedText, useT } from '#/lib/i18n';
import { useDirectoryQuery } from './api';
import { clearedFilters, countDirectoryFilters, directoryFromSearch, directoryToParams, type DirectoryFilters } from './directory-params';
import { DirectoryFiltersForm } from './directory-filters-form';
import { DirectoryEmpty, DirectorySkeleton, MemberGrid } from './directory-results';
import { DebouncedSearchBox } from '#/components/debounced-search-box';
import { catalog } from './i18n';

/**
 * '/user-directory' (People): members to browse, search and filter. Everything the member chose lives in the URL,
 * so a search can be shared, reloaded and gone back to. Filters sit in a side panel on desktop, a sheet on phones.
 */
export function UserDirectoryPage() {
  const t = useT(catalog);
  const s = useSharedText();
  const [search, setSearch] = useSearchParams();
  const filters = React.useMemo(() => directoryFromSearch(search), [search]);
  const [sheetOpen, setSheetOpen] = React.useState(false);
  const query = useDirectoryQuery(filters);
  const sortId = React.useId();

  // replace: typing and ticking filters should not fill the back button's history.
  const apply = React.useCallback((next: DirectoryFilters) => setSearch(directoryToParams(next), { replace: true }), [setSearch]);
  const handleSearch = React.useCallback((q: string) => apply({ ...directoryFromSearch(search), q }), [apply, search]);
  const handleClear = () => apply(clearedFilters(filters));
  const active = countDirectoryFilters(filters);
  const members = itemsOf(query.data);
  const hasAnyChoice = active > 0 || filters.q !== '';

  let body: React.ReactNode;
  if (query.isPending) body = <DirectorySkeleton />;
  else if (query.isError && members.length === 0) body = <ListError what={t('directory.error.what')} error={query.error} onRetry={() => void query.refetch()} />;
  else if (members.length === 0) body = <DirectoryEmpty onClear={hasAnyChoice ? handleClear : null} />;
  else
    body = (
      <MemberGrid
        members={members}
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        nextPageError={query.isFetchNextPageError ? query.error : null}
        onLoadMore={() => void query.fetchNextPage()}
      />
    );

  const form = <DirectoryFiltersForm filters={filters} onChange={apply} onClear={handleClear} />;

  return (
    <section aria-labelledby="people-title" className="mx-auto grid w-full max-w-6xl gap-4 px-4 py-6 sm:px-6 sm:py-8">
      <h1 id="people-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
        {s(DIRECTORY_MESSAGES.title)}
      </h1>
      <div className="flex flex-wrap items-end gap-3">
        <DebouncedSearchBox
          value={filters.q}
          onSearch={handleSearch}
          label={s(DIRECTORY_MESSAGES.searchLabel)}
          placeholder={t('directory.search.placeholder')}
          maxLength={DIRECTORY_LIMITS.queryMax}
          debounceMs={DIRECTORY_LIMITS.searchDebounce}
          // A row of its own on phones: sharing it with Sort and Filters left the box 88 px wide ("Sea...").
          className="grow basis-full sm:basis-0"
        />
        <div className="grid gap-1">
          <Label htmlFor={sortId} className="text-xs text-muted-foreground">
            {t('directory.sortBy')}
          </Label>
          <NativeSelect id={sortId} value={filters.sort} onChange={(e) => apply({ ...filters, sort: e.target.value as DirectorySort })}>
            {DIRECTORY_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {s(DIRECTORY_SORT_LABELS[sort])}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button variant="outline" className="md:hidden" onClick={() => setSheetOpen(true)} aria-haspopup="dialog">
          <SlidersHorizontalIcon aria-hidden="true" />
          {active > 0 ? t('directory.filters.withCount', { count: active }) : t('directory.filters.title')}
        </Button>
      </div>
      <div className="grid gap-6 md:grid-cols-[16rem_minmax(0,1fr)]">
        <aside aria-labelledby="people-filters" className="hidden content-start md:grid md:gap-4">
          <h2 id="people-filters" className="text-lg font-semibold">
            {t('directory.filters.title')}
          </h2>
          {form}
        </aside>
        <div aria-busy={query.isFetching && !query.isFetchingNextPage} className="min-w-0">
          {body}
        </div>
      </div>
      <Sheet open={sheetOpen} onOpenChange={setSheetOpen}>
        <SheetContent side="right" className="w-full overflow-y-auto sm:max-w-md">
          <SheetHeader>
            <SheetTitle>{t('directory.filters.title')}</SheetTitle>
            <SheetDescription>{t('directory.filters.description')}</SheetDescription>
          </SheetHeader>
          <div className="px-4">{form}</div>
          <SheetFooter>
            <Button onClick={() => setSheetOpen(false)}>{t('directory.filters.showMembers')}</Button>
          </SheetFooter>
        </SheetContent>
      </Sheet>
    </section>
  );
}
