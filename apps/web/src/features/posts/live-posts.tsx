import * as React from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { PostView } from '@bayclub/shared';
import { feedQueryOptions } from './api';
import { NewPostsPill } from './new-posts-pill';
import { PostList } from './post-list';
import { useNewPosts, usePostsRealtime } from './use-posts-realtime';

interface LivePostsProps {
  options: ReturnType<typeof feedQueryOptions>;
  /** The list's own path, read again from the top for "N new posts". */
  path: string;
  accepts: (event: { communityId: string | null }) => boolean;
  label: string;
  empty?: { title: string; hint?: string };
  footer?: (post: PostView) => React.ReactNode;
}

/** A list of posts kept live: counts and removals in place, and new posts behind a "N new posts" pill. */
export function LivePosts({ options, path, accepts, label, empty, footer }: LivePostsProps) {
  usePostsRealtime();
  const query = useInfiniteQuery(options);
  const newPosts = useNewPosts({ queryKey: options.queryKey, path, accepts });
  const top = React.useRef<HTMLDivElement>(null);

  const handleShow = async () => {
    await newPosts.showNew();
    top.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    // The pill goes away: focus moves to the newest post instead of being lost.
    top.current?.parentElement?.querySelector<HTMLElement>('article')?.focus({ preventScroll: true });
  };

  return (
    <div className="grid gap-4">
      <div ref={top} className="scroll-mt-20" />
      <NewPostsPill count={newPosts.count} loading={newPosts.loading} onShow={() => void handleShow()} />
      <PostList query={query} label={label} empty={empty} footer={footer} />
    </div>
  );
}
