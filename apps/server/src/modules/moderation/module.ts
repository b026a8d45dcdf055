import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { EventPayouts } from '../events/index.js';
import type { Notifier } from '../notifications/index.js';
import type { Hub } from '../realtime/index.js';
import { registerModerationRealtime } from './realtime.js';
import { moderationRoutes } from './routes.js';
import { createModerationService } from './service.js';

/**
 * The reports queue (issue 23): its routes, with the notifier and the payments' refunds of a cancelled event, and its
 * live delivery (a report filed or resolved reaches the open queues of the moderators who may see it).
 */
export async function registerModeration(
  app: FastifyInstance,
  ctx: AppContext,
  deps: { notifier: Notifier; hub: Hub; payouts?: Pick<EventPayouts, 'afterCancel'> },
) {
  registerModerationRealtime(deps.hub, ctx.database.db);
  const service = createModerationService({ db: ctx.database.db, notifier: deps.notifier, flags: () => ctx.settings.flags(), payouts: deps.payouts });
  await app.register(moderationRoutes(service));
}
