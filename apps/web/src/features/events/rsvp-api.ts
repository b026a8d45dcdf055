import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AttendanceView,
  AttendeeView,
  CalendarFeedView,
  CheckInInput,
  CheckInListView,
  CheckInResult,
  EventView,
  Page,
  RsvpInput,
  RsvpResult,
  TicketView,
} from '@bayclub/shared';
import { api, ApiError, isOutcomeAnswer } from '#/lib/api';
import { eventKeys } from './keys';

export { eventKeys } from './keys';

const enc = encodeURIComponent;
const eventApiPath = (id: string) => `/api/events/${enc(id)}`;

/** The caller's registration and the counts from an RSVP answer, written into the cached event at once. */
export function applyRsvpResult(queryClient: QueryClient, eventId: string, result: RsvpResult) {
  queryClient.setQueryData<EventView>(eventKeys.detail(eventId), (event) =>
    event
      ? {
          ...event,
          mine: result.mine,
          myStatus: result.mine.status,
          capacity: result.capacity,
          goingCount: result.goingCount,
          waitlistCount: result.waitlistCount,
        }
      : event,
  );
}

/**
 * PUT /api/events/:id/rsvp. The server decides going or waitlisted, so nothing is shown before it answers (the
 * button waits instead); then the event page and every list are read again (who's going, counts, "going" filter).
 */
export function useRsvpMutation(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RsvpInput) => api.put<RsvpResult>(`${eventApiPath(eventId)}/rsvp`, { ...input }),
    onSuccess: (result) => {
      applyRsvpResult(queryClient, eventId, result);
      void queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) });
      void queryClient.invalidateQueries({ queryKey: eventKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: eventKeys.ticket(eventId) });
    },
  });
}

/**
 * GET /api/events/:id under the shared detail key (the door page needs the title and permissions; the event
 * page's query reads the same cache entry).
 */
export const useEventDetailQuery = (eventId: string) =>
  useQuery({
    queryKey: eventKeys.detail(eventId),
    queryFn: ({ signal }) => api.get<EventView>(eventApiPath(eventId), { signal }),
    retry: false,
  });

export const ticketQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: eventKeys.ticket(eventId),
    queryFn: ({ signal }) => api.get<TicketView>(`${eventApiPath(eventId)}/ticket`, { signal }),
    staleTime: 60_000,
    // Asked even without a connection: the service worker answers with the last copy (sw.ts, ticket-cache.ts).
    networkMode: 'offlineFirst',
    retry: (count, error) => !(error instanceof ApiError && error.status < 500 && error.status > 0) && count < 2,
  });
export const useTicketQuery = (eventId: string, enabled = true) => useQuery({ ...ticketQueryOptions(eventId), enabled });

export const checkInsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: eventKeys.checkIns(eventId),
    queryFn: ({ signal }) => api.get<CheckInListView>(`${eventApiPath(eventId)}/check-ins`, { signal }),
    retry: false,
  });
export const useCheckInsQuery = (eventId: string, enabled = true) => useQuery({ ...checkInsQueryOptions(eventId), enabled });

/**
 * POST /api/events/:id/check-ins. A refusal (409 already used, 422 other event / cancelled / invalid) is an
 * answer the door shows, not a failure: its body is a CheckInResult, returned like an admission. Anything else
 * (no network, 403, per-field 400) throws ApiError.
 */
export const postCheckIn = (eventId: string, input: CheckInInput) =>
  api.post<CheckInResult>(`${eventApiPath(eventId)}/check-ins`, { ...input }, { answer: isOutcomeAnswer });

export function useCheckInMutation(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CheckInInput) => postCheckIn(eventId, input),
    onSuccess: (result) => {
      if (result.outcome === 'checked_in') {
        void queryClient.invalidateQueries({ queryKey: eventKeys.checkIns(eventId) });
        void queryClient.invalidateQueries({ queryKey: eventKeys.attendance(eventId) });
      }
    },
  });
}

export const useAttendanceQuery = (eventId: string) =>
  useQuery({
    queryKey: eventKeys.attendance(eventId),
    queryFn: ({ signal }) => api.get<AttendanceView>(`${eventApiPath(eventId)}/attendance`, { signal }),
    retry: false,
  });

/** The waitlist in order (first come, first served): hosts see the first 100 places. */
export const useWaitlistQuery = (eventId: string) =>
  useQuery({
    queryKey: eventKeys.attendees(eventId, 'waitlisted'),
    queryFn: ({ signal }) => api.get<Page<AttendeeView>>(`${eventApiPath(eventId)}/attendees?status=waitlisted&limit=100`, { signal }),
    retry: false,
  });

const FEED_PATH = '/api/calendar-feed';

export const useCalendarFeedQuery = (enabled: boolean) =>
  useQuery({
    queryKey: eventKeys.calendarFeed(),
    queryFn: ({ signal }) => api.get<CalendarFeedView>(FEED_PATH, { signal }),
    enabled,
    retry: false,
  });

/** POST makes a new secret link (the old one stops working); DELETE turns the feed off. */
export function useCalendarFeedMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: 'create' | 'revoke'): Promise<CalendarFeedView> => {
      if (action === 'create') return api.post<CalendarFeedView>(FEED_PATH, {});
      await api.delete<void>(FEED_PATH);
      return { url: null, active: false };
    },
    onSuccess: (feed) => queryClient.setQueryData(eventKeys.calendarFeed(), feed),
  });
}
