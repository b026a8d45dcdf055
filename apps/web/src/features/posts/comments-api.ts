import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CommentView, Page } from '@bayclub/shared';
import { api } from '#/lib/api';
import { getPage } from './api';
import { postKeys, updatePostEverywhere, type PagedData } from './post-cache';

const enc = encodeURIComponent;

/** Top-level comments of a post, oldest first (newest last); each carries its first replies. */
export const commentsQueryOptions = (postId: string) =>
  infiniteQueryOptions({
    queryKey: postKeys.comments(postId),
    queryFn: ({ pageParam, signal }) => getPage<CommentView>(`/api/posts/${enc(postId)}/comments`, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page<CommentView>) => last.nextCursor,
  });
export const useCommentsQuery = (postId: string) => useInfiniteQuery(commentsQueryOptions(postId));

/** The replies of one comment beyond the first few the comments list carries. */
export const repliesQueryOptions = (commentId: string) =>
  infiniteQueryOptions({
    queryKey: postKeys.repliesOf(commentId),
    queryFn: ({ pageParam, signal }) => getPage<CommentView>(`/api/comments/${enc(commentId)}/replies`, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page<CommentView>) => last.nextCursor,
  });
export const useRepliesQuery = (commentId: string, enabled: boolean) =>
  useInfiniteQuery({ ...repliesQueryOptions(commentId), enabled });

type CommentsData = PagedData<CommentView>;

function mapComments(queryClient: QueryClient, postId: string, change: (c: CommentView) => CommentView | null) {
  const walk = (list: CommentView[]): CommentView[] =>
    list.flatMap((c) => {
      const next = change(c);
      if (!next) return [];
      return [next.replies ? { ...next, replies: walk(next.replies) } : next];
    });
  queryClient.setQueryData<CommentsData>(postKeys.comments(postId), (old) =>
    old ? { ...old, pages: old.pages.map((page) => ({ ...page, items: walk(page.items) })) } : old,
  );
  queryClient.setQueriesData<CommentsData>({ queryKey: postKeys.replies() }, (old) =>
    old ? { ...old, pages: old.pages.map((page) => ({ ...page, items: walk(page.items) })) } : old,
  );
}

const bumpCommentCount = (queryClient: QueryClient, postId: string, delta: number) =>
  updatePostEverywhere(queryClient, postId, (p) => ({ ...p, commentCount: Math.max(0, p.commentCount + delta) }));

/**
 * POST /api/posts/:id/comments. A top-level comment goes at the end when the whole list is loaded (else the list is
 * read again); a reply joins its parent's replies. The post's count goes up as the request leaves, not when it is
 * answered: the server's `post:counts` (the exact count, ours included) and `post:comment` (which reads the list
 * again) are sent from the saving transaction and may arrive first, and must not be counted or listed twice.
 */
export function useCreateCommentMutation(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { content: string; parentId?: string }) =>
      api.post<CommentView>(`/api/posts/${enc(postId)}/comments`, { ...input }),
    onMutate: () => bumpCommentCount(queryClient, postId, 1),
    onError: () => bumpCommentCount(queryClient, postId, -1),
    onSuccess: (comment) => {
      if (comment.parentId) {
        mapComments(queryClient, postId, (c) =>
          c.id === comment.parentId
            ? { ...c, replyCount: (c.replyCount ?? 0) + 1, replies: [...(c.replies ?? []), comment] }
            : c,
        );
        void queryClient.invalidateQueries({ queryKey: postKeys.repliesOf(comment.parentId) });
        return;
      }
      const data = queryClient.getQueryData<CommentsData>(postKeys.comments(postId));
      const last = data?.pages.at(-1);
      if (!data || !last || last.nextCursor) {
        void queryClient.invalidateQueries({ queryKey: postKeys.comments(postId) });
        return;
      }
      if (data.pages.some((p) => p.items.some((c) => c.id === comment.id))) return;
      queryClient.setQueryData<CommentsData>(postKeys.comments(postId), {
        ...data,
        pages: [...data.pages.slice(0, -1), { ...last, items: [...last.items, comment] }],
      });
    },
  });
}

export function useUpdateCommentMutation(postId: string, commentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => api.patch<CommentView>(`/api/comments/${enc(commentId)}`, { content }),
    onSuccess: (updated) =>
      mapComments(queryClient, postId, (c) => (c.id === commentId ? { ...c, content: updated.content, editedAt: updated.editedAt } : c)),
  });
}

/**
 * DELETE /api/comments/:id: its replies go with it (the server counts them; `post:counts` brings the total). The
 * count goes down as the request leaves, for the same reason as a new comment's goes up then.
 */
export function useDeleteCommentMutation(postId: string, comment: CommentView) {
  const queryClient = useQueryClient();
  const removed = 1 + (comment.parentId ? 0 : (comment.replyCount ?? 0));
  return useMutation({
    mutationFn: () => api.delete<void>(`/api/comments/${enc(comment.id)}`),
    onMutate: () => bumpCommentCount(queryClient, postId, -removed),
    onError: () => bumpCommentCount(queryClient, postId, removed),
    onSuccess: () => {
      mapComments(queryClient, postId, (c) => {
        if (c.id === comment.id) return null;
        if (c.id === comment.parentId) return { ...c, replyCount: Math.max(0, (c.replyCount ?? 1) - 1) };
        return c;
      });
    },
  });
}
