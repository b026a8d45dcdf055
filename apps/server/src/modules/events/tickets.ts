import crypto from 'node:crypto';
import QRCode from 'qrcode';
import { EVENT_LIMITS, TICKET_CODE_ALPHABET } from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { appKeyLoader, bytesToUuid, deriveAppKey, macMatches, macOf, tokenBytes, uuidBytes } from '../../platform/signed-tokens.js';

/**
 * Tickets (decision 015): the QR carries base64url(registration id (16 bytes) + key version (1 byte) + HMAC-SHA256
 * of those 17 bytes truncated to 16 bytes): 44 characters, a small QR (version 3-4), unlike a JWT. Nothing else is
 * in the token: the door looks the registration up and decides from the database (event, status, used).
 */
const KEY_VERSION = 1;
const ID_BYTES = 16;
const MAC_BYTES = 16;
const TOKEN_BYTES = ID_BYTES + 1 + MAC_BYTES;

/**
 * The ticket key (platform/signed-tokens: HKDF of the app secret with a purpose label). The version byte lets a
 * later key rotation accept old tickets for a while.
 */
export function deriveTicketKey(appSecret: string, version = KEY_VERSION): Buffer {
  return deriveAppKey(appSecret, 'bayclub-event-tickets', `ticket-key-v${version}`);
}

export function signTicket(key: Buffer, registrationId: string): string {
  const id = uuidBytes(registrationId);
  if (!id) throw new Error('registration id is not a uuid');
  const body = Buffer.concat([id, Buffer.from([KEY_VERSION])]);
  return Buffer.concat([body, macOf(key, body, MAC_BYTES)]).toString('base64url');
}

/** The registration id a token was signed for, or null for anything forged, truncated or of an unknown key. */
export function verifyTicket(key: Buffer, token: string): string | null {
  const raw = tokenBytes(token, 64);
  if (!raw || raw.length !== TOKEN_BYTES || raw[ID_BYTES] !== KEY_VERSION) return null;
  if (!macMatches(key, raw.subarray(0, ID_BYTES + 1), raw.subarray(ID_BYTES + 1))) return null;
  return bytesToUuid(raw.subarray(0, ID_BYTES));
}

/** Tickets of this app: the key is derived once per process (the stored secret is read once). */
export function createTicketSigner(ctx: Pick<AppContext, 'config' | 'database'>) {
  const keyOf = appKeyLoader(ctx, 'bayclub-event-tickets', `ticket-key-v${KEY_VERSION}`);
  return {
    sign: async (registrationId: string) => signTicket(await keyOf(), registrationId),
    verify: async (token: string) => verifyTicket(await keyOf(), token),
  };
}
export type TicketSigner = ReturnType<typeof createTicketSigner>;

/**
 * Candidate door codes: 6 characters from TICKET_CODE_ALPHABET, uniformly (crypto.randomInt, no modulo bias).
 * 28^6 is about 481 million codes; the insert takes the first candidate not used at the event (under its lock),
 * so a handful of candidates is plenty.
 */
export function ticketCodeCandidates(count = 6): string[] {
  return Array.from({ length: count }, () =>
    Array.from({ length: EVENT_LIMITS.ticketCodeLength }, () => TICKET_CODE_ALPHABET[crypto.randomInt(TICKET_CODE_ALPHABET.length)]).join(''),
  );
}

/** The QR image of a token: SVG, error correction M, a one-module margin (phones scan it off a screen). */
export function ticketQrSvg(token: string): Promise<string> {
  return QRCode.toString(token, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
}
