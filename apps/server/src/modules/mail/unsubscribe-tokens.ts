import type { MailType } from '@bayclub/shared';
import { bytesToUuid, macMatches, macOf, tokenBytes, uuidBytes } from '../../platform/signed-tokens.js';

/**
 * The unsubscribe token of a mail: the member's id and the mail type, and an HMAC of both (16 bytes), in base64url
 * (44 characters). It never expires: a link in a mail from last year still turns that mail off, as RFC 8058 expects.
 * It names a member by id only, so it says nothing about any address.
 */
const PAYLOAD = 17;
const MAC = 16;

/**
 * The byte each mail type is written as. Fixed here, not a position in MAIL_TYPES: tokens never expire, and a
 * reordered list would turn last year's "stop reminders" link into "stop the digest". A new type takes a new byte.
 */
const TYPE_CODES: Record<MailType, number> = { approval: 0, reminders: 1, waitlist: 2, digest: 3 };
const TYPE_OF_CODE = new Map(Object.entries(TYPE_CODES).map(([type, code]) => [code, type as MailType]));

export function unsubscribeToken(key: Buffer, userId: string, type: MailType): string {
  const payload = Buffer.concat([uuidBytes(userId)!, Buffer.from([TYPE_CODES[type]])]);
  return Buffer.concat([payload, macOf(key, payload, MAC)]).toString('base64url');
}

/** The member and type a token names, or null when it is not one this app signed. */
export function readUnsubscribeToken(key: Buffer, token: string): { userId: string; type: MailType } | null {
  const bytes = tokenBytes(token, 64);
  if (!bytes || bytes.length !== PAYLOAD + MAC) return null;
  const payload = bytes.subarray(0, PAYLOAD);
  if (!macMatches(key, payload, bytes.subarray(PAYLOAD))) return null;
  const type = TYPE_OF_CODE.get(payload[16]!);
  return type ? { userId: bytesToUuid(payload.subarray(0, 16)), type } : null;
}
