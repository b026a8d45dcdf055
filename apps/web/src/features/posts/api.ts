import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  ContentReportInput,
  CreatePostInput,
  LikeResult,
  Page,
  PostImageUpload,
  PostView,
} from '@bayclub/shared';
import { api } from '#/lib/api';
import {
  findCachedPost,
  postKeys,
  prependPost,
  removePostEverywhere,
  updatePostEverywhere,
} from './post-cache';

export { postKeys } from './post-cache';

const enc = encodeURIComponent;

/** GET a `Page<T>` list with an optional cursor. */
export function getPage<T>(path: string, cursor: string | null, signal?: AbortSignal) {
  return api.get<Page<T>>(cursor ? `${path}?cursor=${enc(cursor)}` : path, { signal });
}

/** Where each list of posts is read from. */
export const postListPath = {
  feed: () => '/api/feed',
  community: (communityId: string) => `/api/communities/${enc(communityId)}/posts`,
  reported: (communityId: string) => `/api/communities/${enc(communityId)}/reported`,
};

function postListOptions(queryKey: readonly unknown[], path: string) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => getPage<PostView>(path, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page<PostView>) => last.nextCursor,
    staleTime: 30_000,
    // New posts arrive as a "N new posts" pill, never by the list refreshing itself under the reader.
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export const feedQueryOptions = () => postListOptions(postKeys.feed(), postListPath.feed());
export const communityPostsQueryOptions = (communityId: string) =>
  postListOptions(postKeys.community(communityId), postListPath.community(communityId));
export const reportedPostsQueryOptions = (communityId: string) =>
  postListOptions(postKeys.reported(communityId), postListPath.reported(communityId));

export const usePostListQuery = (options: ReturnType<typeof feedQueryOptions>) => useInfiniteQuery(options);

export const postQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: postKeys.detail(postId),
    queryFn: ({ signal }) => api.get<PostView>(`/api/posts/${enc(postId)}`, { signal }),
    retry: false,
  });
export const usePostQuery = (postId: string) => useQuery(postQueryOptions(postId));

/** POST /api/post-images: one photo, checked and re-encoded by the server. */
export function uploadPostImage(file: File, signal?: AbortSignal) {
  const body = new FormData();
  body.append('file', file, file.name);
  return api.post<PostImageUpload>('/api/post-images', body, { signal });
}

/** POST /api/posts: the new post goes to the top of Home and of its community's list. */
export function useCreatePostMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePostInput) => api.post<PostView>('/api/posts', { ...input }),
    onSuccess: (post) => {
      prependPost(queryClient, postKeys.feed(), post);
      if (post.community) prependPost(queryClient, postKeys.community(post.community.id), post);
    },
  });
}

export function useUpdatePostMutation(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => api.patch<PostView>(`/api/posts/${enc(postId)}`, { content }),
    onSuccess: (post) => updatePostEverywhere(queryClient, postId, () => post),
  });
}

export function useDeletePostMutation(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>(`/api/posts/${enc(postId)}`),
    onSuccess: () => {
      removePostEverywhere(queryClient, postId);
      queryClient.removeQueries({ queryKey: postKeys.detail(postId), exact: true });
    },
  });
}

/** POST /api/posts/:id/restore (moderators): it leaves the Reported list and shows again. */
export function useRestorePostMutation(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => api.post<PostView>(`/api/posts/${enc(postId)}/restore`),
    onSuccess: (post) => {
      updatePostEverywhere(queryClient, post.id, () => post);
      void queryClient.invalidateQueries({ queryKey: postKeys.reported(communityId) });
      void queryClient.invalidateQueries({ queryKey: postKeys.community(communityId) });
    },
  });
}

const likeKey = (postId: string) => ['posts', 'like', postId] as const;

/**
 * Like / unlike, shown at once. Requests for one post run one after another (scope), and only the last one's
 * answer is applied, so quick double clicks end where the member left them; a failure puts back what was there.
 */
export function useLikeMutation(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: likeKey(postId),
    scope: { id: `like-${postId}` },
    mutationFn: (like: boolean) =>
      like ? api.post<LikeResult>(`/api/posts/${enc(postId)}/like`) : api.delete<LikeResult>(`/api/posts/${enc(postId)}/like`),
    onMutate: (like) => {
      const before = findCachedPost(queryClient, postId);
      updatePostEverywhere(queryClient, postId, (p) =>
        p.likedByMe === like ? p : { ...p, likedByMe: like, likeCount: Math.max(0, p.likeCount + (like ? 1 : -1)) },
      );
      return { before };
    },
    onSuccess: (result) => {
      if (queryClient.isMutating({ mutationKey: likeKey(postId) }) > 1) return;
      updatePostEverywhere(queryClient, postId, (p) => ({ ...p, likedByMe: result.liked, likeCount: result.likeCount }));
    },
    onError: (_error, _like, context) => {
      const before = context?.before;
      if (before) updatePostEverywhere(queryClient, postId, (p) => ({ ...p, likedByMe: before.likedByMe, likeCount: before.likeCount }));
    },
  });
}

/** POST /api/posts/:id/report or /api/comments/:id/report. */
export function useReportContentMutation(target: { kind: 'post' | 'comment'; id: string }) {
  return useMutation({
    mutationFn: (input: ContentReportInput) =>
      api.post<{ id: string }>(`/api/${target.kind === 'post' ? 'posts' : 'comments'}/${enc(target.id)}/report`, { ...input }),
  });
}
