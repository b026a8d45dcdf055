import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Page, PostView } from '@bayclub/shared';
import { itemsOf } from '#/lib/api';

/** Query keys of posts. Every list of posts lives under `lists()`, so one walk updates a post wherever it shows. */
export const postKeys = {
  all: ['posts'] as const,
  lists: () => [...postKeys.all, 'list'] as const,
  feed: () => [...postKeys.lists(), 'feed'] as const,
  community: (communityId: string) => [...postKeys.lists(), 'community', communityId] as const,
  reported: (communityId: string) => [...postKeys.lists(), 'reported', communityId] as const,
  details: () => [...postKeys.all, 'detail'] as const,
  detail: (postId: string) => [...postKeys.details(), postId] as const,
  comments: (postId: string) => [...postKeys.all, 'comments', postId] as const,
  replies: () => [...postKeys.all, 'replies'] as const,
  repliesOf: (commentId: string) => [...postKeys.replies(), commentId] as const,
};

export type PagedData<T> = InfiniteData<Page<T>, string | null>;


/** Apply `change` to the post wherever it is cached: every list page and its own page. */
export function updatePostEverywhere(queryClient: QueryClient, postId: string, change: (post: PostView) => PostView) {
  const edit = (post: PostView) => (post.id === postId ? change(post) : post);
  queryClient.setQueriesData<PagedData<PostView>>({ queryKey: postKeys.lists() }, (old) =>
    old ? { ...old, pages: old.pages.map((page) => ({ ...page, items: page.items.map(edit) })) } : old,
  );
  queryClient.setQueryData<PostView>(postKeys.detail(postId), (old) => (old ? change(old) : old));
}

/** Drop the post from every cached list (deleted, or hidden by reports); its own page asks the server again. */
export function removePostEverywhere(queryClient: QueryClient, postId: string) {
  queryClient.setQueriesData<PagedData<PostView>>({ queryKey: postKeys.lists() }, (old) =>
    old ? { ...old, pages: old.pages.map((page) => ({ ...page, items: page.items.filter((p) => p.id !== postId) })) } : old,
  );
  void queryClient.invalidateQueries({ queryKey: postKeys.detail(postId) });
}

/** Put a post at the top of a cached list (the member's own new post), unless it is there already. */
export function prependPost(queryClient: QueryClient, queryKey: QueryKey, post: PostView) {
  queryClient.setQueryData<PagedData<PostView>>(queryKey, (old) => {
    if (!old || old.pages.length === 0) return old;
    if (old.pages.some((page) => page.items.some((p) => p.id === post.id))) return old;
    const [first, ...rest] = old.pages;
    return { ...old, pages: [{ ...first!, items: [post, ...first!.items] }, ...rest] };
  });
}

/** The cached copy of a post, from its own page or any list (for an optimistic change and its rollback). */
export function findCachedPost(queryClient: QueryClient, postId: string): PostView | undefined {
  const own = queryClient.getQueryData<PostView>(postKeys.detail(postId));
  if (own) return own;
  for (const [, data] of queryClient.getQueriesData<PagedData<PostView>>({ queryKey: postKeys.lists() })) {
    const found = data?.pages.flatMap((p) => p.items).find((p) => p.id === postId);
    if (found) return found;
  }
  return undefined;
}

/** How many newer pages we read to reach the top of the list before starting it over instead. */
const NEWER_PAGES_MAX = 3;

/**
 * Show the posts that arrived since the list was read ("N new posts"): read pages from the top until one holds a
 * post the list already has and put the newer ones above it. The loaded pages and their cursors stay as they are,
 * so scrolling on neither repeats nor skips a post. After too many new posts the list starts over from the top.
 */
export async function loadNewerPosts(
  queryClient: QueryClient,
  queryKey: QueryKey,
  fetchPage: (cursor: string | null) => Promise<Page<PostView>>,
) {
  const current = queryClient.getQueryData<PagedData<PostView>>(queryKey);
  if (!current || current.pages.length === 0) {
    await queryClient.resetQueries({ queryKey });
    return;
  }
  const known = new Set(itemsOf(current).map((p) => p.id));
  const fresh: PostView[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < NEWER_PAGES_MAX; i++) {
    const page = await fetchPage(cursor);
    const overlap = page.items.findIndex((p) => known.has(p.id));
    fresh.push(...(overlap >= 0 ? page.items.slice(0, overlap) : page.items));
    if (overlap >= 0 || !page.nextCursor) {
      prependMany(queryClient, queryKey, fresh);
      return;
    }
    cursor = page.nextCursor;
  }
  await queryClient.resetQueries({ queryKey });
}

function prependMany(queryClient: QueryClient, queryKey: QueryKey, posts: PostView[]) {
  queryClient.setQueryData<PagedData<PostView>>(queryKey, (old) => {
    if (!old || old.pages.length === 0) return old;
    const known = new Set(itemsOf(old).map((p) => p.id));
    const add = posts.filter((p) => !known.has(p.id));
    const [first, ...rest] = old.pages;
    return { ...old, pages: [{ ...first!, items: [...add, ...first!.items] }, ...rest] };
  });
}
