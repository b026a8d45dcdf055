import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  communitiesQuerySchema,
  communityIdParamsSchema,
  communityMemberParamsSchema,
  communityMembersQuerySchema,
  createCommunitySchema,
  discoverQuerySchema,
  slugAvailabilityQuerySchema,
  updateCommunitySchema,
} from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { actorOf, requireActor } from '../access/index.js';
import type { MediaService } from '../media/index.js';
import { createCommunityFiles } from './files.js';
import { createCommunitiesService } from './service.js';

/** Communities (issue 10, docs/api.md): the list, pages, membership flows and moderation. */
export const communitiesRoutes =
  (ctx: AppContext, media: MediaService): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createCommunitiesService({ db: ctx.database.db });
    const files = createCommunityFiles({ db: ctx.database.db, media, communities: service, log: ctx.log });
    const approved = { access: 'approved' as const };
    const byId = { params: communityIdParamsSchema };
    const byMember = { params: communityMemberParamsSchema };

    // Public: visitors browse and open About pages (the list is the same for everyone).
    app.get('/api/communities', { config: { access: 'public' }, schema: { querystring: communitiesQuerySchema } }, async (request) =>
      service.list(request.query),
    );

    app.get('/api/communities/mine', { config: approved }, async (request) => service.mine(requireActor(request)));

    app.get('/api/communities/discover', { config: approved, schema: { querystring: discoverQuerySchema } }, async (request) =>
      service.discover(requireActor(request), request.query.limit),
    );

    app.get('/api/communities/slug-availability', { config: approved, schema: { querystring: slugAvailabilityQuerySchema } }, async (request) =>
      service.slugAvailability(request.query.slug),
    );

    app.post(
      '/api/communities',
      { config: { access: { flag: 'create_communities' } }, schema: { body: createCommunitySchema } },
      async (request, reply) => reply.status(201).send(await service.create(requireActor(request), request.body)),
    );

    // Public: the viewer's state when signed in and approved (actorOf: a public route asks who is calling).
    app.get('/api/communities/:id', { config: { access: 'public' }, schema: byId }, async (request) =>
      service.view(await actorOf(ctx, request), request.params.id),
    );

    app.patch('/api/communities/:id', { config: approved, schema: { ...byId, body: updateCommunitySchema } }, async (request) =>
      service.update(requireActor(request), request.params.id, request.body),
    );

    app.delete('/api/communities/:id', { config: approved, schema: byId }, async (request, reply) => {
      await files.deleteCommunity(requireActor(request), request.params.id);
      return reply.status(204).send();
    });

    for (const kind of ['cover', 'avatar'] as const) {
      app.post(`/api/communities/:id/${kind}`, { config: approved, schema: byId }, async (request) =>
        files.uploadImage(request, requireActor(request), request.params.id, kind),
      );
    }

    app.post('/api/communities/:id/join', { config: approved, schema: byId }, async (request) =>
      service.join(requireActor(request), request.params.id),
    );

    app.post('/api/communities/:id/leave', { config: approved, schema: byId }, async (request) =>
      service.leave(requireActor(request), request.params.id),
    );

    app.get('/api/communities/:id/members', { config: approved, schema: { ...byId, querystring: communityMembersQuerySchema } }, async (request) =>
      service.members(requireActor(request), request.params.id, request.query),
    );

    app.post('/api/communities/:id/requests/:userId/approve', { config: approved, schema: byMember }, async (request) =>
      service.approve(requireActor(request), request.params.id, request.params.userId),
    );

    // Moderation answered with 204 (decline is silent; remove, ban and unban change who belongs).
    const moderation = [
      ['/api/communities/:id/requests/:userId/decline', 'decline'],
      ['/api/communities/:id/members/:userId/remove', 'remove'],
      ['/api/communities/:id/members/:userId/ban', 'ban'],
      ['/api/communities/:id/members/:userId/unban', 'unban'],
    ] as const;
    for (const [url, action] of moderation) {
      app.post(url, { config: approved, schema: byMember }, async (request, reply) => {
        await service[action](requireActor(request), request.params.id, request.params.userId);
        return reply.status(204).send();
      });
    }

    app.put('/api/communities/:id/moderators/:userId', { config: approved, schema: byMember }, async (request) =>
      service.appointModerator(requireActor(request), request.params.id, request.params.userId),
    );
    app.delete('/api/communities/:id/moderators/:userId', { config: approved, schema: byMember }, async (request, reply) => {
      await service.removeModerator(requireActor(request), request.params.id, request.params.userId);
      return reply.status(204).send();
    });
  };
