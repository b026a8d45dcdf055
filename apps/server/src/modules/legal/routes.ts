import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { legalDocumentParamsSchema, updateLegalDocumentSchema } from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../access/index.js';
import { createLegalService } from './service.js';
import { requestLocale } from '../../platform/i18n.js';

/**
 * The legal pages (issue 24): GET /api/legal/:document for everyone (signed out too: the links sit under the
 * sign-in and apply forms), and the admins' raw text and its save.
 */
export const legalRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createLegalService({ db: ctx.database.db, mailFrom: ctx.config.MAIL_FROM });

    app.get(
      '/api/legal/:document',
      { config: { access: 'public' }, schema: { params: legalDocumentParamsSchema } },
      async (request, reply) => {
        // The built-in text differs by language: a shared cache keeps one copy per Accept-Language.
        void reply.header('vary', 'accept-language');
        return service.read(request.params.document, requestLocale(request));
      },
    );

    app.get(
      '/api/admin/legal/:document',
      { config: { access: 'admin' }, schema: { params: legalDocumentParamsSchema } },
      async (request) => service.readForAdmin(request.params.document),
    );

    app.put(
      '/api/admin/legal/:document',
      { config: { access: 'admin' }, schema: { params: legalDocumentParamsSchema, body: updateLegalDocumentSchema } },
      async (request) => service.update(request.params.document, request.body.markdown, requireActor(request)),
    );
  };
