import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import zlib from 'node:zlib';
import type { Readable } from 'node:stream';
import { guardedLookup, isForbiddenAddress, type GuardOptions } from './net-guard.js';

/**
 * GET a URL on a member's behalf without letting them aim the server at itself or its network.
 * node:http/https directly (global fetch cannot pin the connection to the address it checked):
 * every hop's host goes through the net guard, literal IPs are checked here because Node skips
 * `lookup` for them, and one deadline covers connect, headers and body across all redirects.
 */

export const SAFE_FETCH_USER_AGENT = 'BayClubLinkPreview/1.0';

export interface SafeFetchOptions extends GuardOptions {
  /** One deadline for the whole fetch: every connect, header wait and body read, redirects included. */
  timeoutMs: number;
  /** Bytes of (decoded) body kept; the rest is not read and `truncated` is set. */
  maxBytes: number;
  maxRedirects: number;
  accept?: string;
  /** Ports a target may use when allowPrivate is off (tests pass their server's port). Default 80 and 443. */
  allowedPorts?: readonly number[];
}

export interface SafeFetchResult {
  /** The URL of the response, after redirects. */
  url: string;
  status: number;
  contentType: string | null;
  body: Buffer;
  truncated: boolean;
}

export type SafeFetchErrorCode =
  | 'INVALID_URL'
  | 'UNSUPPORTED_PROTOCOL'
  | 'CREDENTIALS_IN_URL'
  | 'FORBIDDEN_PORT'
  | 'FORBIDDEN_ADDRESS'
  | 'TOO_MANY_REDIRECTS'
  | 'BAD_REDIRECT'
  | 'UNSUPPORTED_ENCODING'
  | 'TIMEOUT'
  | 'NETWORK';

export class SafeFetchError extends Error {
  constructor(
    readonly code: SafeFetchErrorCode,
    message: string,
    /** The URL of the hop that failed. */
    readonly url: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SafeFetchError';
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const DEFAULT_PORTS = [80, 443] as const;

/** Refuse what can be refused before any connection: scheme, credentials, port and literal IPs. */
function checkTarget(raw: string, opts: SafeFetchOptions): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch (err) {
    throw new SafeFetchError('INVALID_URL', 'Not a valid URL', raw, { cause: err });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError('UNSUPPORTED_PROTOCOL', `Only http and https URLs are fetched, not ${url.protocol}`, raw);
  }
  if (url.username || url.password) {
    throw new SafeFetchError('CREDENTIALS_IN_URL', 'URLs with credentials are not fetched', raw);
  }
  // new URL() has already turned 2130706433, 0x7f.1 and 0177.0.0.1 into dotted IPv4.
  const host = hostOf(url);
  const isForbidden = opts.isForbidden ?? isForbiddenAddress;
  if (net.isIP(host) && !opts.allowPrivate && isForbidden(host)) {
    throw new SafeFetchError('FORBIDDEN_ADDRESS', `${host} is not a public address`, raw);
  }
  const port = portOf(url);
  if (!opts.allowPrivate && !(opts.allowedPorts ?? DEFAULT_PORTS).includes(port)) {
    throw new SafeFetchError('FORBIDDEN_PORT', `Port ${port} is not fetched`, raw);
  }
  return url;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');
const portOf = (url: URL) => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/** Undo a Content-Encoding the server sent although we asked for identity; output stays capped by the reader. */
function decoded(res: http.IncomingMessage, url: string): Readable {
  const encoding = (res.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  switch (encoding) {
    case '':
    case 'identity':
      return res;
    case 'gzip':
    case 'x-gzip':
      return res.pipe(zlib.createGunzip());
    case 'deflate':
      return res.pipe(zlib.createInflate());
    case 'br':
      return res.pipe(zlib.createBrotliDecompress());
    default:
      throw new SafeFetchError('UNSUPPORTED_ENCODING', `Content-Encoding ${encoding} is not supported`, url);
  }
}

type Hop = { kind: 'redirect'; location: string } | { kind: 'done'; result: SafeFetchResult };

/** One request; `track` hands its failure switch to the overall deadline, which stops whichever hop is in flight. */
function requestOnce(url: URL, opts: SafeFetchOptions, track: (stop: (err: Error) => void) => void): Promise<Hop> {
  const href = url.toString();
  return new Promise<Hop>((resolve, reject) => {
    let settled = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      req.destroy();
      reject(toSafeError(err, href));
    };
    const transport = url.protocol === 'https:' ? https : http;
    const req = transport.request({
      protocol: url.protocol,
      host: hostOf(url),
      port: portOf(url),
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      // A fresh connection per hop: nothing pooled from another host, and the lookup below always runs.
      agent: false,
      lookup: guardedLookup(opts),
      headers: {
        'user-agent': SAFE_FETCH_USER_AGENT,
        accept: opts.accept ?? '*/*',
        // Asked so a compressed bomb is not the norm; a server that compresses anyway is decoded under the same cap.
        'accept-encoding': 'identity',
        connection: 'close',
      },
    });
    track(fail);
    req.on('error', fail);
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      if (REDIRECTS.has(status)) {
        res.resume();
        const location = res.headers.location;
        if (!location) return fail(new SafeFetchError('BAD_REDIRECT', `Redirect ${status} without a Location`, href));
        settled = true;
        req.destroy();
        return resolve({ kind: 'redirect', location });
      }
      let body: Readable;
      try {
        body = decoded(res, href);
      } catch (err) {
        return fail(err);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      const finish = () => {
        if (settled) return;
        settled = true;
        req.destroy();
        resolve({
          kind: 'done',
          result: { url: href, status, contentType: res.headers['content-type'] ?? null, body: Buffer.concat(chunks, size), truncated },
        });
      };
      body.on('data', (chunk: Buffer) => {
        if (settled) return;
        const room = opts.maxBytes - size;
        if (chunk.length > room) {
          chunks.push(chunk.subarray(0, room));
          size += room;
          truncated = true;
          return finish(); // stop reading: the rest is never downloaded or inflated
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      body.on('end', finish);
      body.on('error', fail);
      res.on('error', fail);
      res.on('close', () => {
        if (!res.complete) fail(new SafeFetchError('NETWORK', 'The connection closed before the body ended', href));
      });
    });
    req.end();
  });
}

function toSafeError(err: unknown, url: string): SafeFetchError {
  if (err instanceof SafeFetchError) return err;
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ERR_FORBIDDEN_ADDRESS') {
    return new SafeFetchError('FORBIDDEN_ADDRESS', (err as Error).message, url, { cause: err });
  }
  const reason = err instanceof Error ? err.message : String(err);
  return new SafeFetchError('NETWORK', `Fetch failed: ${reason}`, url, { cause: err });
}

/** GET `url` through the net guard; resolves with the (possibly truncated) body or rejects with a SafeFetchError. */
export async function safeFetch(url: string, opts: SafeFetchOptions): Promise<SafeFetchResult> {
  let stop: ((err: Error) => void) | null = null;
  let timedOut = false;
  let current = url;
  const timer = setTimeout(() => {
    timedOut = true;
    stop?.(new SafeFetchError('TIMEOUT', `No complete answer within ${opts.timeoutMs} ms`, current));
  }, opts.timeoutMs);
  try {
    for (let redirects = 0; ; redirects++) {
      const target = checkTarget(current, opts);
      current = target.toString();
      if (timedOut) throw new SafeFetchError('TIMEOUT', `No complete answer within ${opts.timeoutMs} ms`, current);
      const hop = await requestOnce(target, opts, (fn) => (stop = fn));
      if (hop.kind === 'done') return hop.result;
      if (redirects >= opts.maxRedirects) {
        throw new SafeFetchError('TOO_MANY_REDIRECTS', `More than ${opts.maxRedirects} redirects`, current);
      }
      try {
        current = new URL(hop.location, target).toString();
      } catch (err) {
        throw new SafeFetchError('BAD_REDIRECT', 'Redirect to an invalid URL', current, { cause: err });
      }
    }
  } finally {
    clearTimeout(timer);
  }
}
