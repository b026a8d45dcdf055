import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applicationIdParamsSchema,
  applySchema,
  approveApplicationSchema,
  listApplicationsQuerySchema,
  rejectApplicationSchema,
  usernameAvailabilityQuerySchema,
  usernameSchema,
} from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../access/index.js';
import { signInNewAccount } from '../auth/index.js';
import { usernameExists } from '../accounts/index.js';
import { isCommunitySlug } from '../slugs/index.js';
import type { Notifier } from '../notifications/index.js';
import { LINKEDIN_PROVIDER_ID, type LinkedinCookies } from '../linkedin/index.js';
import { badRequest } from '../../platform/errors.js';
import { createApplicationsService } from './service.js';
import { APPLICATIONS_ERRORS as M } from './messages.js';
import { requestLocale } from '../../platform/i18n.js';

export const applicationsRoutes =
  (ctx: AppContext, deps: { notifier: Notifier; linkedin: LinkedinCookies }): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createApplicationsService({ db: ctx.database.db, settings: ctx.settings, passwords: ctx.passwords, notifier: deps.notifier });
    const limit = (max: number, timeWindow: string) =>
      ctx.config.RATE_LIMIT ? { rateLimit: { max, timeWindow } } : {};

    app.post(
      '/api/applications',
      { config: { access: 'public', ...limit(10, '10 minutes') }, schema: { body: applySchema } },
      async (request, reply) => {
        // Started with LinkedIn (decision 034): the verified identity from the callback's signed cookie is linked to
        // the new account, so the member can later sign in with LinkedIn. An email LinkedIn verified is the one used.
        const linkedin = await deps.linkedin.identity(request);
        if (linkedin?.emailVerified && linkedin.email !== request.body.email.toLowerCase()) {
          throw badRequest(M.linkedinEmailMismatch, { email: M.linkedinEmailMismatch });
        }
        const { applicationId } = await service.apply(
          request.body,
          linkedin ? { providerId: LINKEDIN_PROVIDER_ID, accountId: linkedin.sub, pictureUrl: linkedin.pictureUrl } : null,
          requestLocale(request),
        );
        if (linkedin) deps.linkedin.clearIdentity(reply);
        // The applicant is signed in at once, so they see their pending state.
        await signInNewAccount(ctx, request, reply, { email: request.body.email, password: request.body.password });
        return reply.status(201).send({ applicationId });
      },
    );

    app.get(
      '/api/usernames/availability',
      { config: { access: 'public', ...limit(120, '1 minute') }, schema: { querystring: usernameAvailabilityQuerySchema } },
      async (request) => {
        const username = request.query.username.trim().toLowerCase();
        const format = usernameSchema.safeParse(username);
        if (!format.success) return { username, available: false, error: format.error.issues[0]!.message };
        // One namespace with community addresses (/{slug}): a community's address is taken too.
        const db = ctx.database.db;
        return { username, available: !(await usernameExists(db, username)) && !(await isCommunitySlug(db, username)) };
      },
    );

    app.get('/api/landing/stats', { config: { access: 'public' } }, async () => service.landingStats());

    app.get(
      '/api/admin/applications',
      { config: { access: 'admin' }, schema: { querystring: listApplicationsQuerySchema } },
      async (request) => service.list(request.query),
    );

    app.post(
      '/api/admin/applications/:id/approve',
      { config: { access: 'admin' }, schema: { params: applicationIdParamsSchema, body: approveApplicationSchema } },
      async (request) => service.approve(request.params.id, requireActor(request).userId, request.body.accountType),
    );

    app.post(
      '/api/admin/applications/:id/reject',
      { config: { access: 'admin' }, schema: { params: applicationIdParamsSchema, body: rejectApplicationSchema } },
      async (request) => service.reject(request.params.id, requireActor(request).userId, request.body.reason),
    );

  };
