import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';

export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/health', { config: { access: 'public' } }, async (_request, reply) => {
      try {
        await ctx.database.db.execute(sql`select 1`);
        return { status: 'ok', database: ctx.database.engine, migrations: ctx.migrations };
      } catch {
        return reply.status(503).send({ status: 'unavailable', database: ctx.database.engine, migrations: ctx.migrations });
      }
    });
  };
