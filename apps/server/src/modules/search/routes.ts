import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchQuerySchema } from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../access/index.js';
import { createSearchService } from './service.js';

/** Global search (issue 13, decision 017): approved members; what each finds is the policy's (searchScope). */
export const searchRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createSearchService({ db: ctx.database.db, flags: () => ctx.settings.flags() });
    app.get('/api/search', { config: { access: 'approved' }, schema: { querystring: searchQuerySchema } }, async (request) =>
      service.search(requireActor(request), request.query.q),
    );
  };
