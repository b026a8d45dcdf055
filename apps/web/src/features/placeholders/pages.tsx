import { ComingSoonPage } from './coming-soon-page';

// Pages that later issues fill in. Each keeps its route, title and a one-line promise.

export const LocationsPage = () => (
  <ComingSoonPage title="Locations">places around Tampa Bay where members meet, with check-ins.</ComingSoonPage>
);
export const EventsPage = () => (
  <ComingSoonPage title="Events">upcoming member events in the Tampa Bay area, with details and sign-up.</ComingSoonPage>
);
export const EventDetailPage = () => (
  <ComingSoonPage title="Event">this event's date, place and details, and a way to sign up.</ComingSoonPage>
);
export const CrmPage = () => (
  <ComingSoonPage title="CRM">tools for admins and community organisers to manage members and contacts.</ComingSoonPage>
);
