import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  crmCommunityParamsSchema,
  crmExportQuerySchema,
  crmMemberParamsSchema,
  crmMembersQuerySchema,
  crmNoteParamsSchema,
  crmNoteSchema,
  crmPageQuerySchema,
  crmSegmentParamsSchema,
  crmSegmentSchema,
  crmSegmentUpdateSchema,
  crmTagParamsSchema,
} from '@bayclub/shared';
import { requireActor } from '../access/index.js';
import type { CrmService } from './service.js';

/**
 * The CRM (issue 23): every route demands full_platform at the door, then the CRM policy (policy.ts) decides who
 * sees whom and who writes, in the service, on every request.
 */
export const crmRoutes =
  (service: CrmService): FastifyPluginAsyncZod =>
  async (app) => {
    const crm = { config: { access: 'full_platform' as const } };

    app.get('/api/crm/access', crm, async (request) => service.access(requireActor(request)));

    app.get('/api/crm/members', { ...crm, schema: { querystring: crmMembersQuerySchema } }, async (request) =>
      service.members(requireActor(request), request.query),
    );

    app.get('/api/crm/members/:id', { ...crm, schema: { params: crmMemberParamsSchema } }, async (request) =>
      service.card(requireActor(request), request.params.id),
    );

    app.get(
      '/api/crm/members/:id/timeline',
      { ...crm, schema: { params: crmMemberParamsSchema, querystring: crmPageQuerySchema } },
      async (request) => service.timeline(requireActor(request), request.params.id, request.query.cursor),
    );

    app.get('/api/crm/members/:id/notes', { ...crm, schema: { params: crmMemberParamsSchema } }, async (request) =>
      service.notes(requireActor(request), request.params.id),
    );

    app.post(
      '/api/crm/members/:id/notes',
      { ...crm, schema: { params: crmMemberParamsSchema, body: crmNoteSchema } },
      async (request, reply) => reply.status(201).send(await service.addNote(requireActor(request), request.params.id, request.body.body)),
    );

    app.delete('/api/crm/notes/:noteId', { ...crm, schema: { params: crmNoteParamsSchema } }, async (request, reply) => {
      await service.deleteNote(requireActor(request), request.params.noteId);
      return reply.status(204).send();
    });

    app.put('/api/crm/members/:id/tags/:tag', { ...crm, schema: { params: crmTagParamsSchema } }, async (request) => ({
      tags: await service.addTag(requireActor(request), request.params.id, request.params.tag),
    }));

    app.delete('/api/crm/members/:id/tags/:tag', { ...crm, schema: { params: crmTagParamsSchema } }, async (request) => ({
      tags: await service.removeTag(requireActor(request), request.params.id, request.params.tag),
    }));

    app.get('/api/crm/segments', crm, async (request) => service.segments(requireActor(request)));

    app.post('/api/crm/segments', { ...crm, schema: { body: crmSegmentSchema } }, async (request, reply) =>
      reply.status(201).send(await service.createSegment(requireActor(request), request.body.name, request.body.filters)),
    );

    app.patch(
      '/api/crm/segments/:id',
      { ...crm, schema: { params: crmSegmentParamsSchema, body: crmSegmentUpdateSchema } },
      async (request) => service.updateSegment(requireActor(request), request.params.id, request.body),
    );

    app.delete('/api/crm/segments/:id', { ...crm, schema: { params: crmSegmentParamsSchema } }, async (request, reply) => {
      await service.deleteSegment(requireActor(request), request.params.id);
      return reply.status(204).send();
    });

    app.get('/api/crm/export.csv', { ...crm, schema: { querystring: crmExportQuerySchema } }, async (request, reply) => {
      const { filename, stream } = await service.exportCsv(requireActor(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    });

    app.post('/api/crm/refresh', crm, async (request) => service.refresh(requireActor(request)));

    app.get('/api/crm/communities', crm, async (request) => service.communities(requireActor(request)));

    app.get(
      '/api/crm/communities/:id',
      { ...crm, schema: { params: crmCommunityParamsSchema, querystring: crmPageQuerySchema } },
      async (request) => service.community(requireActor(request), request.params.id, request.query.cursor),
    );
  };
