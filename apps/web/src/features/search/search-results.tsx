import { SEARCH_TAB_LABELS, SEARCH_TYPES, type SearchResult, type SearchTab } from '@bayclub/shared';
import { useSharedText, useT } from '#/lib/i18n';
import { catalog } from './i18n';
import { SearchResultOption } from './search-result-option';

interface SearchResultsProps {
  listboxId: string;
  tab: SearchTab;
  /** The results the tab shows, in order (the options, indexed as `active` counts). */
  results: SearchResult[];
  terms: string[];
  active: number;
  optionId: (index: number) => string;
  onSelect: (result: SearchResult) => void;
  onPoint: (index: number) => void;
}

/** The results listbox: in All, one labelled group per type (Users, Communities, Events, Posts); else one list. */
export function SearchResults({ listboxId, tab, results, terms, active, optionId, onSelect, onPoint }: SearchResultsProps) {
  const t = useT(catalog);
  const s = useSharedText();
  const option = (r: SearchResult, index: number) => (
    <SearchResultOption
      key={`${r.type}-${r.id}`}
      id={optionId(index)}
      result={r}
      terms={terms}
      active={index === active}
      onSelect={() => onSelect(r)}
      onPoint={() => onPoint(index)}
    />
  );
  const label = t('search.results.label', { type: s(SEARCH_TAB_LABELS[tab]) });
  if (tab !== 'all') {
    return (
      <div id={listboxId} role="listbox" aria-label={label} className="flex flex-col gap-0.5">
        {results.map(option)}
      </div>
    );
  }
  let index = 0;
  return (
    <div id={listboxId} role="listbox" aria-label={label} className="flex flex-col gap-2">
      {SEARCH_TYPES.map((type) => {
        const ofType = results.filter((r) => r.type === type);
        if (!ofType.length) return null;
        const headingId = `${listboxId}-${type}`;
        return (
          <div key={type} role="group" aria-labelledby={headingId} className="flex flex-col gap-0.5">
            <div id={headingId} role="presentation" className="px-3 pt-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              {s(SEARCH_TAB_LABELS[type])}
            </div>
            {ofType.map((r) => option(r, index++))}
          </div>
        );
      })}
    </div>
  );
}

/** A line in place of results: 'Searching...', the empty state, or why posts were not searched. */
export function SearchNote({ children }: { children: string }) {
  return <p className="px-3 py-6 text-center text-sm text-muted-foreground">{children}</p>;
}
