import { ComingSoonPage } from '#/features/placeholders/coming-soon-page';

/** CONTRACT STUB (issue 11): the events engineer replaces this. /events/:eventId. */
export function EventPage() {
  return <ComingSoonPage title="Event">this event.</ComingSoonPage>;
}
