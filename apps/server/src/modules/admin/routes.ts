import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAccountTypeSchema,
  adminDeleteMemberSchema,
  adminMemberParamsSchema,
  adminMembersQuerySchema,
  adminRoleParamsSchema,
  adminSuspendSchema,
  adminVerifiedSchema,
} from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../access/index.js';
import { createAccountService } from '../account/index.js';
import type { MediaService } from '../media/index.js';
import { createAdminService } from './service.js';
import { createOverviewService } from './overview.js';

/** The back office's Members section and Overview (issue 23): admins only. */
export const adminRoutes =
  (ctx: AppContext, deps: { media: MediaService }): FastifyPluginAsyncZod =>
  async (app) => {
    const account = createAccountService(ctx, deps.media);
    const service = createAdminService({ db: ctx.database.db, deleteAccount: (id, opts) => account.deleteAccount(id, opts) });
    const overview = createOverviewService(ctx);
    const admin = { config: { access: 'admin' as const } };

    app.get('/api/admin/overview', admin, async () => overview.read());

    app.get('/api/admin/members', { ...admin, schema: { querystring: adminMembersQuerySchema } }, async (request) =>
      service.list(request.query),
    );

    app.get('/api/admin/members/:id', { ...admin, schema: { params: adminMemberParamsSchema } }, async (request) =>
      service.view(request.params.id),
    );

    app.put('/api/admin/members/:id/roles/:role', { ...admin, schema: { params: adminRoleParamsSchema } }, async (request) =>
      service.grantRole(requireActor(request), request.params.id, request.params.role),
    );

    app.delete('/api/admin/members/:id/roles/:role', { ...admin, schema: { params: adminRoleParamsSchema } }, async (request) =>
      service.revokeRole(requireActor(request), request.params.id, request.params.role),
    );

    app.put(
      '/api/admin/members/:id/account-type',
      { ...admin, schema: { params: adminMemberParamsSchema, body: adminAccountTypeSchema } },
      async (request) => service.setAccountType(requireActor(request), request.params.id, request.body.accountType),
    );

    app.put(
      '/api/admin/members/:id/verified',
      { ...admin, schema: { params: adminMemberParamsSchema, body: adminVerifiedSchema } },
      async (request) => service.setVerified(requireActor(request), request.params.id, request.body.verified),
    );

    app.post(
      '/api/admin/members/:id/suspend',
      { ...admin, schema: { params: adminMemberParamsSchema, body: adminSuspendSchema } },
      async (request) => service.suspend(requireActor(request), request.params.id, request.body.reason),
    );

    app.post('/api/admin/members/:id/unsuspend', { ...admin, schema: { params: adminMemberParamsSchema } }, async (request) =>
      service.unsuspend(requireActor(request), request.params.id),
    );

    app.delete(
      '/api/admin/members/:id',
      { ...admin, schema: { params: adminMemberParamsSchema, body: adminDeleteMemberSchema } },
      async (request, reply) => {
        await service.remove(requireActor(request), request.params.id);
        return reply.status(204).send();
      },
    );
  };
