/** CONTRACT STUB (issue 11): the RSVP engineer replaces this. /events/:eventId/door: scan or type tickets. */
export function EventDoorPage() {
  return null;
}
