import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { Hub } from '../realtime/index.js';
import { registerNotificationsRealtime } from './realtime.js';
import { notificationsRoutes } from './routes.js';
import type { MemberMailer } from '../mail/index.js';
import { startDigestJob } from './digest.js';

/** The member's notifications (routes.ts), their live delivery (realtime.ts) and the daily digest (digest.ts). */
export async function registerNotifications(app: FastifyInstance, ctx: AppContext, deps: { hub: Hub; mailer: MemberMailer }) {
  registerNotificationsRealtime(deps.hub, ctx.database.db);
  startDigestJob(app, ctx, { db: ctx.database.db, mailer: deps.mailer, log: ctx.log }, { schedule: ctx.config.NODE_ENV !== 'test' });
  await app.register(notificationsRoutes(ctx));
}
