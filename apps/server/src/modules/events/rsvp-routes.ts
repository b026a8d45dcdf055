import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkInSchema, eventIdParamsSchema, rsvpSchema } from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../access/index.js';
import type { EventsDeps } from './deps.js';
import { createRsvpService } from './rsvp-service.js';
import { createTicketSigner } from './tickets.js';

/**
 * Check-ins per door staff member in CHECK_IN_RATE.timeWindow. A real door admits a guest every few seconds; the
 * limit stops a host from guessing other members' 6-character codes (28^6 codes, so at most a handful of hits a
 * year even against a full 5,000-seat event).
 */
export const CHECK_IN_RATE = { max: 60, timeWindow: '1 minute' } as const;

/** RSVPs, the waitlist, tickets and the door (issue 11, docs/api.md "Events", decision 015). */
export const rsvpRoutes =
  (ctx: AppContext, deps: EventsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createRsvpService({
      db: ctx.database.db,
      notifier: deps.notifier,
      tickets: createTicketSigner(ctx),
      flags: () => ctx.settings.flags(),
    });
    const approved = { access: 'approved' as const };
    const params = { params: eventIdParamsSchema };

    app.put('/api/events/:id/rsvp', { config: approved, schema: { ...params, body: rsvpSchema } }, async (request) =>
      service.rsvp(requireActor(request), request.params.id, request.body),
    );

    app.get('/api/events/:id/ticket', { config: approved, schema: params }, async (request, reply) => {
      // Private: the token admits its holder; a shared cache must never keep it.
      reply.header('cache-control', 'private, no-store');
      return service.ticket(requireActor(request), request.params.id);
    });

    const rateLimit = ctx.config.RATE_LIMIT
      ? {
          rateLimit: {
            ...CHECK_IN_RATE,
            hook: 'preHandler' as const,
            keyGenerator: (request: { actor: { userId: string } | null; ip: string }) => `check-ins:${request.actor?.userId ?? request.ip}`,
          },
        }
      : {};
    // Refusals (used, another event, cancelled, invalid) are answered with their details, which the door shows.
    app.post('/api/events/:id/check-ins', { config: { ...approved, ...rateLimit }, schema: { ...params, body: checkInSchema } }, async (request) =>
      service.checkIn(requireActor(request), request.params.id, request.body),
    );

    app.get('/api/events/:id/check-ins', { config: approved, schema: params }, async (request) =>
      service.checkIns(requireActor(request), request.params.id),
    );

    app.get('/api/events/:id/attendance', { config: approved, schema: params }, async (request) =>
      service.attendance(requireActor(request), request.params.id),
    );
  };
