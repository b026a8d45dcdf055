import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { EventPayouts } from '../events/index.js';
import type { Notifier } from '../notifications/index.js';
import { moderationRoutes } from './routes.js';
import { createModerationService } from './service.js';

/** The reports queue (issue 23): its routes, with the notifier and the payments' refunds of a cancelled event. */
export async function registerModeration(app: FastifyInstance, ctx: AppContext, deps: { notifier: Notifier; payouts?: Pick<EventPayouts, 'afterCancel'> }) {
  const service = createModerationService({ db: ctx.database.db, notifier: deps.notifier, flags: () => ctx.settings.flags(), payouts: deps.payouts });
  await app.register(moderationRoutes(service));
}
