import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { linkedinStartQuerySchema, type LinkedinErrorCode, type LinkedinIntent, type LinkedinPrefillView } from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { LINKEDIN_LOCAL_CLIENT, linkedinLocal } from '../../platform/linkedin-local/index.js';
import { authHeaders } from '../auth/index.js';
import { findLinkedUserId } from '../accounts/index.js';
import { createLinkedinClient, LinkedinRefused, LINKEDIN_CALLBACK_PATH } from './client.js';
import type { LinkedinCookies } from './cookies.js';

export const LINKEDIN_PROVIDER_ID = 'linkedin';

const callbackQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});

/**
 * Apply and sign in with LinkedIn (decision 034). start: a signed state cookie and the way to LinkedIn's authorize
 * page. callback: the state checked, the code traded for the member's OpenID userinfo; a LinkedIn account linked to
 * a member signs that member in (pending or not, like a password sign-in); any other goes to the Apply form with the
 * identity in a signed cookie. An unknown LinkedIn account never creates a member here: only the application does.
 */
export const linkedinRoutes =
  (ctx: AppContext, cookies: LinkedinCookies): FastifyPluginAsyncZod =>
  async (app) => {
    const client = createLinkedinClient(ctx.config, app);
    const limit = (max: number) => (ctx.config.RATE_LIMIT ? { rateLimit: { max, timeWindow: '1 minute' } } : {});
    // Without real credentials the local double serves LinkedIn's side on this server; with them it is not mounted.
    if (client.mode === 'local') {
      await app.register(linkedinLocal({ publicUrl: ctx.config.publicUrl, redirectUris: [client.redirectUri] }));
      ctx.log.debug({ clientId: LINKEDIN_LOCAL_CLIENT.id }, 'LinkedIn: local double under /linkedin-local/');
    }

    const backTo = (reply: FastifyReply, intent: LinkedinIntent | null, error: LinkedinErrorCode) =>
      reply.redirect(`${intent === 'signin' ? '/login' : '/linkedin-register'}?linkedin_error=${error}`, 302);

    app.get(
      '/api/linkedin/start',
      { config: { access: 'public', ...limit(30) }, schema: { querystring: linkedinStartQuerySchema } },
      async (request, reply) => {
        const state = await cookies.newState(reply, request.query.intent);
        return reply.header('cache-control', 'no-store').redirect(client.authorizeUrl(state), 302);
      },
    );

    app.get(
      LINKEDIN_CALLBACK_PATH,
      { config: { access: 'public', ...limit(30) }, schema: { querystring: callbackQuerySchema } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const { code, state, error } = request.query;
        const checked = await cookies.takeState(request, reply, state);
        if ('bad' in checked) return backTo(reply, checked.intent, 'state');
        if (error || !code) return backTo(reply, checked.intent, error === 'user_cancelled_authorize' || error === 'user_cancelled_login' ? 'cancelled' : 'failed');
        let identity;
        try {
          identity = await client.identify(code);
        } catch (err) {
          if (!(err instanceof LinkedinRefused)) request.log.warn({ err }, 'LinkedIn sign-in failed');
          return backTo(reply, checked.intent, 'failed');
        }
        const userId = await findLinkedUserId(ctx.database.db, LINKEDIN_PROVIDER_ID, identity.sub);
        if (userId) {
          const response = await ctx.auth.api.signInVerifiedUser({ body: { userId }, headers: authHeaders(request), asResponse: true });
          if (!response.ok) return backTo(reply, 'signin', response.status === 403 ? 'suspended' : 'failed');
          for (const c of response.headers.getSetCookie()) reply.header('set-cookie', c);
          cookies.clearIdentity(reply);
          return reply.redirect('/', 302);
        }
        // Not a member yet (whether or not the email belongs to an account: the same answer): on to the Apply form.
        await cookies.setIdentity(reply, identity);
        return reply.redirect('/linkedin-register?linkedin=ready', 302);
      },
    );

    app.get('/api/linkedin/prefill', { config: { access: 'public' } }, async (request, reply): Promise<LinkedinPrefillView> => {
      reply.header('cache-control', 'no-store');
      const identity = await cookies.identity(request);
      if (!identity) return { prefill: null };
      return { prefill: { name: identity.name, email: identity.email, emailVerified: identity.emailVerified, pictureUrl: identity.pictureUrl } };
    });

    // "Not you?": forget the LinkedIn identity and apply with the plain form.
    app.delete('/api/linkedin/prefill', { config: { access: 'public' } }, async (_request, reply) => {
      cookies.clearIdentity(reply);
      return reply.status(204).send();
    });
  };
