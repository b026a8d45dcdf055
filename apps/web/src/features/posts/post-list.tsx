import type * as React from 'react';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { AlertTriangleIcon, NewspaperIcon } from 'lucide-react';
import { POST_MESSAGES, type Page, type PostView } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Skeleton } from '#/components/ui/skeleton';
import { Spinner } from '#/components/ui/spinner';
import { RetryButton } from '#/components/retry-button';
import { errorMessage, itemsOf } from '#/lib/api';
import { useSharedText, useT } from '#/lib/i18n';
import { catalog } from './i18n';
import { PostCard } from './post-card';
import { useInfiniteScroll } from './use-infinite-scroll';
import { OnlineOr } from '#/components/offline-banner';

interface PostListProps {
  query: UseInfiniteQueryResult<{ pages: Page<PostView>[] }>;
  label: string;
  empty?: { title: string; hint?: string };
  /** Extra controls under each post (the moderators' queue). */
  footer?: (post: PostView) => React.ReactNode;
}

/**
 * Posts newest first, the next page read as the end comes into view (Load more for keyboards and old browsers).
 * Pages follow the server's keyset cursors, so nothing repeats or goes missing.
 */
export function PostList({ query, label, empty, footer }: PostListProps) {
  const posts = itemsOf(query.data);
  const canLoadMore = !!query.hasNextPage && !query.isFetchingNextPage && !query.isFetchNextPageError;
  const sentinel = useInfiniteScroll(canLoadMore, () => void query.fetchNextPage());
  const t = useT(catalog);
  const s = useSharedText();

  if (query.isPending) return <OnlineOr what={t('posts.list.offlineWhat')}><PostsSkeleton /></OnlineOr>;
  if (query.isError && posts.length === 0) {
    return (
      <div role="alert" className="grid justify-items-center gap-3 rounded-xl border border-destructive/40 bg-destructive/5 px-6 py-10 text-center">
        <AlertTriangleIcon aria-hidden="true" className="size-8 text-destructive" />
        <p className="font-medium">{s(POST_MESSAGES.loadFailed)}</p>
        <p className="text-sm text-muted-foreground">{errorMessage(query.error)}</p>
        <RetryButton onClick={() => void query.refetch()} />
      </div>
    );
  }
  if (posts.length === 0) {
    return (
      <div className="grid justify-items-center gap-2 rounded-xl border border-dashed px-6 py-12 text-center">
        <NewspaperIcon aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="font-medium">{empty?.title ?? s(POST_MESSAGES.emptyFeed)}</p>
        {empty?.hint && <p className="max-w-sm text-sm text-muted-foreground">{empty.hint}</p>}
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <ul aria-label={label} className="grid gap-4">
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} footer={footer?.(post)} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} aria-hidden="true" />
      {query.isFetchingNextPage && <Spinner label={t('posts.list.loadingMore')} className="justify-self-center" />}
      {query.hasNextPage && !query.isFetchingNextPage && (
        <Button variant="outline" className="justify-self-center" onClick={() => void query.fetchNextPage()}>
          {t('posts.list.loadMore')}
        </Button>
      )}
      {query.isFetchNextPageError && (
        <p role="alert" className="text-center text-sm text-destructive">
          {errorMessage(query.error)}
        </p>
      )}
    </div>
  );
}

function PostsSkeleton() {
  const t = useT(catalog);
  return (
    <div role="status" aria-label={t('posts.list.loading')} className="grid gap-4">
      {[0, 1].map((i) => (
        <div key={i} className="grid gap-3 rounded-xl border p-4">
          <div className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-full" />
            <Skeleton className="h-4 w-40" />
          </div>
          <Skeleton className="h-16 w-full" />
        </div>
      ))}
    </div>
  );
}
