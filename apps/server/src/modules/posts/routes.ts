import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  commentIdParamsSchema,
  commentsQuerySchema,
  communityIdParamsSchema,
  contentReportSchema,
  createCommentSchema,
  createPostSchema,
  feedQuerySchema,
  mentionQuerySchema,
  postIdParamsSchema,
  updateCommentSchema,
  updatePostSchema,
} from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { scheduleHourlySweep } from '../../platform/hourly-sweep.js';
import { requireActor } from '../access/index.js';
import type { MediaService } from '../media/index.js';
import type { Notifier } from '../notifications/index.js';
import { createPostsService } from './service.js';
import { createPostImagesService } from './uploads.js';

/** Uploads per member in POST_IMAGES_RATE.timeWindow (a post holds at most 6 photos). */
export const POST_IMAGES_RATE = { max: 60, timeWindow: '10 minutes' } as const;

/**
 * Posts, likes, comments, reports and the Home feed (issue 10, docs/api.md). Route access is the table's; the
 * service decides per post (postPermissions) and answers 404 to anyone who may not read one.
 */
export const postsRoutes =
  (ctx: AppContext, deps: { media: MediaService; notifier: Notifier }): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createPostsService({ db: ctx.database.db, notifier: deps.notifier, media: deps.media, flags: () => ctx.settings.flags() });
    const images = createPostImagesService(ctx, deps.media);
    const approved = { access: 'approved' as const };

    // Uploads nobody claimed are swept a minute after start-up and then every hour.
    scheduleHourlySweep(app, ctx.log, () => images.sweepUnclaimed(), 'Could not sweep unused post images', { db: ctx.database.db, name: 'post-images-sweep' });

    app.get('/api/feed', { config: { access: { flag: 'see_feed_nav' } }, schema: { querystring: feedQuerySchema } }, async (request) =>
      service.feed(requireActor(request), request.query.cursor, request.query.limit),
    );

    app.get('/api/feed/reported', { config: approved, schema: { querystring: feedQuerySchema } }, async (request) =>
      service.memberFeedReported(requireActor(request), request.query.cursor, request.query.limit),
    );

    app.get('/api/communities/:id/posts', { config: approved, schema: { params: communityIdParamsSchema, querystring: feedQuerySchema } }, async (request) =>
      service.communityPosts(requireActor(request), request.params.id, request.query.cursor, request.query.limit),
    );

    app.get('/api/communities/:id/reported', { config: approved, schema: { params: communityIdParamsSchema, querystring: feedQuerySchema } }, async (request) =>
      service.communityPosts(requireActor(request), request.params.id, request.query.cursor, request.query.limit, { reported: true }),
    );

    const rateLimit = ctx.config.RATE_LIMIT
      ? {
          rateLimit: {
            ...POST_IMAGES_RATE,
            hook: 'preHandler' as const,
            keyGenerator: (request: { actor: { userId: string } | null; ip: string }) => `post-images:${request.actor?.userId ?? request.ip}`,
          },
        }
      : {};
    app.post('/api/post-images', { config: { access: { flag: 'upload_images' }, ...rateLimit } }, async (request, reply) =>
      reply.status(201).send(await images.upload(request, requireActor(request))),
    );

    app.get('/api/mentions', { config: approved, schema: { querystring: mentionQuerySchema } }, async (request) =>
      service.mentionSuggestions(requireActor(request), request.query),
    );

    app.post('/api/posts', { config: approved, schema: { body: createPostSchema } }, async (request, reply) =>
      reply.status(201).send(await service.create(requireActor(request), request.body)),
    );

    app.get('/api/posts/:id', { config: approved, schema: { params: postIdParamsSchema } }, async (request) =>
      service.get(requireActor(request), request.params.id),
    );

    app.patch('/api/posts/:id', { config: approved, schema: { params: postIdParamsSchema, body: updatePostSchema } }, async (request) =>
      service.update(requireActor(request), request.params.id, request.body.content),
    );

    app.delete('/api/posts/:id', { config: approved, schema: { params: postIdParamsSchema } }, async (request, reply) => {
      await service.remove(requireActor(request), request.params.id);
      return reply.status(204).send();
    });

    const likes = { access: { flag: 'like_posts' as const } };
    app.post('/api/posts/:id/like', { config: likes, schema: { params: postIdParamsSchema } }, async (request) =>
      service.like(requireActor(request), request.params.id),
    );
    app.delete('/api/posts/:id/like', { config: likes, schema: { params: postIdParamsSchema } }, async (request) =>
      service.unlike(requireActor(request), request.params.id),
    );

    app.get('/api/posts/:id/comments', { config: approved, schema: { params: postIdParamsSchema, querystring: commentsQuerySchema } }, async (request) =>
      service.comments(requireActor(request), request.params.id, request.query.cursor, request.query.limit),
    );

    app.get('/api/comments/:id/replies', { config: approved, schema: { params: commentIdParamsSchema, querystring: commentsQuerySchema } }, async (request) =>
      service.replies(requireActor(request), request.params.id, request.query.cursor, request.query.limit),
    );

    app.post(
      '/api/posts/:id/comments',
      { config: { access: { flag: 'comment_posts' } }, schema: { params: postIdParamsSchema, body: createCommentSchema } },
      async (request, reply) => reply.status(201).send(await service.comment(requireActor(request), request.params.id, request.body)),
    );

    app.patch('/api/comments/:id', { config: approved, schema: { params: commentIdParamsSchema, body: updateCommentSchema } }, async (request) =>
      service.updateComment(requireActor(request), request.params.id, request.body.content),
    );

    app.delete('/api/comments/:id', { config: approved, schema: { params: commentIdParamsSchema } }, async (request, reply) => {
      await service.removeComment(requireActor(request), request.params.id);
      return reply.status(204).send();
    });

    app.post('/api/posts/:id/report', { config: approved, schema: { params: postIdParamsSchema, body: contentReportSchema } }, async (request, reply) =>
      reply.status(201).send(await service.reportPost(requireActor(request), request.params.id, request.body)),
    );

    app.post('/api/comments/:id/report', { config: approved, schema: { params: commentIdParamsSchema, body: contentReportSchema } }, async (request, reply) =>
      reply.status(201).send(await service.reportComment(requireActor(request), request.params.id, request.body)),
    );

    app.post('/api/posts/:id/restore', { config: approved, schema: { params: postIdParamsSchema } }, async (request) =>
      service.restore(requireActor(request), request.params.id),
    );
  };
