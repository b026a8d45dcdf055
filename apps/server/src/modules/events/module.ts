import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { EventsDeps } from './deps.js';
import { eventsRoutes } from './routes.js';
import { rsvpRoutes } from './rsvp-routes.js';
import { calendarRoutes } from './calendar-routes.js';
import type { Hub } from '../realtime/index.js';
import { registerEventsRealtime } from './realtime.js';

/**
 * Events (issue 11, docs/api.md "Events"): the events themselves (routes.ts), RSVPs, the waitlist, tickets and
 * the door (rsvp-routes.ts), calendars and reminders (calendar-routes.ts), and the live door list and
 * registrations (realtime.ts).
 */
export async function registerEvents(app: FastifyInstance, ctx: AppContext, deps: EventsDeps & { hub: Hub }) {
  registerEventsRealtime(deps.hub);
  await app.register(eventsRoutes(ctx, deps));
  await app.register(rsvpRoutes(ctx, deps));
  await app.register(calendarRoutes(ctx, deps));
}
