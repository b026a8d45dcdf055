import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  AttendeeView,
  City,
  CreateEventInput,
  EventHostRole,
  EventRange,
  EventSummaryView,
  EventView,
  EventsPage,
  Page,
  UpdateEventInput,
} from '@bayclub/shared';
import { api, pageUrl } from '#/lib/api';
import { eventKeys } from './keys';

// Other features (payments) refresh an event and the lists after what they change.
export { eventKeys } from './keys';

/** The /events filters, as kept in the URL. */
export interface EventFilters {
  city?: City;
  communityId?: string;
  range?: EventRange;
  going?: boolean;
}

/** The filters as a query key and a query string (unset ones left out, so equal filters share a cache entry). */
function filterParams(filters: EventFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (filters.city) out.city = filters.city;
  if (filters.communityId) out.communityId = filters.communityId;
  if (filters.range) out.range = filters.range;
  if (filters.going) out.going = 'true';
  return out;
}


/** GET /api/events: upcoming, soonest first, keyset-paged. */
export const eventListQueryOptions = (filters: EventFilters) => {
  const params = filterParams(filters);
  return infiniteQueryOptions({
    queryKey: eventKeys.list(params),
    queryFn: ({ pageParam, signal }) => {
      return api.get<EventsPage>(pageUrl('/api/events', params, pageParam), { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: EventsPage) => last.nextCursor,
    staleTime: 30_000,
  });
};

/** The previous results stay on screen while another filter loads. */
export const useEventListQuery = (filters: EventFilters, enabled = true) =>
  useInfiniteQuery({ ...eventListQueryOptions(filters), placeholderData: keepPreviousData, enabled });

/** GET /api/events/month?month=YYYY-MM: every event starting that club-time month (the calendar view). */
export const useEventMonthQuery = (month: string, filters: EventFilters) => {
  const params = filterParams(filters);
  return useQuery({
    queryKey: eventKeys.month(month, params),
    queryFn: ({ signal }) =>
      api.get<{ items: EventSummaryView[] }>(`/api/events/month?${new URLSearchParams({ ...params, month })}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
};

export const eventQueryOptions = (id: string) =>
  queryOptions({
    queryKey: eventKeys.detail(id),
    queryFn: ({ signal }) => api.get<EventView>(`/api/events/${encodeURIComponent(id)}`, { signal }),
    staleTime: 15_000,
    // A 404 is an answer (not there, or not for this viewer), not a hiccup worth retrying.
    retry: (count, error) => count < 2 && !(error as { isNotFound?: boolean }).isNotFound,
  });

export const useEventQuery = (id: string) => useQuery(eventQueryOptions(id));

/** Who's going (approved members who can see the event), newest first. */
export const useAttendeesQuery = (id: string, status: 'going' | 'waitlisted', enabled = true) =>
  useInfiniteQuery({
    queryKey: eventKeys.attendees(id, status),
    queryFn: ({ pageParam, signal }) => {
      return api.get<Page<AttendeeView>>(pageUrl(`/api/events/${encodeURIComponent(id)}/attendees`, { status }, pageParam), { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page<AttendeeView>) => last.nextCursor,
    staleTime: 30_000,
    enabled,
  });

/** An event changed: its page takes the answer, and every list and month is read again. */
function eventChanged(queryClient: QueryClient, event: EventView) {
  queryClient.setQueryData(eventKeys.detail(event.id), event);
  void queryClient.invalidateQueries({ queryKey: eventKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: [...eventKeys.all, 'month'] });
}

export function useCreateEventMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateEventInput) => api.post<EventView>('/api/events', { ...input }),
    onSuccess: (event) => eventChanged(queryClient, event),
  });
}

export function useUpdateEventMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateEventInput) => api.patch<EventView>(`/api/events/${encodeURIComponent(id)}`, { ...input }),
    onSuccess: (event) => eventChanged(queryClient, event),
  });
}

export function useCancelEventMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<EventView>(`/api/events/${encodeURIComponent(id)}/cancel`, {}),
    onSuccess: (event) => eventChanged(queryClient, event),
  });
}

/** POST /api/events/:id/cover: multipart `file`, answers the updated event. */
export function useEventCoverMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return api.post<EventView>(`/api/events/${encodeURIComponent(id)}/cover`, body);
    },
    onSuccess: (event) => eventChanged(queryClient, event),
  });
}

/** PUT / DELETE /api/events/:id/hosts/:userId: co-hosts and door helpers (the creator and admins). */
export function useEventHostMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: EventHostRole | null }) => {
      const path = `/api/events/${encodeURIComponent(id)}/hosts/${encodeURIComponent(userId)}`;
      return role ? api.put<EventView>(path, { role }) : api.delete<EventView>(path);
    },
    onSuccess: (event) => queryClient.setQueryData(eventKeys.detail(id), event),
  });
}
