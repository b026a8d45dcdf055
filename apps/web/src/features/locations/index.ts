import { lazyNamed } from '#/lib/lazy-named';

// The locations feature's widgets for others to compose (the event form's Place field, a profile's Check-ins tab).
export { EventPlaceField } from './event-place-field';
export { useLocationAccess, useShowProfileCheckIns } from './use-location-access';
/** The map of the place an event is held at (issue 21), for members who may see that place. */
export { EventPlaceMap } from './map/place-map';
/** A profile's Check-ins tab; its code loads when the tab is first shown. */
export const ProfileCheckIns = lazyNamed(() => import('./profile-check-ins'), 'ProfileCheckIns');
