import { infiniteQueryOptions, type InfiniteData, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { Page } from '@bayclub/shared';
import { api, pageUrl } from './api';

export type PagedData<T> = InfiniteData<Page<T>, string | null>;

/** A `Page<T>` list read a page at a time with `cursor`. */
export function pagedQueryOptions<T>(queryKey: QueryKey, path: string, params: Record<string, string> = {}) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => {
      return api.get<Page<T>>(pageUrl(path, params, pageParam), { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page<T>) => last.nextCursor,
    // Other members change these lists at any time; the socket refreshes them, this is the fallback.
    staleTime: 30_000,
  });
}

/** `data` without the items `drop` picks (pages keep their cursors). */
export function removeItems<T>(data: PagedData<T> | undefined, drop: (item: T) => boolean): PagedData<T> | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => !drop(item)) })) };
}

/**
 * Take items out of a cached list at once and give back a rollback. Used by every list action, so a failed
 * request puts the row back where it was.
 */
export async function removeOptimistically<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  drop: (item: T) => boolean,
): Promise<() => void> {
  await queryClient.cancelQueries({ queryKey });
  const previous = queryClient.getQueryData<PagedData<T>>(queryKey);
  queryClient.setQueryData<PagedData<T>>(queryKey, (old) => removeItems(old, drop));
  return () => queryClient.setQueryData(queryKey, previous);
}

