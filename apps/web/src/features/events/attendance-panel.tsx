import type { EventView } from '@bayclub/shared';

/** CONTRACT STUB (issue 11): the RSVP engineer replaces this. Hosts: who is going, the waitlist, checked in and no-shows, and a link to the door view. */
export function AttendancePanel(_props: { event: EventView }) {
  return null;
}
