import crypto from 'node:crypto';
import { z } from 'zod';

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The payload fields we read; Meta adds others (issued_at, expires, ...). */
const payloadSchema = z.object({
  algorithm: z.string().refine((a) => a.toUpperCase() === 'HMAC-SHA256'),
  user_id: z.union([z.string().regex(/^[0-9A-Za-z_-]{1,64}$/), z.number().int().nonnegative()]).transform(String),
});

/**
 * Meta's `signed_request`: `<signature>.<payload>`, both base64url; the signature is HMAC-SHA256 of the payload's
 * base64url text with the app secret, and the payload says which algorithm signed it. Compared in constant time.
 * Returns the Instagram user id, or null for anything forged, malformed or signed otherwise.
 */
export function verifySignedRequest(signedRequest: string, secret: string): { userId: string } | null {
  const parts = signedRequest.split('.');
  if (parts.length !== 2) return null;
  const [sig, payload] = parts as [string, string];
  if (!BASE64URL.test(sig) || !BASE64URL.test(payload)) return null;
  const expected = crypto.createHmac('sha256', secret).update(payload).digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = payloadSchema.safeParse(json);
  return parsed.success ? { userId: parsed.data.user_id } : null;
}

/** Sign a payload as Meta does (the tests and the local Instagram double). */
export function signRequest(payload: Record<string, unknown>, secret: string): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const sig = crypto.createHmac('sha256', secret).update(body).digest('base64url');
  return `${sig}.${body}`;
}
