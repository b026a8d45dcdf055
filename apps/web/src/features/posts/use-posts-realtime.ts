import * as React from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { PostView } from '@bayclub/shared';
import { itemsOf } from '#/lib/api';
import { useMe } from '#/lib/session/use-session';
import { useRealtimeEvent } from '#/lib/realtime/use-realtime';
import { getPage } from './api';
import { loadNewerPosts, postKeys, removePostEverywhere, updatePostEverywhere, type PagedData } from './post-cache';

/**
 * Keep every cached post current while a posts page is open: counts change in place, removed posts leave, and an
 * open post's comments are read again when someone comments.
 */
export function usePostsRealtime() {
  const queryClient = useQueryClient();
  useRealtimeEvent((event) => {
    switch (event.type) {
      case 'post:counts':
        updatePostEverywhere(queryClient, event.postId, (p) => ({ ...p, likeCount: event.likeCount, commentCount: event.commentCount }));
        break;
      case 'post:removed':
        removePostEverywhere(queryClient, event.postId);
        break;
      case 'post:comment':
        // Only the comments shown right now are fetched again (inactive queries just go stale).
        void queryClient.invalidateQueries({ queryKey: postKeys.comments(event.postId) });
        void queryClient.invalidateQueries({ queryKey: postKeys.replies() });
        break;
      default:
        break;
    }
  });
}

interface NewPostsOptions {
  queryKey: QueryKey;
  path: string;
  /** Which `feed:new` events belong to this list (a community's list takes only its own posts). */
  accepts: (event: { communityId: string | null }) => boolean;
}

/**
 * "N new posts": posts announced by the socket are counted, not inserted, so the list never moves under the
 * reader. `showNew` puts them at the top (see loadNewerPosts) and clears the count.
 */
export function useNewPosts({ queryKey, path, accepts }: NewPostsOptions) {
  const queryClient = useQueryClient();
  const meId = useMe()?.user.id;
  const [pending, setPending] = React.useState<ReadonlySet<string>>(() => new Set());
  const [loading, setLoading] = React.useState(false);

  useRealtimeEvent((event) => {
    if (event.type === 'post:removed') {
      setPending((old) => (old.has(event.postId) ? without(old, event.postId) : old));
      return;
    }
    if (event.type !== 'feed:new' || event.authorId === meId || !accepts(event)) return;
    const shown = itemsOf(queryClient.getQueryData<PagedData<PostView>>(queryKey)).some((p) => p.id === event.postId);
    if (!shown) setPending((old) => (old.has(event.postId) ? old : new Set(old).add(event.postId)));
  });

  const showNew = async () => {
    setLoading(true);
    try {
      await loadNewerPosts(queryClient, queryKey, (cursor) => getPage<PostView>(path, cursor));
      setPending(new Set());
    } finally {
      setLoading(false);
    }
  };

  return { count: pending.size, loading, showNew };
}

function without(set: ReadonlySet<string>, id: string) {
  const next = new Set(set);
  next.delete(id);
  return next;
}
