import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { Notifier } from '../notifications/index.js';
import type { Hub } from '../realtime/index.js';
import { registerConnectionsRealtime } from './realtime.js';
import { connectionsRoutes } from './routes.js';
import { createConnectionsService } from './service.js';

/** Say Hi and Connections (routes.ts), and the lists' live refresh (realtime.ts). */
export async function registerConnections(app: FastifyInstance, ctx: AppContext, deps: { notifier: Notifier; hub: Hub }) {
  registerConnectionsRealtime(deps.hub);
  await app.register(connectionsRoutes(ctx, createConnectionsService({ db: ctx.database.db, notifier: deps.notifier })));
}
