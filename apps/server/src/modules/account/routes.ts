import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES, deactivateAccountSchema, deleteAccountSchema, type AccountActionResult } from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/errors.js';
import { publish } from '../../platform/bus.js';
import { deactivateForUser } from '../push/index.js';
import { requireActor } from '../access/index.js';
import { authHeaders } from '../auth/index.js';
import type { MediaService } from '../media/index.js';
import { createAccountService } from './service.js';
import { ACCOUNT_ERRORS as M } from './messages.js';

export const accountRoutes =
  (ctx: AppContext, media: MediaService): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createAccountService(ctx, media);

    /** Expire this browser's session cookie (the sessions themselves are already gone). */
    async function clearSessionCookie(request: Parameters<typeof authHeaders>[0], reply: { header: (k: string, v: string[]) => unknown }) {
      const response = await ctx.auth.api.signOut({ headers: authHeaders(request), asResponse: true }).catch(() => null);
      const cookies = response?.headers.getSetCookie() ?? [];
      if (cookies.length) reply.header('set-cookie', cookies);
    }

    app.post(
      '/api/account/deactivate',
      { config: { access: 'member' }, schema: { body: deactivateAccountSchema } },
      async (request, reply): Promise<AccountActionResult> => {
        const { userId } = requireActor(request);
        await service.deactivate(userId);
        await publish(ctx.database.db, { k: 'kick', u: [userId] });
        await deactivateForUser(ctx.database.db, userId);
        await clearSessionCookie(request, reply);
        return { success: true, message: ACCOUNT_MESSAGES.deactivated };
      },
    );

    // signedIn, not member: a deactivated member is exactly who calls it. The service refuses anyone else.
    app.post('/api/account/reactivate', { config: { access: 'signedIn' } }, async (request): Promise<AccountActionResult> => {
      await service.reactivate(requireActor(request).userId);
      return { success: true, message: ACCOUNT_MESSAGES.reactivated };
    });

    app.post(
      '/api/account/delete',
      { config: { access: 'signedIn' }, schema: { body: deleteAccountSchema } },
      async (request, reply): Promise<AccountActionResult> => {
        const actor = requireActor(request);
        try {
          await service.deleteAccount(actor.userId);
        } catch (err) {
          if (err instanceof AppError) throw err;
          request.log.error({ err }, ACCOUNT_MESSAGES.deleteFailed);
          throw new AppError(500, 'INTERNAL', M.deleteFailed);
        }
        await publish(ctx.database.db, { k: 'kick', u: [actor.userId] });
        await clearSessionCookie(request, reply);
        return { success: true, message: ACCOUNT_MESSAGES.deleted };
      },
    );
  };
