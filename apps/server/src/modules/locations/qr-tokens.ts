import { LOCATION_LIMITS } from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { appKeyLoader, bytesToUuid, macMatches, macOf, tokenBytes, uuidBytes } from '../../platform/signed-tokens.js';

/**
 * Place codes (decision 016). A poster's token is base64url of
 *   kind (1 byte: 1 poster) | place id (16) | key version (2, big-endian) | HMAC-SHA256 of those, truncated (16)
 * = 35 bytes, 47 characters; a door screen's adds the 30-second step (4 bytes) after the version: 39 bytes, 52
 * characters. With the check-in page's URL that is about 90 characters: a version 6 QR a phone reads off a wall.
 * The version is the place's qr_key_version: regenerate raises it, so older posters are recognised as revoked
 * (their MAC is still ours) rather than as forgeries.
 */
export type PlaceToken =
  | { kind: 'poster'; locationId: string; keyVersion: number }
  | { kind: 'door'; locationId: string; keyVersion: number; step: number };

const KIND = { poster: 1, door: 2 } as const;
const MAC_BYTES = 16;
const HEAD_BYTES = 1 + 16 + 2;

/** The door screen's step at `now`: a new code every LOCATION_LIMITS.doorTokenStepSeconds. */
export const doorStepAt = (now: Date) => Math.floor(now.getTime() / 1000 / LOCATION_LIMITS.doorTokenStepSeconds);
/** When step `step` stops being current. */
export const doorStepEnds = (step: number) => new Date((step + 1) * LOCATION_LIMITS.doorTokenStepSeconds * 1000);

export function signPlaceToken(key: Buffer, t: PlaceToken): string {
  const id = uuidBytes(t.locationId);
  if (!id) throw new Error('location id is not a uuid');
  const head = Buffer.alloc(HEAD_BYTES + (t.kind === 'door' ? 4 : 0));
  head[0] = KIND[t.kind];
  id.copy(head, 1);
  head.writeUInt16BE(t.keyVersion, 17);
  if (t.kind === 'door') head.writeUInt32BE(t.step, HEAD_BYTES);
  return Buffer.concat([head, macOf(key, head, MAC_BYTES)]).toString('base64url');
}

/** What a token says, or null for anything forged, truncated, malformed or signed with another key. */
export function verifyPlaceToken(key: Buffer, token: string): PlaceToken | null {
  const raw = tokenBytes(token, 80);
  if (!raw || raw.length < HEAD_BYTES + MAC_BYTES) return null;
  const kind = raw[0] === KIND.poster ? 'poster' : raw[0] === KIND.door ? 'door' : null;
  const bodyLength = HEAD_BYTES + (kind === 'door' ? 4 : 0);
  if (!kind || raw.length !== bodyLength + MAC_BYTES) return null;
  const body = raw.subarray(0, bodyLength);
  if (!macMatches(key, body, raw.subarray(bodyLength))) return null;
  const locationId = bytesToUuid(raw.subarray(1, 17));
  const keyVersion = raw.readUInt16BE(17);
  return kind === 'door' ? { kind, locationId, keyVersion, step: raw.readUInt32BE(HEAD_BYTES) } : { kind, locationId, keyVersion };
}

/** The place codes of this app: the key is derived once per process. */
export function createPlaceTokenSigner(ctx: Pick<AppContext, 'config' | 'database'>) {
  const keyOf = appKeyLoader(ctx, 'bayclub-location-codes', 'location-code-key-v1');
  return {
    sign: async (t: PlaceToken) => signPlaceToken(await keyOf(), t),
    verify: async (token: string) => verifyPlaceToken(await keyOf(), token),
  };
}
export type PlaceTokenSigner = ReturnType<typeof createPlaceTokenSigner>;
