import { lazyNamed } from '#/lib/lazy-named';

// The events feature's widgets for others to compose (a place's events, a community's Events tab).
export { EventCard, ZoneNote } from './event-card';
/** A community's Events tab; its code loads when the tab is first shown. */
export const CommunityEvents = lazyNamed(() => import('./community-events'), 'CommunityEvents');
