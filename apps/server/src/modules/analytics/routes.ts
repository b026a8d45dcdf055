import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pwaAnalyticsSchema } from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { pwaAnalytics } from '../../db/schema/index.js';
import { actorOf } from '../access/index.js';
import { stampLastActive } from './last-active.js';

export const analyticsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/analytics/pwa',
      {
        config: { access: 'public', ...(ctx.config.RATE_LIMIT ? { rateLimit: { max: 60, timeWindow: '1 minute' } } : {}) },
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
          userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
        });
        return reply.status(204).send();
      },
    );
  };
