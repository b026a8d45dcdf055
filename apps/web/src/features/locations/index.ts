import { lazyNamed } from '#/lib/lazy-named';

// The locations feature's widgets for others to compose (the event form's Place field, a profile's Check-ins tab).
export { EventPlaceField } from './event-place-field';
export { useLocationAccess, useShowProfileCheckIns } from './use-location-access';
/** A profile's Check-ins tab; its code loads when the tab is first shown. */
export const ProfileCheckIns = lazyNamed(() => import('./profile-check-ins'), 'ProfileCheckIns');
