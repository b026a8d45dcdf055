import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { directoryQuerySchema } from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../access/index.js';
import type { DirectoryService } from './service.js';

/** The People directory: full_platform members only, as the spec's side menu says (decision 018). */
export const directoryRoutes =
  (_ctx: AppContext, service: DirectoryService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/directory', { config: { access: 'full_platform' }, schema: { querystring: directoryQuerySchema } }, async (request) =>
      service.page(requireActor(request), request.query),
    );
  };
