import { ComingSoonPage } from './coming-soon-page';

// Pages that later issues fill in. Each keeps its route, title and a one-line promise.

export const CommunityFeedPage = () => (
  <ComingSoonPage title="Community">a feed of posts from members and the communities you belong to.</ComingSoonPage>
);
export const CommunityDetailPage = () => (
  <ComingSoonPage title="Community">this community's page, with its members, posts and events.</ComingSoonPage>
);
export const ConnectionsPage = () => (
  <ComingSoonPage title="Connections">the members you have matched with, ready to message.</ComingSoonPage>
);
export const GroupsPage = () => (
  <ComingSoonPage title="Groups">groups to join around the interests you share with other members.</ComingSoonPage>
);
export const LocationsPage = () => (
  <ComingSoonPage title="Locations">places around Tampa Bay where members meet, with check-ins.</ComingSoonPage>
);
export const EventsPage = () => (
  <ComingSoonPage title="Events">upcoming member events in the Tampa Bay area, with details and sign-up.</ComingSoonPage>
);
export const EventDetailPage = () => (
  <ComingSoonPage title="Event">this event's date, place and details, and a way to sign up.</ComingSoonPage>
);
export const SayHiPage = () => (
  <ComingSoonPage title="Say Hi">a quick way to say hi to members you would like to meet.</ComingSoonPage>
);
export const InboxPage = () => (
  <ComingSoonPage title="Messages">your conversations with the members you have matched with.</ComingSoonPage>
);
export const ChatPage = () => (
  <ComingSoonPage title="Chat">one-to-one messages with a matched member, with links, photos and videos.</ComingSoonPage>
);
export const CrmPage = () => (
  <ComingSoonPage title="CRM">tools for admins and community organisers to manage members and contacts.</ComingSoonPage>
);
export const CommunitiesPage = () => (
  <ComingSoonPage title="Communities">a public list of the club's communities and what each one is about.</ComingSoonPage>
);
