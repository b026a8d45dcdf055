import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  attendeesQuerySchema,
  createEventSchema,
  eventHostBodySchema,
  eventHostParamsSchema,
  eventIdParamsSchema,
  eventsMonthQuerySchema,
  eventsQuerySchema,
  updateEventSchema,
} from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { actorOf, requireActor } from '../access/index.js';
import type { EventsDeps } from './deps.js';
import { createEventsService } from './service.js';

/**
 * The events themselves (issue 11, docs/api.md "Events"): lists, the event page, create, edit, cancel, cover,
 * hosts and attendees. Route access is the table's; the service decides per event with eventViewer and answers
 * 404 to anyone who may not see one.
 */
export const eventsRoutes =
  (ctx: AppContext, deps: EventsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createEventsService({ db: ctx.database.db, notifier: deps.notifier, media: deps.media, log: ctx.log, flags: () => ctx.settings.flags(), payouts: deps.payouts });
    const approved = { access: 'approved' as const };
    const publicAccess = { access: 'public' as const };

    // Public: visitors see public events; a signed-in caller's session decides the rest (actorOf).
    app.get('/api/events', { config: publicAccess, schema: { querystring: eventsQuerySchema } }, async (request) =>
      service.list(await actorOf(ctx, request), request.query),
    );

    app.get('/api/events/month', { config: publicAccess, schema: { querystring: eventsMonthQuerySchema } }, async (request) =>
      service.month(await actorOf(ctx, request), request.query),
    );

    app.post('/api/events', { config: { access: { flag: 'create_events' } }, schema: { body: createEventSchema } }, async (request, reply) =>
      reply.status(201).send(await service.create(requireActor(request), request.body)),
    );

    app.get('/api/events/:id', { config: publicAccess, schema: { params: eventIdParamsSchema } }, async (request) =>
      service.get(await actorOf(ctx, request), request.params.id),
    );

    app.patch('/api/events/:id', { config: approved, schema: { params: eventIdParamsSchema, body: updateEventSchema } }, async (request) =>
      service.update(requireActor(request), request.params.id, request.body),
    );

    app.post('/api/events/:id/cancel', { config: approved, schema: { params: eventIdParamsSchema } }, async (request) =>
      service.cancel(requireActor(request), request.params.id),
    );

    // Multipart (the gallery's rules): no body schema, the service reads the one file.
    app.post('/api/events/:id/cover', { config: approved, schema: { params: eventIdParamsSchema } }, async (request) =>
      service.uploadCover(request, requireActor(request), request.params.id),
    );

    app.put('/api/events/:id/hosts/:userId', { config: approved, schema: { params: eventHostParamsSchema, body: eventHostBodySchema } }, async (request) =>
      service.setHost(requireActor(request), request.params.id, request.params.userId, request.body.role),
    );

    app.delete('/api/events/:id/hosts/:userId', { config: approved, schema: { params: eventHostParamsSchema } }, async (request) =>
      service.removeHost(requireActor(request), request.params.id, request.params.userId),
    );

    app.get('/api/events/:id/attendees', { config: approved, schema: { params: eventIdParamsSchema, querystring: attendeesQuerySchema } }, async (request) =>
      service.attendees(requireActor(request), request.params.id, request.query),
    );
  };
