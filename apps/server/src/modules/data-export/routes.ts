import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { scheduleHourlySweep } from '../../platform/hourly-sweep.js';
import { requestLocale } from '../../platform/i18n.js';
import { requireActor } from '../access/index.js';
import { createDataExportService } from './service.js';

/**
 * "Download your data" (issue 24): signed in, any account state that can sign in (an applicant and a deactivated
 * member have data too). Each member reaches only their own archive: no id in any route.
 */
export const dataExportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createDataExportService(ctx);

    app.get('/api/account/export', { config: { access: 'signedIn' } }, async (request) => service.status(requireActor(request).userId));

    app.post(
      '/api/account/export',
      { config: { access: 'signedIn', ...(ctx.config.RATE_LIMIT ? { rateLimit: { max: 5, timeWindow: '1 minute' } } : {}) } },
      async (request, reply) => reply.status(202).send(await service.request(requireActor(request).userId, requestLocale(request))),
    );

    app.get('/api/account/export/download', { config: { access: 'signedIn' } }, async (request, reply) => {
      const { object, fileName } = await service.open(requireActor(request).userId);
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(object.size))
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(object.body);
    });

    scheduleHourlySweep(app, ctx.log, () => service.sweep(), 'Could not sweep the data archives', {
      db: ctx.database.db,
      name: 'data-export-sweep',
    });
  };
