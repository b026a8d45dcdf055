import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { meRoutes } from './me/routes.js';
import { applicationsRoutes } from './applications/routes.js';
import { setupRoutes } from './setup/routes.js';
import { slugRoutes } from './slugs/routes.js';
import { analyticsRoutes } from './analytics/routes.js';
import { createMediaService } from './media/service.js';
import { mediaRoutes } from './media/routes.js';
import { profilesRoutes } from './profiles/routes.js';
import { accountRoutes } from './account/routes.js';
import { siteAssetsRoutes } from './site-assets/routes.js';

/** Feature modules register here, one line each. */
export async function registerModules(app: FastifyInstance, ctx: AppContext) {
  await app.register(meRoutes(ctx));
  await app.register(applicationsRoutes(ctx));
  await app.register(setupRoutes(ctx));
  await app.register(slugRoutes(ctx));
  await app.register(analyticsRoutes(ctx));

  const media = createMediaService({ db: ctx.database.db, storage: ctx.storage, log: ctx.log });
  // Files of accounts deleted just before a crash are removed now.
  await media.drainDeletions();
  await app.register(mediaRoutes(ctx, media));
  await app.register(profilesRoutes(ctx, media));
  await app.register(accountRoutes(ctx, media));
  await app.register(siteAssetsRoutes(ctx));
}
