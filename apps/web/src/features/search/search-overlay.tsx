import * as React from 'react';
import { useNavigate } from 'react-router';
import { SearchIcon } from 'lucide-react';
import {
  SEARCH_LIMITS,
  SEARCH_MESSAGES,
  normalizeSearchQuery,
  searchResultHref,
  type SearchHistoryEntry,
  type SearchResult,
  type SearchTab,
} from '@bayclub/shared';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#/components/ui/dialog';
import { useSharedText, useT } from '#/lib/i18n';
import { useSearchQuery } from './api';
import { catalog } from './i18n';
import { clearSearchHistory, readSearchHistory, rememberSearch } from './search-history';
import { SearchHistoryList } from './search-history-list';
import { SearchNote, SearchResults } from './search-results';
import { SearchTabs } from './search-tabs';
import { useDebouncedValue } from '#/lib/use-debounced-value';

interface SearchOverlayProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Focus goes here on close when given (the Settings menu's button); else back where it was. */
  returnFocusTo: HTMLElement | null;
}

/**
 * Spec 2: the global search overlay. A full screen on phones, a panel near the top on wider screens. Its state lives
 * in SearchPanel, which the dialog mounts on each opening: every search starts empty, with the recent searches.
 */
export function SearchOverlay({ open, onOpenChange, returnFocusTo }: SearchOverlayProps) {
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="top-0 flex h-dvh max-h-dvh max-w-full translate-y-0 flex-col gap-0 overflow-hidden rounded-none p-0 sm:top-[10vh] sm:h-auto sm:max-h-[80vh] sm:max-w-2xl sm:rounded-lg"
        onCloseAutoFocus={(e) => {
          if (!returnFocusTo?.isConnected) return;
          e.preventDefault();
          returnFocusTo.focus();
        }}
      >
        <DialogTitle className="sr-only">{s(SEARCH_MESSAGES.title)}</DialogTitle>
        <DialogDescription className="sr-only">{t('search.description')}</DialogDescription>
        <SearchPanel onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function SearchPanel({ onDone }: { onDone: () => void }) {
  const t = useT(catalog);
  const s = useSharedText();
  const navigate = useNavigate();
  const baseId = React.useId();
  const listboxId = `${baseId}-listbox`;
  const optionId = (i: number) => `${baseId}-option-${i}`;
  const [text, setText] = React.useState('');
  const [tab, setTab] = React.useState<SearchTab>('all');
  const [active, setActive] = React.useState(-1);
  const [history, setHistory] = React.useState(readSearchHistory);

  const typed = normalizeSearchQuery(text);
  const typedEnough = Array.from(typed).length >= SEARCH_LIMITS.minLength;
  const q = useDebouncedValue(typed, SEARCH_LIMITS.debounce);
  const query = useSearchQuery(q);
  const data = typedEnough ? query.data : undefined;
  const waiting = typedEnough && (q !== typed || query.isFetching);

  React.useEffect(() => {
    // Spec 8: search errors are only logged.
    if (query.error) console.warn('Search failed', query.error);
  }, [query.error]);

  const results = data ? data.results.filter((r) => tab === 'all' || r.type === tab) : [];
  const entries = typedEnough ? [] : history.slice(0, SEARCH_LIMITS.historyShown);
  const count = typedEnough ? results.length : entries.length;
  const current = active < count ? active : -1;

  const openResult = (r: SearchResult) => {
    setHistory(rememberSearch(data?.query ?? typed, r.type));
    onDone();
    void navigate(searchResultHref(r));
  };
  const searchAgain = (entry: SearchHistoryEntry) => {
    setText(entry.query);
    setTab(entry.type);
    setActive(-1);
  };
  const choose = (i: number) => {
    if (typedEnough) openResult(results[i]!);
    else searchAgain(entries[i]!);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!count) return;
      e.preventDefault();
      const next = e.key === 'ArrowDown' ? (current + 1) % count : current <= 0 ? count - 1 : current - 1;
      setActive(next);
      document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
    } else if (e.key === 'Enter' && count) {
      e.preventDefault();
      choose(current >= 0 ? current : 0);
    }
  };

  const shown = (() => {
    if (!typedEnough) {
      return (
        <SearchHistoryList
          listboxId={listboxId}
          entries={entries}
          active={current}
          optionId={optionId}
          onSelect={searchAgain}
          onPoint={setActive}
          onClear={() => {
            clearSearchHistory();
            setHistory([]);
          }}
        />
      );
    }
    // Nothing yet (the first answer is on its way), or the search failed: spec 8 only logs that.
    if (!data) return null;
    const postsHint = !data.postsSearched && (tab === 'post' || tab === 'all') ? <SearchNote>{s(SEARCH_MESSAGES.postsNeedMore)}</SearchNote> : null;
    if (!results.length) return waiting ? postsHint : (postsHint ?? <SearchNote>{t('search.noResults', { query: data.query })}</SearchNote>);
    return (
      <>
        <SearchResults
          listboxId={listboxId}
          tab={tab}
          results={results}
          terms={data.terms}
          active={current}
          optionId={optionId}
          onSelect={openResult}
          onPoint={setActive}
        />
        {tab === 'all' && postsHint}
      </>
    );
  })();

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center gap-2 border-b px-4 py-3 pr-12">
        <SearchIcon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
        {/* type text, not search: the browser's own clear button would sit beside the dialog's close button. */}
        <input
          type="text"
          role="combobox"
          aria-label={s(SEARCH_MESSAGES.inputLabel)}
          aria-expanded={count > 0}
          aria-controls={listboxId}
          aria-activedescendant={current >= 0 ? optionId(current) : undefined}
          aria-autocomplete="list"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={SEARCH_LIMITS.queryMax}
          placeholder={s(SEARCH_MESSAGES.placeholder)}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          className="h-9 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-muted-foreground"
        />
      </div>
      <p role="status" className={waiting ? 'px-4 pt-2 text-sm text-muted-foreground' : 'sr-only'}>
        {waiting ? s(SEARCH_MESSAGES.searching) : ''}
      </p>
      {typedEnough ? (
        <SearchTabs
          tab={tab}
          onTab={(next) => {
            setTab(next);
            setActive(-1);
          }}
          counts={data?.counts ?? null}
        >
          {shown}
        </SearchTabs>
      ) : (
        <div className="min-h-0 min-w-0 overflow-x-hidden overflow-y-auto px-2 py-2">{shown}</div>
      )}
    </div>
  );
}
