import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateSettingsSchema } from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../access/index.js';

export const settingsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/settings/public', { config: { access: 'public' } }, async () => ctx.settings.publicSettings());

    app.get('/api/permissions', { config: { access: 'signedIn' } }, async () => ({ flags: await ctx.settings.flags() }));

    app.get('/api/admin/settings', { config: { access: 'admin' } }, async () => ({ settings: await ctx.settings.all() }));

    app.put(
      '/api/admin/settings',
      { config: { access: 'admin' }, schema: { body: updateSettingsSchema } },
      async (request) => ({ settings: await ctx.settings.update(request.body, requireActor(request)) }),
    );
  };
