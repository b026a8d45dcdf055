/** CONTRACT STUB (issue 11): the RSVP engineer replaces this. The personal calendar feed: copy, regenerate, revoke. */
export function CalendarFeedButton() {
  return null;
}
