import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  City,
  CommunityMemberView,
  CommunitySummaryView,
  CommunityView,
  CreateCommunityInput,
  MembershipStatus,
  MembershipView,
  Page,
  UpdateCommunityInput,
} from '@bayclub/shared';
import { api, pageUrl } from '#/lib/api';
import { myCommunitiesKey } from '#/lib/session/my-communities';

/**
 * Query keys of everything about communities. The member's own communities (`mine`) are read by several features
 * (lib/session/my-communities.ts); invalidating `communityKeys.all` when memberships change refreshes them too.
 */
export const communityKeys = {
  all: ['communities'] as const,
  mine: () => myCommunitiesKey,
  detail: (id: string) => [...communityKeys.all, 'detail', id] as const,
  lists: () => [...communityKeys.all, 'list'] as const,
  list: (filters: CommunityFilters) => [...communityKeys.lists(), filters] as const,
  discover: () => [...communityKeys.all, 'discover'] as const,
  members: (id: string, status: MembershipStatus) => [...communityKeys.all, 'members', id, status] as const,
  slug: (slug: string) => [...communityKeys.all, 'slug-availability', slug] as const,
};

/** The /communities filters, as kept in the URL. */
export interface CommunityFilters {
  q: string;
  city: City | null;
}

export type PagedData<T> = InfiniteData<Page<T>, string | null>;



/** GET /api/communities: A-Z, keyset-paged; `q` is the name search, `city` the filter. */
export const communityListQueryOptions = (filters: CommunityFilters) =>
  infiniteQueryOptions({
    queryKey: communityKeys.list(filters),
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams();
      if (filters.q) search.set('q', filters.q);
      if (filters.city) search.set('city', filters.city);
      return api.get<Page<CommunitySummaryView>>(pageUrl('/api/communities', search, pageParam), { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page<CommunitySummaryView>) => last.nextCursor,
    staleTime: 30_000,
  });

/** The previous results stay on screen while a new search loads, so typing does not flash a skeleton. */
export const useCommunityListQuery = (filters: CommunityFilters) =>
  useInfiniteQuery({ ...communityListQueryOptions(filters), placeholderData: keepPreviousData });

export const useDiscoverQuery = (enabled = true) =>
  useQuery({
    queryKey: communityKeys.discover(),
    queryFn: ({ signal }) => api.get<{ items: CommunitySummaryView[] }>('/api/communities/discover', { signal }),
    staleTime: 60_000,
    enabled,
  });

export const communityQueryOptions = (id: string) =>
  queryOptions({
    queryKey: communityKeys.detail(id),
    queryFn: ({ signal }) => api.get<CommunityView>(`/api/communities/${encodeURIComponent(id)}`, { signal }),
    staleTime: 30_000,
  });

export const useCommunityQuery = (id: string) => useQuery({ ...communityQueryOptions(id), enabled: id !== '' });

/** A community's members, pending requests or banned members (the last two for moderators). */
export const useMembersQuery = (id: string, status: MembershipStatus, enabled = true) =>
  useInfiniteQuery({
    queryKey: communityKeys.members(id, status),
    queryFn: ({ pageParam, signal }) => {
      return api.get<Page<CommunityMemberView>>(pageUrl(`/api/communities/${encodeURIComponent(id)}/members`, { status }, pageParam), { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page<CommunityMemberView>) => last.nextCursor,
    staleTime: 30_000,
    enabled,
  });

export interface SlugAvailability {
  slug: string;
  available: boolean;
  error?: string;
}

export const slugAvailabilityQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: communityKeys.slug(slug),
    queryFn: ({ signal }) =>
      api.get<SlugAvailability>(`/api/communities/slug-availability?slug=${encodeURIComponent(slug)}`, { signal }),
    // Someone may take an address at any moment: short freshness, and a failed check is said at once.
    staleTime: 30_000,
    retry: false,
  });

export function useCreateCommunityMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCommunityInput) => api.post<CommunityView>('/api/communities', { ...input }),
    onSuccess: (community) => {
      queryClient.setQueryData(communityKeys.detail(community.id), community);
      void queryClient.invalidateQueries({ queryKey: communityKeys.all });
    },
  });
}

export function useUpdateCommunityMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCommunityInput) => api.patch<CommunityView>(`/api/communities/${id}`, { ...input }),
    onSuccess: (community) => {
      queryClient.setQueryData(communityKeys.detail(id), community);
      void queryClient.invalidateQueries({ queryKey: communityKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: communityKeys.mine() });
    },
  });
}

/**
 * DELETE /api/communities/:id. `leave` moves away from the community's page first: forgetting the community while
 * its page is still open would refetch it and flash "not found".
 */
export function useDeleteCommunityMutation(id: string, leave: () => Promise<void> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<null>(`/api/communities/${id}`),
    onSuccess: async () => {
      await leave();
      queryClient.removeQueries({ queryKey: communityKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: communityKeys.all });
    },
  });
}

export type CommunityImageKind = 'cover' | 'avatar';

/** POST /api/communities/:id/cover or /avatar: multipart `file`, answers the updated community. */
export function useCommunityImageMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: CommunityImageKind; file: File }) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return api.post<CommunityView>(`/api/communities/${id}/${kind}`, body);
    },
    onSuccess: (community) => {
      queryClient.setQueryData(communityKeys.detail(id), community);
      void queryClient.invalidateQueries({ queryKey: communityKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: communityKeys.mine() });
    },
  });
}

/** What the viewer's membership becomes at once, before the server answers (rolled back on failure). */
function optimisticMembership(community: CommunityView, action: 'join' | 'leave'): CommunityView {
  const viewer = community.viewer;
  if (!viewer) return community;
  if (action === 'leave') {
    const wasActive = viewer.status === 'active';
    return {
      ...community,
      memberCount: Math.max(0, community.memberCount - (wasActive ? 1 : 0)),
      viewer: { ...viewer, status: 'none', role: null, canPost: false, canModerate: false, canRead: community.visibility === 'public' },
    };
  }
  const open = community.joinPolicy === 'open';
  return {
    ...community,
    memberCount: community.memberCount + (open ? 1 : 0),
    viewer: open
      ? { ...viewer, status: 'active', role: 'member', canRead: true, canPost: true }
      : { ...viewer, status: 'pending', role: 'member' },
  };
}

/** The server's answer applied to the cached community (its count is the truth). */
function withMembership(community: CommunityView, membership: MembershipView): CommunityView {
  const viewer = community.viewer;
  if (!viewer) return community;
  const active = membership.status === 'active';
  return {
    ...community,
    memberCount: membership.memberCount,
    viewer: {
      ...viewer,
      status: membership.status,
      role: membership.role,
      canRead: community.visibility === 'public' || active || viewer.canEdit,
      canPost: active,
    },
  };
}

/** Join (or ask to join) and leave (or withdraw a request), shown at once and rolled back when refused. */
export function useMembershipMutation(id: string) {
  const queryClient = useQueryClient();
  const key = communityKeys.detail(id);
  return useMutation({
    mutationFn: (action: 'join' | 'leave') => api.post<MembershipView>(`/api/communities/${id}/${action}`, {}),
    onMutate: async (action) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<CommunityView>(key);
      if (previous) queryClient.setQueryData(key, optimisticMembership(previous, action));
      return { previous };
    },
    onError: (_error, _action, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (membership) => {
      queryClient.setQueryData<CommunityView>(key, (current) => (current ? withMembership(current, membership) : current));
    },
    onSettled: () => invalidateMemberships(queryClient, id),
  });
}

/** Memberships changed: "Your communities", Discover, the member lists and the Home feed's sources. */
function invalidateMemberships(queryClient: QueryClient, id: string) {
  void queryClient.invalidateQueries({ queryKey: communityKeys.mine() });
  void queryClient.invalidateQueries({ queryKey: communityKeys.discover() });
  void queryClient.invalidateQueries({ queryKey: [...communityKeys.all, 'members', id] });
}

export type ModerationAction = 'approve' | 'decline' | 'remove' | 'ban' | 'unban' | 'appoint' | 'dismiss';

function moderationRequest(id: string, userId: string, action: ModerationAction) {
  const base = `/api/communities/${id}`;
  switch (action) {
    case 'approve':
    case 'decline':
      return api.post<unknown>(`${base}/requests/${userId}/${action}`, {});
    case 'remove':
    case 'ban':
    case 'unban':
      return api.post<unknown>(`${base}/members/${userId}/${action}`, {});
    case 'appoint':
      return api.put<unknown>(`${base}/moderators/${userId}`, {});
    case 'dismiss':
      return api.delete<unknown>(`${base}/moderators/${userId}`);
  }
}

/** Which list a member leaves at once when a moderator acts (they reappear if the server refuses). */
const LEAVES_LIST: Partial<Record<ModerationAction, MembershipStatus>> = {
  approve: 'pending',
  decline: 'pending',
  remove: 'active',
  ban: 'active',
  unban: 'banned',
};

/** What the member is told when a moderation action ends (run even when the row that started it is gone). */
export interface ModerationFeedback {
  onSuccess?: (variables: { userId: string; action: ModerationAction }) => void;
  onError?: (error: Error) => void;
}

/** A moderator's action on one member, optimistic on the list it happens in. */

export function useModerationMutation(id: string, feedback: ModerationFeedback = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, action }: { userId: string; action: ModerationAction }) => moderationRequest(id, userId, action),
    onMutate: async ({ userId, action }) => {
      const status = LEAVES_LIST[action];
      if (!status) return { previous: undefined, status };
      const key = communityKeys.members(id, status);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<PagedData<CommunityMemberView>>(key);
      queryClient.setQueryData<PagedData<CommunityMemberView>>(key, (data) =>
        data && {
          ...data,
          pages: data.pages.map((p) => ({ ...p, items: p.items.filter((m) => m.member.id !== userId) })),
        },
      );
      return { previous, status };
    },
    onSuccess: (_data, variables) => feedback.onSuccess?.(variables),
    onError: (error, _vars, context) => {
      if (context?.status && context.previous) {
        queryClient.setQueryData(communityKeys.members(id, context.status), context.previous);
      }
      feedback.onError?.(error);
    },
    onSettled: () => {
      invalidateMemberships(queryClient, id);
      void queryClient.invalidateQueries({ queryKey: communityKeys.detail(id) });
    },
  });
}
