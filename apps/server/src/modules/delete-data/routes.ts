import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DELETE_DATA_LIMITS as L,
  DELETE_DATA_MESSAGES,
  deleteDataConfirmSchema,
  deleteDataRequestSchema,
  deleteDataStatusParamsSchema,
  deleteDataStatusPath,
  type DeleteDataRequestAnswer,
  type DeleteDataStatusView,
} from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { requestLocale } from '../../platform/i18n.js';
import { createAccountService } from '../account/index.js';
import type { MediaService } from '../media/index.js';
import { createDeleteDataService, instagramAppSecret } from './service.js';
import { verifySignedRequest } from './signed-request.js';
import { DELETE_DATA_ERRORS as M } from './messages.js';

/** The least time a request takes to answer: a known address does a little more work (the mail), kept out of timing. */
export const REQUEST_ANSWER_FLOOR_MS = 150;

/** Meta posts `signed_request` as a form; a few KB is plenty. */
const FORM_BODY_LIMIT = 16 * 1024;

const metaBodySchema = z.object({ signed_request: z.string().min(1).max(8000) });

export const deleteDataRoutes =
  (ctx: AppContext, media: MediaService): FastifyPluginAsyncZod =>
  async (app) => {
    const account = createAccountService(ctx, media);
    const service = createDeleteDataService(ctx, { deleteAccount: (id, opts) => account.deleteAccount(id, opts) });
    const limit = (max: number, minutes: number) => (ctx.config.RATE_LIMIT ? { rateLimit: { max, timeWindow: minutes * 60_000 } } : {});

    // Meta's callback is a form post (in this plugin only: the rest of the API takes JSON).
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode === 202 && request.routeOptions.url === '/api/delete-data/requests') {
        const wait = REQUEST_ANSWER_FLOOR_MS - reply.elapsedTime;
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
      return payload;
    });

    /** Anyone, signed out: the answer never says whether the address has an account. */
    app.post(
      '/api/delete-data/requests',
      { config: { access: 'public', ...limit(L.requestsPerAddress, L.requestWindowMinutes) }, schema: { body: deleteDataRequestSchema } },
      async (request, reply): Promise<DeleteDataRequestAnswer> => {
        const { code } = await service.request(request.body.email, new Date(), requestLocale(request));
        reply.status(202).header('cache-control', 'no-store');
        return { confirmationCode: code, statusPath: deleteDataStatusPath(code), message: DELETE_DATA_MESSAGES.received };
      },
    );

    /** The mailed link's page posts its token here; the token is the credential, so no session is needed. */
    app.post(
      '/api/delete-data/confirm',
      { config: { access: 'public', ...limit(20, 10) }, schema: { body: deleteDataConfirmSchema } },
      async (request, reply) => {
        let code: string;
        try {
          ({ code } = await service.confirm(request.body.token));
        } catch (err) {
          if (err instanceof AppError) throw err;
          request.log.error({ err }, 'A confirmed data deletion failed');
          throw new AppError(500, 'INTERNAL', M.confirmFailed);
        }
        reply.header('cache-control', 'no-store');
        return { confirmationCode: code, statusPath: deleteDataStatusPath(code), message: DELETE_DATA_MESSAGES.deleted };
      },
    );

    app.get(
      '/api/delete-data/status/:code',
      { config: { access: 'public', ...limit(60, 1) }, schema: { params: deleteDataStatusParamsSchema } },
      async (request, reply): Promise<DeleteDataStatusView> => {
        reply.header('cache-control', 'no-store');
        return service.status(request.params.code);
      },
    );

    /**
     * Meta's data-deletion callback (the Instagram app's "Data deletion request URL"): a signed request naming an
     * Instagram user. Any Origin: the signature, not a cookie, is the credential. Answered as Meta requires.
     */
    app.post(
      '/api/delete-data/meta',
      { config: { access: 'public', anyOrigin: true, ...limit(30, 1) }, schema: { body: metaBodySchema } },
      async (request) => {
        const verified = verifySignedRequest(request.body.signed_request, await instagramAppSecret(ctx));
        if (!verified) throw badRequest(M.badSignedRequest);
        const { code } = await service.instagramDeletion(verified.userId);
        return { url: `${ctx.config.publicUrl}${deleteDataStatusPath(code)}`, confirmation_code: code };
      },
    );
  };
