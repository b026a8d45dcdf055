import { beforeEach, describe, expect, it } from 'vitest';
import { SEARCH_HISTORY_KEY } from '@bayclub/shared';
import { clearSearchHistory, readSearchHistory, rememberSearch } from './search-history';

beforeEach(() => localStorage.clear());

describe('search history (localStorage globalSearchHistory)', () => {
  it('keeps the ten newest, newest first, one entry per query (any case)', () => {
    for (let i = 0; i < 12; i++) rememberSearch(`query ${i}`, 'all', 1000 + i);
    const kept = readSearchHistory();
    expect(kept).toHaveLength(10);
    expect(kept[0]).toEqual({ query: 'query 11', type: 'all', timestamp: 1011 });
    expect(kept.at(-1)!.query).toBe('query 2');
    rememberSearch('QUERY 5', 'user', 2000);
    const again = readSearchHistory();
    expect(again).toHaveLength(10);
    expect(again[0]).toEqual({ query: 'QUERY 5', type: 'user', timestamp: 2000 });
    expect(again.filter((e) => e.query.toLowerCase() === 'query 5')).toHaveLength(1);
  });

  it('reads a damaged or foreign value as empty, and skips entries of the wrong shape', () => {
    localStorage.setItem(SEARCH_HISTORY_KEY, '{not json');
    expect(readSearchHistory()).toEqual([]);
    localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify({ query: 'x' }));
    expect(readSearchHistory()).toEqual([]);
    localStorage.setItem(
      SEARCH_HISTORY_KEY,
      JSON.stringify([{ query: 'ok', type: 'post', timestamp: 1 }, { query: 'bad type', type: 'x', timestamp: 1 }, { query: '', type: 'all', timestamp: 1 }, 'junk']),
    );
    expect(readSearchHistory()).toEqual([{ query: 'ok', type: 'post', timestamp: 1 }]);
    clearSearchHistory();
    expect(readSearchHistory()).toEqual([]);
  });
});
