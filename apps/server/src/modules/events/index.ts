// Face of the events module: the events, RSVPs and the door, calendars; what other modules build on (the
// visibility rule in SQL, the one decision about a caller and an event, a place's events and check-ins).
export { registerEvents } from './module.js';
export { eventsAtPlace } from './place-events.js';
export { eventViewer, type EventAccessFacts, type EventViewerState } from './policy.js';
export { visibleEventsFilter, type EventsViewer } from './repository.js';
export { createEventsService, viewerOf, type EventsService } from './service.js';
export { venueCheckIn } from './venue-check-in.js';
export type { EventPayouts } from './deps.js';
// Issue 22: seats of paid events, held, confirmed and released for the payments module.
export * as paidSeats from './paid-seats.js';
// Issue 23: the reports queue reports and cancels events through these.
export { cancelEventForModeration, reportableEvent } from './moderation-port.js';
