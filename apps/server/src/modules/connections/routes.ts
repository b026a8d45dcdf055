import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deckQuerySchema, helloListQuerySchema, idParamsSchema, pageQuerySchema, sayHiSchema, skipSchema, userIdParamsSchema } from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../access/index.js';
import type { ConnectionsService } from './service.js';

/** Say Hi and Connections: full_platform members meet each other (the deck is of full_platform members). */
export const connectionsRoutes =
  (_ctx: AppContext, service: ConnectionsService): FastifyPluginAsyncZod =>
  async (app) => {
    const full = { access: 'full_platform' as const };

    app.get('/api/say-hi/deck', { config: full, schema: { querystring: deckQuerySchema } }, async (request) =>
      service.deck(requireActor(request), request.query),
    );

    app.post('/api/say-hi/skip', { config: full, schema: { body: skipSchema } }, async (request, reply) => {
      await service.skip(requireActor(request), request.body.userId);
      return reply.status(204).send();
    });

    app.post('/api/hellos', { config: full, schema: { body: sayHiSchema } }, async (request, reply) =>
      reply.status(201).send(await service.sayHi(requireActor(request), request.body)),
    );

    app.get('/api/hellos', { config: full, schema: { querystring: helloListQuerySchema } }, async (request) => {
      const { direction, cursor, limit } = request.query;
      return service.listHellos(requireActor(request), direction, cursor, limit);
    });

    app.post('/api/hellos/:id/accept', { config: full, schema: { params: idParamsSchema } }, async (request) =>
      service.accept(requireActor(request), request.params.id),
    );

    app.post('/api/hellos/:id/decline', { config: full, schema: { params: idParamsSchema } }, async (request, reply) => {
      await service.decline(requireActor(request), request.params.id);
      return reply.status(204).send();
    });

    app.delete('/api/hellos/:id', { config: full, schema: { params: idParamsSchema } }, async (request, reply) => {
      await service.withdraw(requireActor(request), request.params.id);
      return reply.status(204).send();
    });

    app.get('/api/matches', { config: full, schema: { querystring: pageQuerySchema } }, async (request) =>
      service.listMatches(requireActor(request), request.query.cursor, request.query.limit),
    );

    app.delete('/api/matches/:id', { config: full, schema: { params: idParamsSchema } }, async (request, reply) => {
      await service.unmatch(requireActor(request), request.params.id);
      return reply.status(204).send();
    });

    // member: a community_only member opening a profile learns whether they blocked it (Unblock) too.
    app.get('/api/connections/with/:userId', { config: { access: 'member' }, schema: { params: userIdParamsSchema } }, async (request) =>
      service.relationship(requireActor(request), request.params.userId),
    );
  };
