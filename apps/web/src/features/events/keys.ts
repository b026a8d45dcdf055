/**
 * Query keys of everything about events (issue 11). The events engineer's api.ts (lists, detail, create, edit) and
 * the RSVP engineer's rsvp-api.ts (RSVP, ticket, door, attendance, calendar feed) both build on these, so an RSVP
 * can refresh the event page and lists by invalidating `eventKeys.detail(id)` and `eventKeys.lists()`.
 */
export const eventKeys = {
  all: ['events'] as const,
  lists: () => [...eventKeys.all, 'list'] as const,
  list: (filters: Record<string, string | boolean | undefined>) => [...eventKeys.lists(), filters] as const,
  month: (month: string, filters: Record<string, string | boolean | undefined>) => [...eventKeys.all, 'month', month, filters] as const,
  detail: (id: string) => [...eventKeys.all, 'detail', id] as const,
  attendees: (id: string, status: 'going' | 'waitlisted') => [...eventKeys.all, 'attendees', id, status] as const,
  ticket: (id: string) => [...eventKeys.all, 'ticket', id] as const,
  checkIns: (id: string) => [...eventKeys.all, 'check-ins', id] as const,
  attendance: (id: string) => [...eventKeys.all, 'attendance', id] as const,
  calendarFeed: () => [...eventKeys.all, 'calendar-feed'] as const,
};
