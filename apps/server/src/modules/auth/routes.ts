import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { changePasswordSchema, PASSWORD_MESSAGES, SUSPENDED_SIGN_IN_CODE, suspendedSignInMessage } from '@bayclub/shared';
import { publish } from '../../platform/bus.js';
import { deactivateForUser } from '../push/index.js';
import type { AppContext } from '../../app-context.js';
import { AppError, badRequest, errorBody, notFound } from '../../platform/errors.js';
import { createSignInThrottle, type SignInAttempt } from './sign-in-throttle.js';
import { CLIENT_IP_HEADER } from './auth.js';
import { actorOf } from '../access/index.js';
import { AUTH_ERRORS as M } from './messages.js';

/** Headers for a better-auth call: the client's own, with the client address we trust. */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/** Copy better-auth's response (status, cookies, body) to Fastify, in our error shape on failure. */
export async function sendAuthResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length' && key !== 'content-encoding') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  const text = await response.text();
  if (response.status >= 400) {
    let message: string | undefined = response.statusText || undefined;
    let code = 'AUTH_ERROR';
    try {
      const body = JSON.parse(text) as { code?: string; message?: string };
      message = body.message ?? message;
      code = body.code ?? code;
    } catch {
      /* not JSON */
    }
    const reason = code === SUSPENDED_SIGN_IN_CODE ? suspensionReasonOf(message) : null;
    const answer =
      response.status === 429
        ? M.tooManyAttempts
        : message === undefined
          ? M.requestFailed
          : reason
            ? M.suspendedSignInWithReason({ reason })
            : M.betterAuthMessage({ message });
    return reply.type('application/json').send(errorBody(code, answer));
  }
  return reply.send(stripTokens(text));
}

/**
 * The admin's reason inside better-auth's suspended-sign-in text (auth.ts writes it there, better-auth's error body
 * has no field of ours), so the text can be sent in the reader's language with the reason as the admin wrote it.
 */
function suspensionReasonOf(message: string | undefined): string | null {
  const head = suspendedSignInMessage('?').slice(0, -1); // "Your account is suspended. Reason: "
  return message?.startsWith(head) ? message.slice(head.length) : null;
}

/**
 * better-auth puts the session token in some JSON bodies (sign-in, get-session). The cookie is
 * httpOnly so scripts cannot read it; handing it to scripts in a body would undo that.
 */
function stripTokens(text: string): string {
  if (!text.startsWith('{')) return text;
  try {
    const body = JSON.parse(text) as { token?: unknown; session?: { token?: unknown } | null };
    if (!('token' in body) && !(body.session && 'token' in body.session)) return text;
    delete body.token;
    if (body.session) delete body.session.token;
    return JSON.stringify(body);
  } catch {
    return text;
  }
}

/** Sign a just-created account in (apply, first-admin setup): the session cookie goes on this reply. */
export async function signInNewAccount(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  credentials: { email: string; password: string },
) {
  const response = await ctx.auth.api.signInEmail({ body: credentials, headers: authHeaders(request), asResponse: true });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
}

/** The least time a password reset request takes to answer (see the onSend hook below). */
export const RESET_ANSWER_FLOOR_MS = 100;

export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Failed password sign-ins per account and client address, with a ceiling per account (sign-in-throttle.ts).
    const signInThrottle = createSignInThrottle();
    const signInAttempts = new WeakMap<FastifyRequest, SignInAttempt>();
    // Settled by the answer actually sent, whichever way the request ended.
    app.addHook('onResponse', async (request, reply) => signInAttempts.get(request)?.settle(reply.statusCode));

    // A reset request for a member's address does a little more work than for an unknown one (better-auth writes a
    // token row, we queue the mail): answering no sooner than RESET_ANSWER_FLOOR_MS keeps that difference out of the
    // timing, also on a busy machine where the extra work takes longer.
    app.addHook('onSend', async (request, reply, payload) => {
      // Only the 200 could tell the two apart; refusals (bad input, 429) do not depend on the address.
      if (reply.statusCode === 200 && request.method === 'POST' && request.url.split('?')[0] === '/api/auth/request-password-reset') {
        const wait = RESET_ANSWER_FLOOR_MS - reply.elapsedTime;
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
      return payload;
    });

    /**
     * The better-auth endpoints the app uses. Everything else it offers (update-user, change-email,
     * list/revoke sessions, ...) would bypass our schemas and policies, so it is not exposed.
     */
    const exposed = new Set([
      'GET /api/auth/get-session',
      'POST /api/auth/sign-in/email',
      'POST /api/auth/request-password-reset',
      'POST /api/auth/reset-password',
    ]);

    // better-auth's own endpoints (sign-in, session, password reset, ...), bridged from Fastify.
    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      config: { access: 'public' },
      async handler(request, reply) {
        const url = new URL(request.url, ctx.config.publicUrl);
        if (!exposed.has(`${request.method} ${url.pathname}`)) throw notFound();
        if (ctx.config.RATE_LIMIT && url.pathname === '/api/auth/sign-in/email') {
          const email = (request.body as { email?: unknown } | undefined)?.email;
          if (typeof email === 'string') {
            const attempt = signInThrottle.begin(email, request.ip);
            if (!attempt) throw new AppError(429, 'RATE_LIMITED', M.signInThrottled);
            signInAttempts.set(request, attempt);
          }
        }
        const hasBody = request.method === 'POST' && request.body !== undefined;
        const headers = authHeaders(request);
        if (hasBody) headers.set('content-type', 'application/json');
        const response = await ctx.auth.handler(
          new Request(url, { method: request.method, headers, body: hasBody ? JSON.stringify(request.body) : undefined }),
        );
        return sendAuthResponse(reply, response);
      },
    });

    // Sign out with global scope: every session of the member ends, and this browser's cookie is cleared.
    app.post('/api/session/sign-out', { config: { access: 'public' } }, async (request, reply) => {
      const headers = authHeaders(request);
      const actor = await actorOf(ctx, request);
      if (actor) {
        await ctx.auth.api.revokeSessions({ headers }).catch(() => undefined);
        // Every open socket of the member closes at once (in every server process), and no device of theirs gets
        // pushes any more (a signed-out phone must not show messages on its lock screen). Signing in again on a
        // device saves its subscription again.
        await publish(ctx.database.db, { k: 'kick', u: [actor.userId] });
        await deactivateForUser(ctx.database.db, actor.userId);
      }
      const response = await ctx.auth.api.signOut({ headers, asResponse: true });
      return sendAuthResponse(reply, response);
    });

    app.post(
      '/api/account/change-password',
      { config: { access: 'signedIn' }, schema: { body: changePasswordSchema } },
      async (request, reply) => {
        const { currentPassword, newPassword } = request.body;
        const response = await ctx.auth.api.changePassword({
          headers: authHeaders(request),
          body: { currentPassword, newPassword, revokeOtherSessions: true },
          asResponse: true,
        });
        if (response.status === 400) {
          request.log.info({ userId: request.actor?.userId }, PASSWORD_MESSAGES.changeFailed);
          throw badRequest(M.currentPasswordIncorrect, { currentPassword: M.currentPasswordIncorrect });
        }
        // Other sessions were revoked: their sockets close now (this tab's socket reconnects on its valid session).
        if (response.ok && request.actor) await publish(ctx.database.db, { k: 'kick', u: [request.actor.userId] });
        return sendAuthResponse(reply, response);
      },
    );
  };
