import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../access/index.js';
import { createSiteAssetsService } from './service.js';

export const siteAssetsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createSiteAssetsService(ctx);
    app.post('/api/admin/assets/favicon', { config: { access: 'admin' } }, async (request) =>
      service.uploadImage(request, 'favicon', requireActor(request)),
    );
    app.post('/api/admin/assets/landing-cover', { config: { access: 'admin' } }, async (request) =>
      service.uploadImage(request, 'landing-cover', requireActor(request)),
    );
    app.post('/api/admin/assets/verification-badge', { config: { access: 'admin' } }, async (request) =>
      service.uploadImage(request, 'verification-badge', requireActor(request)),
    );
    app.post('/api/admin/assets/landing-video', { config: { access: 'admin' } }, async (request) =>
      service.uploadVideo(request, requireActor(request)),
    );
  };
