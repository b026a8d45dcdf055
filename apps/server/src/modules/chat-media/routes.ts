import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { scheduleHourlySweep } from '../../platform/hourly-sweep.js';
import { requireActor } from '../access/index.js';
import type { MediaService } from '../media/index.js';
import { createChatMediaService } from './service.js';

/** Uploads per member in CHAT_MEDIA_RATE.timeWindow (a member attaches at most 4 files to a message). */
export const CHAT_MEDIA_RATE = { max: 30, timeWindow: '10 minutes' } as const;

export const chatMediaRoutes =
  (ctx: AppContext, media: MediaService): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createChatMediaService(ctx, media);
    const rateLimit = ctx.config.RATE_LIMIT
      ? {
          rateLimit: {
            ...CHAT_MEDIA_RATE,
            // Counted per member, so the access check (preValidation) has run and request.actor is set;
            // the body is not read yet, so a refused upload costs nothing.
            hook: 'preHandler' as const,
            keyGenerator: (request: { actor: { userId: string } | null; ip: string }) => `chat-media:${request.actor?.userId ?? request.ip}`,
          },
        }
      : {};

    // Uploads nobody claimed are swept a minute after start-up and then every hour.
    scheduleHourlySweep(app, ctx.log, () => service.sweepUnclaimed(), 'Could not sweep unsent chat attachments', {
      db: ctx.database.db,
      name: 'chat-media-sweep',
    });

    app.post('/api/chat-media', { config: { access: { flag: 'message' }, ...rateLimit } }, async (request, reply) => {
      const view = await service.upload(request, requireActor(request).userId);
      return reply.status(201).send(view);
    });
  };
