import * as React from 'react';
import { useSearchParams } from 'react-router';

export type SearchParamsUpdate = (changes: Record<string, string | null | undefined>) => void;

/**
 * Filters, tabs and views kept in the URL (a link one can share, kept on Back): the current parameters, and an
 * update that sets those given and removes those given empty. In place: typing and tapping filters should not
 * fill the Back button's history.
 */
export function useSearchParamsUpdate(): [URLSearchParams, SearchParamsUpdate] {
  const [search, setSearch] = useSearchParams();
  const update = React.useCallback<SearchParamsUpdate>(
    (changes) =>
      setSearch(
        (prev) => {
          const params = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value) params.set(key, value);
            else params.delete(key);
          }
          return params;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return [search, update];
}
