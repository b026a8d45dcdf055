import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { MediaService } from '../media/service.js';
import type { Notifier } from '../notifications/service.js';
import { postsRoutes } from './routes.js';
import { postPhotoAccess } from './uploads.js';

/**
 * Posts (issue 10, docs/api.md): the feed, posts, likes, comments and reports (routes.ts), and who may read a
 * post's photos, which the media service asks when one is fetched.
 */
export async function registerPosts(app: FastifyInstance, ctx: AppContext, deps: { media: MediaService; notifier: Notifier }) {
  deps.media.registerFileAccess('post-images', postPhotoAccess(ctx.database.db));
  await app.register(postsRoutes(ctx, deps));
}
