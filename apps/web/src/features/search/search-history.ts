import { SEARCH_HISTORY_KEY, SEARCH_LIMITS, SEARCH_TABS, type SearchHistoryEntry, type SearchTab } from '@bayclub/shared';

const isEntry = (v: unknown): v is SearchHistoryEntry => {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  return (
    typeof e.query === 'string' &&
    e.query.trim() !== '' &&
    typeof e.timestamp === 'number' &&
    SEARCH_TABS.includes(e.type as SearchTab)
  );
};

/**
 * Recent searches (spec 3: localStorage globalSearchHistory; query, type, timestamp), newest first, at most
 * SEARCH_LIMITS.historyKept. A damaged or foreign value reads as empty; storage that refuses (private mode, full)
 * only loses the history.
 */
export function readSearchHistory(): SearchHistoryEntry[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(SEARCH_HISTORY_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isEntry).slice(0, SEARCH_LIMITS.historyKept) : [];
  } catch {
    return [];
  }
}

function write(entries: SearchHistoryEntry[]) {
  try {
    localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(entries));
  } catch {
    /* storage refused: the history is a convenience */
  }
}

/** Remember a search: first in the list, an earlier entry of the same query (any case) replaced. */
export function rememberSearch(query: string, type: SearchTab, now: number = Date.now()): SearchHistoryEntry[] {
  const key = query.trim().toLowerCase();
  const next = [{ query: query.trim(), type, timestamp: now }, ...readSearchHistory().filter((e) => e.query.toLowerCase() !== key)].slice(
    0,
    SEARCH_LIMITS.historyKept,
  );
  write(next);
  return next;
}

export function clearSearchHistory() {
  write([]);
}
