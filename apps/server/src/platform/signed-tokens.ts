import crypto from 'node:crypto';
import type { AppContext } from '../app-context.js';
import { getOrCreateSecret } from './secrets.js';

/**
 * Small signed tokens for QR codes (event tickets, place posters and door screens): a compact binary payload plus
 * a truncated HMAC-SHA256, in base64url. Far smaller than a JWT, so the QR stays a low version that phones read
 * off a wall or a screen at a glance.
 */

/**
 * A key for one purpose, derived from the app's secret (the one better-auth signs sessions with) with HKDF: a
 * leaked key of one purpose signs nothing else, and a new app secret retires every token at once.
 */
export function deriveAppKey(appSecret: string, salt: string, info: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', appSecret, salt, info, 32));
}

/** The key of a purpose for this app, derived once per process (the stored secret is read once, lazily). */
export function appKeyLoader(ctx: Pick<AppContext, 'config' | 'database'>, salt: string, info: string): () => Promise<Buffer> {
  let key: Promise<Buffer> | null = null;
  return () =>
    (key ??= (async () =>
      deriveAppKey(ctx.config.BETTER_AUTH_SECRET ?? (await getOrCreateSecret(ctx.database.db, 'better_auth_secret')), salt, info))().catch((err) => {
      key = null;
      throw err;
    }));
}

/** HMAC-SHA256 of `body`, truncated to `bytes` (16 bytes: forging one takes 2^128 tries). */
export const macOf = (key: Buffer, body: Buffer, bytes = 16) => crypto.createHmac('sha256', key).update(body).digest().subarray(0, bytes);

/** Whether `tag` is the MAC of `body`, compared in constant time. */
export function macMatches(key: Buffer, body: Buffer, tag: Buffer): boolean {
  const expected = macOf(key, body, tag.length);
  return tag.length > 0 && crypto.timingSafeEqual(expected, tag);
}

/** The token's bytes, or null when it is not plain base64url of at most `maxChars`. */
export function tokenBytes(token: string, maxChars: number): Buffer | null {
  if (token.length > maxChars || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
  return Buffer.from(token, 'base64url');
}

export function uuidBytes(id: string): Buffer | null {
  const hex = id.replace(/-/g, '');
  return /^[0-9a-f]{32}$/i.test(hex) ? Buffer.from(hex, 'hex') : null;
}

export function bytesToUuid(b: Buffer): string {
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
