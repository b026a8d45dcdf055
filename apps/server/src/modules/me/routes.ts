import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { languageUpdateSchema } from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../access/index.js';
import { createMeService } from './service.js';

export const meRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const me = createMeService({ db: ctx.database.db });
    app.get('/api/me', { config: { access: 'signedIn' } }, async (request) => me.view(requireActor(request)));
    app.put('/api/me/language', { config: { access: 'signedIn' }, schema: { body: languageUpdateSchema } }, async (request) =>
      me.setLanguage(requireActor(request), request.body),
    );
    app.post('/api/me/recover', { config: { access: 'signedIn' } }, async (request) => me.recover(requireActor(request)));
  };
