import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CrmAccessView,
  CrmCommunitySummary,
  CrmCommunityView,
  CrmExportField,
  CrmFiltersInput,
  CrmMemberCard,
  CrmMembersPage,
  CrmNoteView,
  CrmRefreshView,
  CrmSegmentView,
  CrmSort,
  CrmTimelinePage,
  SortDirection,
} from '@bayclub/shared';
import { api, pageUrl } from '#/lib/api';

export const crmKeys = {
  all: ['crm'] as const,
  access: () => [...crmKeys.all, 'access'] as const,
  members: () => [...crmKeys.all, 'members'] as const,
  memberList: (params: string) => [...crmKeys.members(), params] as const,
  card: (id: string) => [...crmKeys.all, 'card', id] as const,
  timeline: (id: string) => [...crmKeys.all, 'timeline', id] as const,
  segments: () => [...crmKeys.all, 'segments'] as const,
  communities: () => [...crmKeys.all, 'communities'] as const,
  community: (id: string) => [...crmKeys.all, 'community', id] as const,
};

/** The filters as query parameters: blank values left out, lists comma-joined. */
export function filterParams(f: CrmFiltersInput): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) {
      if (v.length) p.set(k, v.join(','));
    } else p.set(k, String(v));
  }
  return p;
}

export function exportUrl(opts: { filters: CrmFiltersInput; segment: string | null; fields: CrmExportField[]; sort: CrmSort; dir: SortDirection }) {
  const p = opts.segment ? new URLSearchParams({ segment: opts.segment }) : filterParams(opts.filters);
  p.set('fields', opts.fields.join(','));
  p.set('sort', opts.sort);
  p.set('dir', opts.dir);
  return `/api/crm/export.csv?${p.toString()}`;
}

export const crmAccessQueryOptions = () =>
  queryOptions({ queryKey: crmKeys.access(), queryFn: ({ signal }) => api.get<CrmAccessView>('/api/crm/access', { signal }), staleTime: 30_000 });
export const useCrmAccessQuery = () => useQuery(crmAccessQueryOptions());

export function useCrmMembersQuery(filters: CrmFiltersInput, sort: CrmSort, dir: SortDirection) {
  const params = filterParams(filters);
  params.set('sort', sort);
  params.set('dir', dir);
  const key = params.toString();
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: crmKeys.memberList(key),
      queryFn: ({ pageParam, signal }) => api.get<CrmMembersPage>(pageUrl('/api/crm/members', new URLSearchParams(key), pageParam), { signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      staleTime: 30_000,
    }),
  );
}

export const useCrmCardQuery = (id: string | null) =>
  useQuery({
    queryKey: crmKeys.card(id ?? ''),
    queryFn: ({ signal }) => api.get<CrmMemberCard>(`/api/crm/members/${encodeURIComponent(id!)}`, { signal }),
    enabled: !!id,
  });

export function useMoreTimeline(id: string) {
  return useMutation({
    mutationFn: (cursor: string) => api.get<CrmTimelinePage>(pageUrl(`/api/crm/members/${encodeURIComponent(id)}/timeline`, {}, cursor)),
  });
}

export const useCrmSegmentsQuery = (enabled: boolean) =>
  useQuery({ queryKey: crmKeys.segments(), queryFn: ({ signal }) => api.get<CrmSegmentView[]>('/api/crm/segments', { signal }), enabled });

export const useCrmCommunitiesQuery = () =>
  useQuery({ queryKey: crmKeys.communities(), queryFn: ({ signal }) => api.get<CrmCommunitySummary[]>('/api/crm/communities', { signal }) });

/** A community's organiser view; later pages add members (keyset), the first page carries requests and events. */
export const useCrmCommunityQuery = (id: string | null) =>
  useInfiniteQuery({
    queryKey: crmKeys.community(id ?? ''),
    queryFn: ({ pageParam, signal }) => api.get<CrmCommunityView>(pageUrl(`/api/crm/communities/${encodeURIComponent(id!)}`, {}, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: !!id,
  });

function useInvalidate() {
  const qc = useQueryClient();
  return (...keys: ReadonlyArray<readonly unknown[]>) => Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey })));
}

export function useAddNote(memberId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: string) => api.post<CrmNoteView>(`/api/crm/members/${encodeURIComponent(memberId)}/notes`, { body }),
    onSettled: () => invalidate(crmKeys.card(memberId)),
  });
}

export function useDeleteNote(memberId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (noteId: string) => api.delete<void>(`/api/crm/notes/${encodeURIComponent(noteId)}`),
    onSettled: () => invalidate(crmKeys.card(memberId)),
  });
}

export function useTagMutation(memberId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ tag, remove }: { tag: string; remove?: boolean }) => {
      const url = `/api/crm/members/${encodeURIComponent(memberId)}/tags/${encodeURIComponent(tag)}`;
      return remove ? api.delete<{ tags: string[] }>(url) : api.put<{ tags: string[] }>(url);
    },
    onSettled: () => invalidate(crmKeys.card(memberId), crmKeys.members()),
  });
}

export function useSaveSegment() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, name, filters }: { id?: string; name?: string; filters?: CrmFiltersInput }) =>
      id ? api.patch<CrmSegmentView>(`/api/crm/segments/${encodeURIComponent(id)}`, { name, filters }) : api.post<CrmSegmentView>('/api/crm/segments', { name, filters }),
    onSettled: () => invalidate(crmKeys.segments()),
  });
}

export function useDeleteSegment() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/crm/segments/${encodeURIComponent(id)}`),
    onSettled: () => invalidate(crmKeys.segments()),
  });
}

export function useRefreshFigures() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => api.post<CrmRefreshView>('/api/crm/refresh'),
    onSettled: () => invalidate(crmKeys.access(), crmKeys.members()),
  });
}
