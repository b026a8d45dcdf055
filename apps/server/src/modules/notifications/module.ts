import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { Hub } from '../realtime/index.js';
import { registerNotificationsRealtime } from './realtime.js';
import { notificationsRoutes } from './routes.js';

/** The member's notifications (routes.ts) and their live delivery (realtime.ts). */
export async function registerNotifications(app: FastifyInstance, ctx: AppContext, deps: { hub: Hub }) {
  registerNotificationsRealtime(deps.hub, ctx.database.db);
  await app.register(notificationsRoutes(ctx));
}
