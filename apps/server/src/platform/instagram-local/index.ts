// A local double of the Instagram API with Instagram Login (decision 033). Without INSTAGRAM_CLIENT_ID and
// INSTAGRAM_CLIENT_SECRET the app links Instagram accounts against it through the same client code: the authorize
// page is served by the app under /instagram-local/oauth/authorize, the token endpoint (POST
// /instagram-local/oauth/access_token) and the profile read (GET /instagram-local/me) answer as Instagram does, in
// its error shape. It refuses what Instagram refuses for these calls: a wrong client or secret, a redirect_uri
// other than the registered one, an unknown, expired or reused code, a bad token. Errors on demand by username:
// personal_account (not a professional account: the authorize step fails), token_fails, me_fails.
import crypto from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Db } from '../../db/client.js';
import { getOrCreateSecret } from '../secrets.js';
import { authorizePage, messagePage } from './html.js';

export const INSTAGRAM_LOCAL_PREFIX = '/instagram-local';
/** Instagram's codes live about an hour; the double keeps them ten minutes. */
const CODE_TTL_MS = 10 * 60_000;
const FORM_BODY_LIMIT = 16 * 1024;
const USERNAME = /^[A-Za-z0-9._]{1,30}$/;

/** The local Instagram app's secret in server_secrets: one per database, as a real Instagram app has one. */
export const LOCAL_INSTAGRAM_SECRET_NAME = 'instagram-local-client-secret';

/**
 * The local app's secret. The double's token endpoint checks it and Meta's data-deletion callbacks
 * (modules/delete-data) are verified with it, so both halves of the local Instagram app agree, as they do with a
 * real app's INSTAGRAM_CLIENT_SECRET.
 */
export const localInstagramSecret = (db: Db) => getOrCreateSecret(db, LOCAL_INSTAGRAM_SECRET_NAME);

export interface InstagramLocalOptions {
  /** The app's public URL: the authorize page is served by the app itself. */
  publicUrl: string;
  /** The local app's secret (localInstagramSecret): the token endpoint refuses any other. */
  clientSecret: string;
  /** The redirect URI registered for the app (Instagram refuses any other). */
  redirectUri: string;
  now?: () => number;
}

export interface InstagramLocal {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  /** On the app's own server (the client reaches them in-process, through app.inject). */
  tokenUrl: string;
  meUrl: string;
  plugin: FastifyPluginAsync;
}

interface CodeRecord {
  username: string;
  userId: string;
  redirectUri: string;
  expiresAt: number;
  used: boolean;
}

/** Instagram's error body for the OAuth endpoints. */
const oauthError = (reply: FastifyReply, message: string, status = 400) =>
  reply.status(status).send({ error_type: 'OAuthException', code: status, error_message: message });

/** The Graph API's error body. */
const graphError = (reply: FastifyReply, message: string, code = 190, status = 400) =>
  reply.status(status).send({ error: { message, type: 'OAuthException', code, fbtrace_id: crypto.randomBytes(8).toString('hex') } });

/** The same username is always the same Instagram account (a 17-digit id, like Instagram's). */
export function localInstagramUserId(username: string): string {
  const n = BigInt('0x' + crypto.createHash('sha256').update(username.toLowerCase()).digest('hex').slice(0, 15));
  return (17_000_000_000_000_000n + (n % 1_000_000_000_000_000n)).toString();
}

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

function field(body: unknown, name: string): string | undefined {
  if (!body || typeof body !== 'object' || !Object.hasOwn(body, name)) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

export function createInstagramLocal(opts: InstagramLocalOptions): InstagramLocal {
  const now = opts.now ?? Date.now;
  const clientId = '1000000000000001';
  const clientSecret = opts.clientSecret;
  const codes = new Map<string, CodeRecord>();
  const tokens = new Map<string, { username: string; userId: string }>();
  const authorizePath = `${INSTAGRAM_LOCAL_PREFIX}/oauth/authorize`;

  const plugin: FastifyPluginAsync = async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const config = { access: 'public' as const };
    // The consent form posts from a page sent with Referrer-Policy: no-referrer (Origin "null"), as on Instagram's site.
    const postConfig = { access: 'public' as const, anyOrigin: true as const };

    /** The authorize request's parameters, or the reason Instagram would show an error page instead. */
    const authorizeParams = (q: unknown): { ok: true; hidden: Record<string, string> } | { ok: false; message: string } => {
      const get = (n: string) => field(q, n) ?? '';
      if (get('client_id') !== clientId) return { ok: false, message: 'Invalid platform app: the client_id is not a known app.' };
      if (get('redirect_uri') !== opts.redirectUri) return { ok: false, message: 'Invalid redirect_uri: it is not one of the app’s registered redirect URIs.' };
      if (get('response_type') !== 'code') return { ok: false, message: 'Invalid response_type: only code is supported.' };
      if (!get('scope').split(/[ ,]/).includes('instagram_business_basic')) return { ok: false, message: 'Invalid scope: instagram_business_basic is required.' };
      return { ok: true, hidden: { client_id: clientId, redirect_uri: opts.redirectUri, response_type: 'code', scope: get('scope'), state: get('state').slice(0, 500) } };
    };

    app.get(authorizePath, { config }, async (request, reply) => {
      const params = authorizeParams(request.query);
      if (!params.ok) return html(reply, 400, messagePage('Instagram error', params.message));
      return html(reply, 200, authorizePage(params.hidden));
    });

    app.post(authorizePath, { config: postConfig }, async (request, reply) => {
      const params = authorizeParams(request.body);
      if (!params.ok) return html(reply, 400, messagePage('Instagram error', params.message));
      const back = new URL(opts.redirectUri);
      if (params.hidden.state) back.searchParams.set('state', params.hidden.state);
      if (field(request.body, 'decision') === 'cancel') {
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_reason', 'user_denied');
        back.searchParams.set('error_description', 'The user denied your request.');
        return reply.redirect(back.toString(), 303);
      }
      const username = (field(request.body, 'username') ?? '').trim().replace(/^@/, '');
      if (!USERNAME.test(username)) return html(reply, 400, authorizePage(params.hidden, { username, alert: 'Enter an Instagram username.' }));
      if (username.toLowerCase() === 'personal_account') {
        // Instagram Login serves professional accounts only: a personal account cannot grant the scope.
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_reason', 'not_professional_account');
        back.searchParams.set('error_description', 'Only Instagram professional accounts can use this app.');
        return reply.redirect(back.toString(), 303);
      }
      const code = crypto.randomBytes(24).toString('base64url');
      codes.set(code, { username, userId: localInstagramUserId(username), redirectUri: opts.redirectUri, expiresAt: now() + CODE_TTL_MS, used: false });
      back.searchParams.set('code', code);
      return reply.redirect(back.toString(), 303);
    });

    app.post(`${INSTAGRAM_LOCAL_PREFIX}/oauth/access_token`, { config: postConfig }, async (request, reply) => {
      const get = (n: string) => field(request.body, n);
      if (get('client_id') !== clientId) return oauthError(reply, 'Invalid platform app');
      if (get('client_secret') !== clientSecret) return oauthError(reply, 'Error validating client secret.');
      if (get('grant_type') !== 'authorization_code') return oauthError(reply, 'Unsupported grant_type');
      const code = get('code') ?? '';
      const record = codes.get(code);
      if (!record || record.expiresAt <= now()) return oauthError(reply, 'Invalid authorization code');
      if (record.used) return oauthError(reply, 'This authorization code has been used');
      // A code is spent by any exchange attempt, as Instagram's are.
      record.used = true;
      if (get('redirect_uri') !== record.redirectUri)
        return oauthError(reply, 'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request');
      if (record.username.toLowerCase() === 'token_fails') return oauthError(reply, 'Error validating verification code.');
      const token = crypto.randomBytes(32).toString('base64url');
      tokens.set(token, { username: record.username, userId: record.userId });
      return { access_token: token, user_id: Number(record.userId), permissions: ['instagram_business_basic'] };
    });

    app.get(`${INSTAGRAM_LOCAL_PREFIX}/me`, { config }, async (request, reply) => {
      const header = request.headers.authorization ?? '';
      const token = header.startsWith('Bearer ') ? header.slice(7) : (field(request.query, 'access_token') ?? '');
      const account = tokens.get(token);
      if (!account) return graphError(reply, 'Invalid OAuth access token - Cannot parse access token');
      if (account.username.toLowerCase() === 'me_fails') return graphError(reply, 'An unexpected error has occurred. Please retry your request later.', 2, 500);
      const fields = (field(request.query, 'fields') ?? 'id').split(',');
      const body: Record<string, string> = { id: account.userId };
      if (fields.includes('user_id')) body.user_id = account.userId;
      if (fields.includes('username')) body.username = account.username;
      return body;
    });
  };

  return {
    clientId,
    clientSecret,
    authorizeUrl: `${opts.publicUrl}${authorizePath}`,
    tokenUrl: `${opts.publicUrl}${INSTAGRAM_LOCAL_PREFIX}/oauth/access_token`,
    meUrl: `${opts.publicUrl}${INSTAGRAM_LOCAL_PREFIX}/me`,
    plugin,
  };
}
