import { MAIL_TYPES, type MailType } from '@bayclub/shared';
import { bytesToUuid, macMatches, macOf, tokenBytes, uuidBytes } from '../../platform/signed-tokens.js';

/**
 * The unsubscribe token of a mail: the member's id and the mail type, and an HMAC of both (16 bytes), in base64url
 * (44 characters). It never expires: a link in a mail from last year still turns that mail off, as RFC 8058 expects.
 * It names a member by id only, so it says nothing about any address.
 */
const PAYLOAD = 17;
const MAC = 16;

export function unsubscribeToken(key: Buffer, userId: string, type: MailType): string {
  const payload = Buffer.concat([uuidBytes(userId)!, Buffer.from([MAIL_TYPES.indexOf(type)])]);
  return Buffer.concat([payload, macOf(key, payload, MAC)]).toString('base64url');
}

/** The member and type a token names, or null when it is not one this app signed. */
export function readUnsubscribeToken(key: Buffer, token: string): { userId: string; type: MailType } | null {
  const bytes = tokenBytes(token, 64);
  if (!bytes || bytes.length !== PAYLOAD + MAC) return null;
  const payload = bytes.subarray(0, PAYLOAD);
  if (!macMatches(key, payload, bytes.subarray(PAYLOAD))) return null;
  const type = MAIL_TYPES[payload[16]!];
  return type ? { userId: bytesToUuid(payload.subarray(0, 16)), type } : null;
}
