import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, reportActionSchema, reportQueueQuerySchema, targetReportSchema } from '@bayclub/shared';
import { requireActor } from '../access/index.js';
import type { ModerationService } from './service.js';

/**
 * The reports queue (issue 23, docs/api.md "Moderation"): event and place reports (approved members who can open
 * them), the queue and its actions (admins, platform moderators, community staff: the service decides the scope).
 */
export const moderationRoutes =
  (service: ModerationService): FastifyPluginAsyncZod =>
  async (app) => {
    const approved = { access: 'approved' as const };
    const member = { access: 'member' as const };

    app.post('/api/events/:id/report', { config: approved, schema: { params: idParamsSchema, body: targetReportSchema } }, async (request, reply) =>
      reply.status(201).send(await service.reportEvent(requireActor(request), request.params.id, request.body)),
    );
    app.post('/api/locations/:id/report', { config: approved, schema: { params: idParamsSchema, body: targetReportSchema } }, async (request, reply) =>
      reply.status(201).send(await service.reportPlace(requireActor(request), request.params.id, request.body)),
    );

    app.get('/api/moderation/reports', { config: member, schema: { querystring: reportQueueQuerySchema } }, async (request) =>
      service.list(requireActor(request), request.query),
    );
    app.get('/api/moderation/reports/:id', { config: member, schema: { params: idParamsSchema } }, async (request) =>
      service.get(requireActor(request), request.params.id),
    );
    app.post('/api/moderation/reports/:id/actions', { config: member, schema: { params: idParamsSchema, body: reportActionSchema } }, async (request) =>
      service.act(requireActor(request), request.params.id, request.body),
    );
  };
