import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { MediaService } from '../media/index.js';
import type { Notifier } from '../notifications/index.js';
import type { Hub } from '../realtime/index.js';
import { registerPostsRealtime } from './realtime.js';
import { postsRoutes } from './routes.js';
import { postPhotoAccess } from './uploads.js';

/**
 * Posts (issue 10, docs/api.md): the feed, posts, likes, comments and reports (routes.ts), who may read a
 * post's photos (asked by the media service when one is fetched) and the feed's live events (realtime.ts).
 */
export async function registerPosts(app: FastifyInstance, ctx: AppContext, deps: { media: MediaService; notifier: Notifier; hub: Hub }) {
  const db = ctx.database.db;
  deps.media.registerFileAccess('post-images', postPhotoAccess(db));
  registerPostsRealtime(deps.hub, db);
  await app.register(postsRoutes(ctx, deps));
}
