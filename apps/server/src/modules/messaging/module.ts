import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { Notifier } from '../notifications/index.js';
import type { Hub } from '../realtime/index.js';
import { registerMessagingRealtime } from './realtime.js';
import { messagingRoutes } from './routes.js';
import { createMessagingService, type LinkPreviewer } from './service.js';

/** Direct messages (routes.ts) and their live delivery, unread totals and resume (realtime.ts). */
export async function registerMessaging(app: FastifyInstance, ctx: AppContext, deps: { notifier: Notifier; previews: LinkPreviewer; hub: Hub }) {
  const db = ctx.database.db;
  registerMessagingRealtime(deps.hub, db);
  await app.register(messagingRoutes(ctx, createMessagingService({ db, notifier: deps.notifier, previews: deps.previews })));
}
