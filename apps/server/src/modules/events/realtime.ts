import type { Hub } from '../realtime/index.js';

declare module '../../platform/bus.js' {
  interface BusEvents {
    /**
     * Event id changed for these users: a check-in (r: the registration) for the door staff, or their own
     * registration (promoted, cancelled, edited) for the members concerned.
     */
    evt: { id: string; t: 'checkin' | 'reg'; u: string[]; r?: string };
  }
}

/** The door list hears of check-ins, and members of changes to their own registration. */
export function registerEventsRealtime(hub: Hub) {
  hub.register('evt', {
    recipients: (e) => e.u,
    payload: (e) =>
      e.t === 'checkin' ? { type: 'event:checkin', eventId: e.id, registrationId: e.r ?? '' } : { type: 'event:registration', eventId: e.id },
  });
}
