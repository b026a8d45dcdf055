import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { LINKEDIN_LOCAL_CLIENT, linkedinLocalEndpoints } from '../../platform/linkedin-local/index.js';

/** LinkedIn's OpenID Connect endpoints (product "Sign In with LinkedIn using OpenID Connect"). */
export const LINKEDIN_ENDPOINTS = {
  authorizationUrl: 'https://www.linkedin.com/oauth/v2/authorization',
  tokenUrl: 'https://www.linkedin.com/oauth/v2/accessToken',
  userinfoUrl: 'https://api.linkedin.com/v2/userinfo',
} as const;
export const LINKEDIN_SCOPE = 'openid profile email';
export const LINKEDIN_CALLBACK_PATH = '/api/linkedin/callback';

const tokenSchema = z.object({ access_token: z.string().min(1).max(4096) });
const userinfoSchema = z.object({
  sub: z.string().min(1).max(255),
  name: z.string().max(300).optional(),
  given_name: z.string().max(200).optional(),
  family_name: z.string().max(200).optional(),
  email: z.string().max(254).optional(),
  email_verified: z.boolean().optional(),
  picture: z.string().max(2048).optional(),
});

export interface LinkedinIdentity {
  sub: string;
  name: string;
  email: string | null;
  emailVerified: boolean;
  pictureUrl: string | null;
}

export class LinkedinRefused extends Error {}

type Transport = (req: { url: string; method: 'GET' | 'POST'; headers: Record<string, string>; body?: string }) => Promise<{ status: number; body: unknown }>;

/**
 * The app's LinkedIn client: the real endpoints with LINKEDIN_CLIENT_ID / SECRET, otherwise the local double on the
 * app's own server (reached through app.inject, so the server needs no network and no port to call itself).
 */
export function createLinkedinClient(config: Config, app: FastifyInstance) {
  const real = !!config.LINKEDIN_CLIENT_ID;
  const endpoints = real ? LINKEDIN_ENDPOINTS : linkedinLocalEndpoints(config.publicUrl);
  const clientId = config.LINKEDIN_CLIENT_ID ?? LINKEDIN_LOCAL_CLIENT.id;
  const clientSecret = config.LINKEDIN_CLIENT_SECRET ?? LINKEDIN_LOCAL_CLIENT.secret;
  const redirectUri = `${config.publicUrl}${LINKEDIN_CALLBACK_PATH}`;

  const transport: Transport = real
    ? async ({ url, method, headers, body }) => {
        const res = await fetch(url, { method, headers, body, redirect: 'error', signal: AbortSignal.timeout(10_000) });
        const text = (await res.text()).slice(0, 64 * 1024);
        return { status: res.status, body: parseJson(text) };
      }
    : async ({ url, method, headers, body }) => {
        const u = new URL(url);
        const res = await app.inject({ method, url: u.pathname + u.search, headers, payload: body });
        return { status: res.statusCode, body: parseJson(res.body) };
      };

  return {
    mode: real ? ('linkedin' as const) : ('local' as const),
    redirectUri,
    authorizeUrl(state: string): string {
      const url = new URL(endpoints.authorizationUrl);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      url.searchParams.set('scope', LINKEDIN_SCOPE);
      return url.toString();
    },
    /** Trade the code for a token and read the member's OpenID userinfo; LinkedinRefused when LinkedIn says no. */
    async identify(code: string): Promise<LinkedinIdentity> {
      const token = await transport({
        url: endpoints.tokenUrl,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, client_id: clientId, client_secret: clientSecret, redirect_uri: redirectUri }).toString(),
      });
      const parsedToken = tokenSchema.safeParse(token.body);
      if (token.status !== 200 || !parsedToken.success) throw new LinkedinRefused(`token endpoint answered ${token.status}`);
      const info = await transport({
        url: endpoints.userinfoUrl,
        method: 'GET',
        headers: { authorization: `Bearer ${parsedToken.data.access_token}`, accept: 'application/json' },
      });
      const parsed = userinfoSchema.safeParse(info.body);
      if (info.status !== 200 || !parsed.success) throw new LinkedinRefused(`userinfo answered ${info.status}`);
      const u = parsed.data;
      const email = u.email && /^[^\s@]+@[^\s@]+$/.test(u.email) ? u.email.trim().toLowerCase() : null;
      const name = (u.name ?? [u.given_name, u.family_name].filter(Boolean).join(' ')).trim().slice(0, 100);
      const picture = u.picture && /^https?:\/\//.test(u.picture) ? u.picture : null;
      return { sub: u.sub, name, email, emailVerified: !!email && u.email_verified === true, pictureUrl: picture };
    },
  };
}

export type LinkedinClient = ReturnType<typeof createLinkedinClient>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
