import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, messagesQuerySchema, openConversationSchema, pageQuerySchema, sendMessageSchema } from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../access/index.js';
import type { MessagingService } from './service.js';

/**
 * Direct messages. Access is the limited flag `message`: full_platform members, or community_only members the
 * admins allowed to message; either way only within an active match (the service checks every send).
 */
export const messagingRoutes =
  (_ctx: AppContext, service: MessagingService): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { access: { flag: 'message' as const } };

    app.get('/api/conversations', { config, schema: { querystring: pageQuerySchema } }, async (request) =>
      service.list(requireActor(request), request.query.cursor, request.query.limit),
    );

    app.post('/api/conversations', { config, schema: { body: openConversationSchema } }, async (request) =>
      service.open(requireActor(request), request.body.userId),
    );

    app.get('/api/conversations/:id', { config, schema: { params: idParamsSchema } }, async (request) =>
      service.get(requireActor(request), request.params.id),
    );

    app.get('/api/conversations/:id/messages', { config, schema: { params: idParamsSchema, querystring: messagesQuerySchema } }, async (request) =>
      service.messages(requireActor(request), request.params.id, request.query),
    );

    app.post('/api/conversations/:id/messages', { config, schema: { params: idParamsSchema, body: sendMessageSchema } }, async (request, reply) => {
      const { message, created } = await service.send(requireActor(request), request.params.id, request.body);
      return reply.status(created ? 201 : 200).send(message);
    });

    app.post('/api/conversations/:id/read', { config, schema: { params: idParamsSchema } }, async (request) =>
      service.markRead(requireActor(request), request.params.id),
    );

    app.get('/api/messages/unread-count', { config }, async (request) => ({ count: await service.unreadCount(requireActor(request)) }));

    app.get('/api/messages/:id/link-preview', { config, schema: { params: idParamsSchema } }, async (request, reply) => {
      const preview = await service.linkPreview(requireActor(request), request.params.id);
      if (!preview) return reply.status(204).send();
      return preview;
    });
  };
