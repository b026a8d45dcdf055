import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { instagramCallbackQuerySchema, instagramReturnPath, type InstagramStartView } from '@bayclub/shared';
import { requireActor } from '../access/index.js';
import type { InstagramService } from './service.js';

/**
 * Instagram linking (issue 24, docs/api.md "Instagram"). Always the caller's own profile: no member id is ever
 * taken from the request. Linking is for full-platform members (spec 1); anyone with a profile may unlink.
 */
export const instagramRoutes =
  (service: InstagramService): FastifyPluginAsyncZod =>
  async (app) => {
    const full = { access: 'full_platform' as const };

    app.post('/api/instagram/start', { config: full }, async (request): Promise<InstagramStartView> => service.start(requireActor(request).userId));

    // Instagram sends the browser here; the outcome goes on to the profile page, which shows its toast.
    app.get('/api/instagram/callback', { config: full, schema: { querystring: instagramCallbackQuerySchema } }, async (request, reply) => {
      const status = await service.callback(requireActor(request).userId, request.query);
      return reply.header('cache-control', 'no-store').redirect(instagramReturnPath(status), 303);
    });

    app.post('/api/instagram/disconnect', { config: { access: 'member' } }, async (request) => service.disconnect(requireActor(request).userId));
  };
