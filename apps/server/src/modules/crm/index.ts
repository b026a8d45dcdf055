// Face of the CRM module (issue 23): its routes, the engagement figures' background refresh.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { createEngagementJob, scheduleEngagement } from './engagement.js';
import { crmRoutes } from './routes.js';
import { createCrmService } from './service.js';

export { ENGAGEMENT_JOB } from './engagement.js';

/** The CRM's routes and its figures, refreshed every few minutes, at start-up (not in tests) and on demand. */
export async function registerCrm(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;
  const engagement = createEngagementJob(db);
  scheduleEngagement(app, ctx.log, engagement, ctx.config.NODE_ENV !== 'test');
  await app.register(crmRoutes(createCrmService({ db, engagement })));
  return { engagement };
}
