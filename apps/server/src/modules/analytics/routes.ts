import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminVitalsQuerySchema, pwaAnalyticsSchema, VITALS_LIMITS, webVitalsBatchSchema } from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { pwaAnalytics } from '../../db/schema/index.js';
import { scheduleHourlySweep } from '../../platform/hourly-sweep.js';
import { actorOf } from '../access/index.js';
import { stampLastActive } from './last-active.js';
import { reduceUserAgent } from './user-agent.js';
import { adminVitals, deleteOldVitals, insertVitals } from './vitals-repository.js';

export const analyticsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const rateLimit = (max: number) => (ctx.config.RATE_LIMIT ? { rateLimit: { max, timeWindow: '1 minute' } } : {});

    app.post(
      '/api/analytics/pwa',
      {
        config: { access: 'public', ...rateLimit(60) },
        schema: { body: pwaAnalyticsSchema },
      },
      async (request, reply) => {
        const b = request.body;
        const userId = (await actorOf(ctx, request))?.userId ?? null;
        // An app open is the member's "last active" (at most one write a minute).
        if (userId && b.eventType === 'app_open') await stampLastActive(ctx.database.db, userId);
        await ctx.database.db.insert(pwaAnalytics).values({
          userId,
          eventType: b.eventType,
          eventData: b.eventData ?? null,
          platform: b.platform ?? null,
          isPwaMode: b.isPwaMode,
          userAgent: reduceUserAgent(request.headers['user-agent']),
        });
        return reply.status(204).send();
      },
    );

    // Core Web Vitals from the browser (decision 031): batched, signed out too (no user id then). A foreign Origin
    // is refused by the access control's CSRF check like every public POST; a body over the limit is a 413.
    app.post(
      '/api/analytics/vitals',
      {
        bodyLimit: VITALS_LIMITS.maxBodyBytes,
        config: { access: 'public', ...rateLimit(60) },
        schema: { body: webVitalsBatchSchema },
      },
      async (request, reply) => {
        const userId = (await actorOf(ctx, request))?.userId ?? null;
        await insertVitals(ctx.database.db, userId, request.body.metrics);
        return reply.status(204).send();
      },
    );

    app.get('/api/admin/vitals', { config: { access: 'admin' }, schema: { querystring: adminVitalsQuerySchema } }, async (request) =>
      adminVitals(ctx.database.db, request.query.days as 7 | 28),
    );

    // Retention: reports older than 90 days go, hourly (the health page lists the job).
    scheduleHourlySweep(app, ctx.log, () => deleteOldVitals(ctx.database.db), 'Could not delete old web vitals', {
      db: ctx.database.db,
      name: 'web-vitals-retention',
    });
  };
