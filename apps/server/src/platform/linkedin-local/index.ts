// A local double of LinkedIn's "Sign In with LinkedIn using OpenID Connect" (decision 034): when no
// LINKEDIN_CLIENT_ID is set, the app's own server serves, under /linkedin-local/, what LinkedIn serves for that
// product: the authorize page (here a small form: name, email, Allow / Cancel), the token endpoint and userinfo.
// The app's LinkedIn client talks to it with the same requests it sends LinkedIn, and it refuses what LinkedIn
// refuses: an unknown client, a wrong secret or redirect_uri, an unknown, expired or reused code, a bad token.
import crypto from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { authorizePage, messagePage } from './html.js';

/** The double's one registered app: the client id and secret the app uses when no real ones are configured. */
export const LINKEDIN_LOCAL_CLIENT = { id: 'bayclub-local-linkedin', secret: 'linkedin-local-secret' } as const;
export const LINKEDIN_LOCAL_PREFIX = '/linkedin-local';

/** LinkedIn's endpoints, at the double's paths (the same shape as https://www.linkedin.com/oauth/v2/...). */
export function linkedinLocalEndpoints(publicUrl: string) {
  const base = `${publicUrl}${LINKEDIN_LOCAL_PREFIX}`;
  return {
    authorizationUrl: `${base}/oauth/v2/authorization`,
    tokenUrl: `${base}/oauth/v2/accessToken`,
    userinfoUrl: `${base}/v2/userinfo`,
  };
}

/** LinkedIn's codes live 30 minutes; the double's 10 (shorter is what a client must cope with anyway). */
const CODE_TTL_MS = 10 * 60_000;
const TOKEN_TTL_MS = 60 * 60_000;
const FORM_BODY_LIMIT = 8 * 1024;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,}$/;

interface Person {
  sub: string;
  name: string;
  email: string;
}

export interface LinkedinLocalOptions {
  publicUrl: string;
  /** The redirect URLs registered for the app (LinkedIn compares them exactly). */
  redirectUris: string[];
  now?: () => number;
}

/** The same person (email) gets the same `sub` every time, as on LinkedIn. */
const subOf = (email: string) => crypto.createHash('sha256').update(`linkedin-local:${email.toLowerCase()}`).digest('base64url').slice(0, 10);

export function linkedinLocal(opts: LinkedinLocalOptions): FastifyPluginAsync {
  const now = opts.now ?? Date.now;
  const codes = new Map<string, { person: Person; redirectUri: string; expiresAt: number; used: boolean }>();
  const tokens = new Map<string, { person: Person; expiresAt: number }>();
  const sweep = () => {
    const t = now();
    for (const [k, v] of codes) if (v.expiresAt < t - CODE_TTL_MS) codes.delete(k);
    for (const [k, v] of tokens) if (v.expiresAt < t) tokens.delete(k);
  };

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
  const oauthError = (reply: FastifyReply, status: number, error: string, description: string) =>
    reply.status(status).header('cache-control', 'no-store').send({ error, error_description: description });

  /** The authorize request's parameters, or the reason LinkedIn would show an error page instead of redirecting. */
  function authorizeParams(source: Record<string, unknown>) {
    const get = (k: string) => (typeof source[k] === 'string' ? (source[k] as string) : '');
    const p = {
      responseType: get('response_type'),
      clientId: get('client_id'),
      redirectUri: get('redirect_uri'),
      state: get('state'),
      scope: get('scope'),
    };
    if (p.clientId !== LINKEDIN_LOCAL_CLIENT.id) return { error: 'The application is not known (client_id).' } as const;
    if (!opts.redirectUris.includes(p.redirectUri)) return { error: 'The redirect_uri does not match the registered value.' } as const;
    if (p.responseType !== 'code') return { error: 'response_type must be code.' } as const;
    const scopes = p.scope.split(/[ ,]+/).filter(Boolean);
    if (!scopes.includes('openid')) return { error: 'The openid scope is required.' } as const;
    if (p.state.length > 500) return { error: 'The state is too long.' } as const;
    return { params: p } as const;
  }

  const back = (redirectUri: string, query: Record<string, string>) => {
    const url = new URL(redirectUri);
    for (const [k, v] of Object.entries(query)) if (v) url.searchParams.set(k, v);
    return url.toString();
  };

  return async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    app.get(`${LINKEDIN_LOCAL_PREFIX}/oauth/v2/authorization`, async (request, reply) => {
      const checked = authorizeParams((request.query ?? {}) as Record<string, unknown>);
      if ('error' in checked) return html(reply, 400, messagePage('LinkedIn cannot continue', checked.error!));
      return html(reply, 200, authorizePage(checked.params));
    });

    // LinkedIn's own site: its form posts are not the app's mutations (the page's no-referrer policy makes the browser
    // send `Origin: null`), so the app's CSRF Origin check does not apply to the double's two POST endpoints.
    const foreignSite = { config: { anyOrigin: true as const } };

    app.post(`${LINKEDIN_LOCAL_PREFIX}/oauth/v2/authorization`, foreignSite, async (request, reply) => {
      const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
      const checked = authorizeParams(body);
      if ('error' in checked) return html(reply, 400, messagePage('LinkedIn cannot continue', checked.error!));
      const p = checked.params;
      if (body.action === 'cancel') {
        return reply.redirect(
          back(p.redirectUri, { error: 'user_cancelled_authorize', error_description: 'The user cancelled the authorization', state: p.state }),
          303,
        );
      }
      const name = typeof body.name === 'string' ? body.name.trim().slice(0, 100) : '';
      const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
      if (!name || !EMAIL.test(email) || email.length > 254) {
        return html(reply, 400, authorizePage(p, { name, email, alert: 'Enter a name and a valid email address.' }));
      }
      sweep();
      const code = crypto.randomBytes(24).toString('base64url');
      codes.set(code, { person: { sub: subOf(email), name, email }, redirectUri: p.redirectUri, expiresAt: now() + CODE_TTL_MS, used: false });
      return reply.redirect(back(p.redirectUri, { code, state: p.state }), 303);
    });

    app.post(`${LINKEDIN_LOCAL_PREFIX}/oauth/v2/accessToken`, foreignSite, async (request, reply) => {
      const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
      const get = (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : '');
      if (get('grant_type') !== 'authorization_code') return oauthError(reply, 400, 'unsupported_grant_type', 'grant_type must be authorization_code');
      if (get('client_id') !== LINKEDIN_LOCAL_CLIENT.id || get('client_secret') !== LINKEDIN_LOCAL_CLIENT.secret) {
        return oauthError(reply, 401, 'invalid_client', 'Client authentication failed');
      }
      const entry = codes.get(get('code'));
      if (!entry || entry.expiresAt < now()) return oauthError(reply, 400, 'invalid_request', 'The authorization code is invalid or expired');
      if (entry.used) {
        // A replayed code: refused, and (as OAuth 2.1 advises) the tokens it gave are revoked.
        for (const [k, v] of tokens) if (v.person === entry.person) tokens.delete(k);
        return oauthError(reply, 400, 'invalid_request', 'The authorization code has already been used');
      }
      if (get('redirect_uri') !== entry.redirectUri) return oauthError(reply, 400, 'invalid_request', 'The redirect_uri does not match the authorization request');
      entry.used = true;
      const token = crypto.randomBytes(32).toString('base64url');
      tokens.set(token, { person: entry.person, expiresAt: now() + TOKEN_TTL_MS });
      return reply.header('cache-control', 'no-store').send({
        access_token: token,
        expires_in: TOKEN_TTL_MS / 1000,
        scope: 'openid,profile,email',
        token_type: 'Bearer',
      });
    });

    app.get(`${LINKEDIN_LOCAL_PREFIX}/v2/userinfo`, async (request, reply) => {
      const auth = request.headers.authorization ?? '';
      const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
      const entry = tokens.get(token);
      if (!entry || entry.expiresAt < now()) {
        return reply.status(401).send({ serviceErrorCode: 65600, message: 'Invalid access token', status: 401 });
      }
      const { sub, name, email } = entry.person;
      const [given, ...family] = name.split(' ');
      return {
        sub,
        name,
        given_name: given,
        family_name: family.join(' '),
        picture: `${opts.publicUrl}${LINKEDIN_LOCAL_PREFIX}/picture/${encodeURIComponent(sub)}.svg`,
        locale: { country: 'US', language: 'en' },
        email,
        email_verified: true,
      };
    });

    // The profile picture userinfo points at: an initial on a colour, so the Apply form has something to show.
    app.get<{ Params: { sub: string } }>(`${LINKEDIN_LOCAL_PREFIX}/picture/:sub`, async (request, reply) => {
      const sub = request.params.sub.replace(/\.svg$/, '');
      if (!/^[A-Za-z0-9_-]{1,20}$/.test(sub)) return reply.status(404).send();
      const hue = parseInt(crypto.createHash('sha256').update(sub).digest('hex').slice(0, 4), 16) % 360;
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(
          `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160"><rect width="160" height="160" fill="hsl(${hue},45%,35%)"/><text x="80" y="100" font-family="sans-serif" font-size="64" fill="#fff" text-anchor="middle">in</text></svg>`,
        );
    });
  };
}
