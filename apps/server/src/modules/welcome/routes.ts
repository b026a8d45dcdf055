import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../access/index.js';
import { createWelcomeService } from './service.js';

/** Home's welcome for a new member (issue 21, docs/api.md): the checklist, suggestions, and closing it. */
export const welcomeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createWelcomeService({ db: ctx.database.db, flags: () => ctx.settings.flags() });
    const approved = { access: 'approved' as const };
    app.get('/api/me/welcome', { config: approved }, async (request) => service.view(requireActor(request)));
    app.post('/api/me/welcome/dismiss', { config: approved }, async (request, reply) => {
      await service.dismiss(requireActor(request));
      return reply.status(204).send();
    });
  };
