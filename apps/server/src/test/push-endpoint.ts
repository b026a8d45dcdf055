import crypto from 'node:crypto';
import https from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local push service for tests: an HTTPS server on 127.0.0.1 (web-push only speaks HTTPS) with a certificate
 * made at test time, recording every request and answering the status a test asks for. Plus the browser's side
 * of RFC 8291: subscriber keys and the aes128gcm decryption, so a test can prove a push was really encrypted.
 */

// ---------------------------------------------------------------------------------------------
// A self-signed certificate from node:crypto alone: a few DER encoders are all X.509 needs here.

function derLength(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
const tlv = (tag: number, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), derLength(body.length), body]);
};
const seq = (...items: Buffer[]) => tlv(0x30, ...items);
const set = (...items: Buffer[]) => tlv(0x31, ...items);
const int = (bytes: Buffer) => tlv(0x02, bytes[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
const utf8 = (s: string) => tlv(0x0c, Buffer.from(s, 'utf8'));
const octets = (b: Buffer) => tlv(0x04, b);
const bits = (b: Buffer) => tlv(0x03, Buffer.from([0]), b);
const utcTime = (d: Date) => tlv(0x17, Buffer.from(`${d.toISOString().slice(2, 19).replace(/[-T:]/g, '')}Z`, 'ascii'));
function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const out = [a! * 40 + b!];
  for (const n of rest) {
    const chunk = [n & 0x7f];
    for (let v = n >>> 7; v > 0; v >>>= 7) chunk.unshift(0x80 | (v & 0x7f));
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
}

/**
 * A random positive serial with no leading zero byte: DER wants the shortest form, and 0x00 before a byte under 0x80
 * is refused as "illegal padding" (it came up once in 512 certificates and failed a CI run).
 */
function serialNumber(): Buffer {
  const serial = crypto.randomBytes(8);
  serial[0] = (serial[0]! & 0x7f) | 0x01;
  return serial;
}

/** A P-256 key and a self-signed certificate for 127.0.0.1 and localhost, valid for a day. */
export function selfSignedCertificate(commonName = 'bayclub push test'): { key: string; cert: string } {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const ecdsaWithSha256 = seq(oid('1.2.840.10045.4.3.2'));
  const name = seq(set(seq(oid('2.5.4.3'), utf8(commonName))));
  const now = Date.now();
  const subjectAltName = seq(
    tlv(0x82, Buffer.from('localhost', 'ascii')), // dNSName
    tlv(0x87, Buffer.from([127, 0, 0, 1])), // iPAddress
  );
  const tbs = seq(
    tlv(0xa0, int(Buffer.from([2]))), // version 3
    int(serialNumber()),
    ecdsaWithSha256,
    name,
    seq(utcTime(new Date(now - 60_000)), utcTime(new Date(now + 24 * 3600_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    tlv(0xa3, seq(seq(oid('2.5.29.17'), octets(subjectAltName)))),
  );
  const signature = crypto.sign('sha256', tbs, privateKey); // DER-encoded ECDSA, as X.509 wants
  const der = seq(tbs, ecdsaWithSha256, bits(signature));
  const cert = `-----BEGIN CERTIFICATE-----\n${der.toString('base64').match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
  return { key: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string, cert };
}

// ---------------------------------------------------------------------------------------------
// The push service double.

export interface RecordedPush {
  method: string;
  /** Path and query of the endpoint URL. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PushEndpointDouble {
  /** https://127.0.0.1:PORT */
  origin: string;
  /** The certificate to trust (PEM). */
  ca: string;
  /** Every request received, in order. */
  requests: RecordedPush[];
  /** A fresh endpoint URL on this server (a random path, as real push services hand out). */
  endpoint(): string;
  /** Answer requests to this endpoint with `status` from now on (default 201). */
  respond(endpointUrl: string, status: number): void;
  /** Hold every answer this long (to observe how many sends are in flight at once). */
  delay(ms: number): void;
  /** The most requests that were open at the same time. */
  maxInFlight(): number;
  close(): Promise<void>;
}

export async function startPushEndpoint(): Promise<PushEndpointDouble> {
  const { key, cert } = selfSignedCertificate();
  const requests: RecordedPush[] = [];
  const statuses = new Map<string, number>();
  let delayMs = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const server = https.createServer({ key, cert }, (req, res) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      requests.push({ method: req.method ?? '', path, headers: req.headers, body: Buffer.concat(chunks) });
      setTimeout(() => {
        inFlight -= 1;
        res.statusCode = statuses.get(path) ?? 201;
        res.end();
      }, delayMs);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    ca: cert,
    requests,
    endpoint: () => `${origin}/push/${crypto.randomBytes(12).toString('base64url')}`,
    respond: (endpointUrl, status) => void statuses.set(new URL(endpointUrl).pathname, status),
    delay: (ms) => void (delayMs = ms),
    maxInFlight: () => maxInFlight,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// The browser's side: a subscription's keys, and reading what the push service delivers.

export interface TestSubscriber {
  /** `subscription.toJSON().keys` as a browser would send it. */
  keys: { p256dh: string; auth: string };
  /** Decrypt an aes128gcm push body (RFC 8188 framing, RFC 8291 keys) to its plaintext. */
  decrypt(body: Buffer): string;
}

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number) =>
  Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, length));

/** A user agent's P-256 key pair and 16-byte auth secret, generated here. */
export function createTestSubscriber(): TestSubscriber {
  const ecdh = crypto.createECDH('prime256v1');
  const uaPublic = ecdh.generateKeys();
  const authSecret = crypto.randomBytes(16);
  return {
    keys: { p256dh: uaPublic.toString('base64url'), auth: authSecret.toString('base64url') },
    decrypt(body) {
      // Header (RFC 8188 section 2.1): salt(16) | rs(4) | idlen(1) | keyid; RFC 8291 puts the sender's key in keyid.
      const salt = body.subarray(0, 16);
      const recordSize = body.readUInt32BE(16);
      const idlen = body[20]!;
      const asPublic = body.subarray(21, 21 + idlen);
      const record = body.subarray(21 + idlen);
      if (idlen !== 65) throw new Error(`keyid is ${idlen} bytes, not an uncompressed P-256 point`);
      if (record.length > recordSize) throw new Error('more than one record');
      // RFC 8291 section 3.3/3.4: IKM from the ECDH secret and the auth secret, then CEK and nonce from the salt.
      const ecdhSecret = ecdh.computeSecret(asPublic);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0', 'ascii'), uaPublic, asPublic]);
      const ikm = hkdf(ecdhSecret, authSecret, keyInfo, 32);
      const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0', 'ascii'), 16);
      const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0', 'ascii'), 12);
      const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 0x02 followed by zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end -= 1;
      if (padded[end] !== 0x02) throw new Error('missing last-record delimiter');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

/**
 * Check a `vapid t=JWT, k=KEY` Authorization header (RFC 8292): ES256 signature by `k`, and return the claims.
 * Throws when the header is malformed or the signature does not verify.
 */
export function verifyVapid(authorization: string | undefined): { key: string; claims: { aud: string; exp: number; sub: string } } {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!m) throw new Error(`not a vapid Authorization header: ${authorization}`);
  const [header, payload, signature] = m[1]!.split('.') as [string, string, string];
  const point = Buffer.from(m[2]!, 'base64url');
  const publicKey = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const jose = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg: string };
  if (jose.alg !== 'ES256') throw new Error(`alg ${jose.alg}`);
  const ok = crypto.verify(
    'sha256',
    Buffer.from(`${header}.${payload}`, 'ascii'),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  return { key: m[2]!, claims: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) };
}
