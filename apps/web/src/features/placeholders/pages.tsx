import { ComingSoonPage } from './coming-soon-page';

// Pages that later issues fill in. Each keeps its route, title and a one-line promise.

export const CrmPage = () => (
  <ComingSoonPage title="CRM">tools for admins and community organisers to manage members and contacts.</ComingSoonPage>
);
