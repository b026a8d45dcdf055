import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { meRoutes } from './me/routes.js';
import { applicationsRoutes } from './applications/routes.js';
import { setupRoutes } from './setup/routes.js';
import { slugRoutes } from './slugs/routes.js';
import { analyticsRoutes } from './analytics/routes.js';

/** Feature modules register here, one line each. */
export async function registerModules(app: FastifyInstance, ctx: AppContext) {
  await app.register(meRoutes(ctx));
  await app.register(applicationsRoutes(ctx));
  await app.register(setupRoutes(ctx));
  await app.register(slugRoutes(ctx));
  await app.register(analyticsRoutes(ctx));
}
