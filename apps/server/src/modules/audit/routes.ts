import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditQuerySchema } from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../access/index.js';
import { createAuditService } from './service.js';

/** GET /api/admin/audit (docs/api.md "Audit log"): read only; no route changes or deletes an entry. */
export const auditRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createAuditService({ db: ctx.database.db });
    app.get('/api/admin/audit', { config: { access: 'member' }, schema: { querystring: auditQuerySchema } }, async (request) =>
      service.list(requireActor(request), request.query),
    );
  };
