import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { blockSchema, pageQuerySchema, reportSchema, userIdParamsSchema } from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../access/index.js';
import type { SafetyService } from './service.js';

/** Block and report: any active member may protect themselves, whatever their account type. */
export const safetyRoutes =
  (_ctx: AppContext, service: SafetyService): FastifyPluginAsyncZod =>
  async (app) => {
    const member = { access: 'member' as const };

    app.post('/api/blocks', { config: member, schema: { body: blockSchema } }, async (request, reply) => {
      await service.block(requireActor(request), request.body.userId);
      return reply.status(204).send();
    });

    app.delete('/api/blocks/:userId', { config: member, schema: { params: userIdParamsSchema } }, async (request, reply) => {
      await service.unblock(requireActor(request), request.params.userId);
      return reply.status(204).send();
    });

    app.get('/api/blocks', { config: member, schema: { querystring: pageQuerySchema } }, async (request) =>
      service.listBlocked(requireActor(request), request.query.cursor, request.query.limit),
    );

    app.post('/api/reports', { config: member, schema: { body: reportSchema } }, async (request, reply) =>
      reply.status(201).send(await service.report(requireActor(request), request.body)),
    );
  };
