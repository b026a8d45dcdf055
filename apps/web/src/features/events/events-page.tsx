import { ComingSoonPage } from '#/features/placeholders/coming-soon-page';

/** CONTRACT STUB (issue 11): the events engineer replaces this. /events: list and month calendar. */
export function EventsPage() {
  return <ComingSoonPage title="Events">upcoming member events.</ComingSoonPage>;
}
