import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { createHealthService, databaseReady, type HealthDeps } from './service.js';

/** GET /api/health (unchanged), and the load balancer's pair: /api/health/live and /api/health/ready. */
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

    // Liveness: the process answers. No database, no secrets: a load balancer restarts a process that stops answering.
    app.get('/api/health/live', { config: { access: 'public' } }, async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { status: 'live' };
    });

    // Readiness: the database answers within a short deadline and the migrations are applied; else 503.
    app.get('/api/health/ready', { config: { access: 'public' } }, async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return (await databaseReady(ctx.database.db)) ? { status: 'ready' } : reply.status(503).send({ status: 'unavailable' });
    });
  };

/** GET /api/admin/health: the Health panel's figures (admins only). Registered with the modules (payments' mode). */
export const adminHealthRoutes =
  (ctx: AppContext, deps: HealthDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createHealthService(ctx, deps);
    app.get('/api/admin/health', { config: { access: 'admin' } }, async () => service.adminHealth());
  };
