import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setupAdminSchema } from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { signInNewAccount } from '../auth/index.js';
import { adminExists, createFirstAdmin } from './service.js';

export const setupRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/setup/status', { config: { access: 'public' } }, async () => ({
      needsSetup: !(await adminExists(ctx.database.db)),
    }));

    app.post(
      '/api/setup/admin',
      {
        config: { access: 'public', ...(ctx.config.RATE_LIMIT ? { rateLimit: { max: 10, timeWindow: '10 minutes' } } : {}) },
        schema: { body: setupAdminSchema },
      },
      async (request, reply) => {
        await createFirstAdmin(ctx.database.db, ctx.passwords, request.body);
        await signInNewAccount(ctx, request, reply, { email: request.body.email, password: request.body.password });
        return reply.status(201).send({ ok: true });
      },
    );
  };
