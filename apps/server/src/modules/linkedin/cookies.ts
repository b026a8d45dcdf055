import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LinkedinIntent } from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { appKeyLoader, macMatches, macOf, tokenBytes } from '../../platform/signed-tokens.js';
import type { LinkedinIdentity } from './client.js';

/**
 * Two short-lived signed cookies (decision 034): the OAuth state of a round-trip under way (checked at the callback:
 * a forged or foreign state is refused), and the verified LinkedIn identity between the callback and the application
 * (read by the Apply form to prefill, and by POST /api/applications to link the account). Both are httpOnly.
 */
export const STATE_COOKIE = 'bayclub_linkedin_state';
export const IDENTITY_COOKIE = 'bayclub_linkedin';
const STATE_TTL_S = 10 * 60;
const IDENTITY_TTL_S = 30 * 60;
const MAX_COOKIE_CHARS = 4000;

export function createLinkedinCookies(ctx: Pick<AppContext, 'config' | 'database'>) {
  const key = appKeyLoader(ctx, 'bayclub-linkedin', 'linkedin-cookie-v1');
  const secure = ctx.config.publicUrl.startsWith('https://');

  async function sign(kind: string, payload: object): Promise<string> {
    const body = Buffer.from(JSON.stringify({ k: kind, ...payload }));
    return `${body.toString('base64url')}.${macOf(await key(), body).toString('base64url')}`;
  }

  async function verify<T>(kind: string, value: string | undefined): Promise<T | null> {
    if (!value || value.length > MAX_COOKIE_CHARS) return null;
    const [b, t] = value.split('.');
    const body = b ? tokenBytes(b, MAX_COOKIE_CHARS) : null;
    const tag = t ? tokenBytes(t, 64) : null;
    if (!body || !tag || !macMatches(await key(), body, tag)) return null;
    try {
      const data = JSON.parse(body.toString()) as { k?: string; x?: number };
      if (data.k !== kind || typeof data.x !== 'number' || data.x < Date.now() / 1000) return null;
      return data as T;
    } catch {
      return null;
    }
  }

  const cookie = (name: string, value: string, maxAge: number, path: string) =>
    `${name}=${value}; Path=${path}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

  return {
    /** A fresh state for the authorize URL, and its cookie. */
    async newState(reply: FastifyReply, intent: LinkedinIntent): Promise<string> {
      const state = crypto.randomBytes(24).toString('base64url');
      const value = await sign('state', { s: state, i: intent, x: Math.floor(Date.now() / 1000) + STATE_TTL_S });
      reply.header('set-cookie', cookie(STATE_COOKIE, value, STATE_TTL_S, '/api/linkedin'));
      return state;
    },
    /** The intent of the round-trip whose state this is, or null for a forged, foreign or expired state. Used once. */
    async takeState(request: FastifyRequest, reply: FastifyReply, state: string | undefined): Promise<{ intent: LinkedinIntent } | { intent: LinkedinIntent | null; bad: true }> {
      reply.header('set-cookie', cookie(STATE_COOKIE, '', 0, '/api/linkedin'));
      const data = await verify<{ s: string; i: LinkedinIntent }>('state', readCookie(request, STATE_COOKIE));
      if (!data) return { intent: null, bad: true };
      const a = Buffer.from(data.s);
      const b = Buffer.from(state ?? '');
      if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) return { intent: data.i, bad: true };
      return { intent: data.i };
    },
    async setIdentity(reply: FastifyReply, identity: LinkedinIdentity) {
      const value = await sign('identity', { ...identity, x: Math.floor(Date.now() / 1000) + IDENTITY_TTL_S });
      reply.header('set-cookie', cookie(IDENTITY_COOKIE, value, IDENTITY_TTL_S, '/'));
    },
    async identity(request: FastifyRequest): Promise<LinkedinIdentity | null> {
      const data = await verify<LinkedinIdentity>('identity', readCookie(request, IDENTITY_COOKIE));
      return data ? { sub: data.sub, name: data.name, email: data.email, emailVerified: data.emailVerified, pictureUrl: data.pictureUrl } : null;
    },
    clearIdentity(reply: FastifyReply) {
      reply.header('set-cookie', cookie(IDENTITY_COOKIE, '', 0, '/'));
    },
  };
}

export type LinkedinCookies = ReturnType<typeof createLinkedinCookies>;

function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}
