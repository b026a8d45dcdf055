import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailUnsubscribeQuerySchema, updateMailPreferencesSchema, type MailType } from '@bayclub/shared';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { badRequest } from '../../platform/errors.js';
import { requireActor } from '../access/index.js';
import { MAIL_ERRORS as M } from './messages.js';
import { readPreferences, turnOff, writePreferences } from './preferences.js';
import { unsubscribeKeyLoader } from './member-mail.js';
import { readUnsubscribeToken } from './unsubscribe-tokens.js';
import { confirmPage, donePage, invalidPage, type PageText } from './unsubscribe-page.js';
import { requestLocale, translateMessage, translatorFor } from '../../platform/i18n.js';

/**
 * The member's mail choices (Settings → Notifications) and the one-click unsubscribe link of every member mail
 * (RFC 8058: `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, a POST with no sign-in).
 */
const wantsHtml = (accept: string | undefined) => !!accept && accept.includes('text/html');
type MailUnsubscribeQuery = z.output<typeof mailUnsubscribeQuerySchema>;

export const mailRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const db = ctx.database.db;
    const key = unsubscribeKeyLoader(ctx);
    const limited = (max: number) => (ctx.config.RATE_LIMIT ? { rateLimit: { max, timeWindow: '1 minute' } } : {});

    app.get('/api/me/mail-preferences', { config: { access: 'member' } }, async (request) => readPreferences(db, requireActor(request).userId));
    app.put('/api/me/mail-preferences', { config: { access: 'member' }, schema: { body: updateMailPreferencesSchema } }, async (request) =>
      writePreferences(db, requireActor(request).userId, request.body),
    );

    // A one-click POST carries `List-Unsubscribe=One-Click` as a form body (RFC 8058); the token in the URL is all
    // that counts, so the body is read and dropped (in this plugin only: the rest of the API takes JSON).
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));

    /**
     * The unsubscribe link: a browser (a member who clicked) gets a page; anything else (a mail provider's one-click
     * POST, an API client) the API's JSON error for a bad token. `act` runs for a good one and gives the page.
     */
    const unsubscribePage =
      (act: (named: { userId: string; type: MailType }, page: PageText, token: string) => Promise<string> | string) =>
      async (request: FastifyRequest<{ Querystring: MailUnsubscribeQuery }>, reply: FastifyReply) => {
        const named = readUnsubscribeToken(await key(), request.query.t);
        if (!named && !wantsHtml(request.headers.accept)) throw badRequest(M.invalidLink);
        // In the language of the browser that opened the link (issue 26).
        const locale = requestLocale(request);
        const text: PageText = { appName: await ctx.settings.appName(), locale, t: translatorFor(locale) };
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
        if (!named) return reply.status(400).send(invalidPage(text, translateMessage(locale, M.invalidLink)));
        return act(named, text, request.query.t);
      };

    const unsubscribeRoute = { config: { access: 'public' as const, ...limited(60) }, schema: { querystring: mailUnsubscribeQuerySchema } };
    // GET only asks (a link scanner that follows it changes nothing).
    app.get('/api/mail/unsubscribe', unsubscribeRoute, unsubscribePage((named, text, token) => confirmPage(text, named.type, token)));
    // Any Origin: the unsubscribe page is sent with no referrer (its URL holds the token), and a browser then sends
    // `Origin: null` with the page's form; the signed token, not a cookie, is the credential.
    app.post(
      '/api/mail/unsubscribe',
      { ...unsubscribeRoute, config: { ...unsubscribeRoute.config, anyOrigin: true as const } },
      unsubscribePage(async (named, text) => {
        // The same answer whether the member still exists or not.
        await turnOff(db, named.userId, named.type);
        return donePage(text, named.type);
      }),
    );
  };
