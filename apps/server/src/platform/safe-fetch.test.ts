import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isForbiddenAddress, type Resolver } from './net-guard.js';
import { SAFE_FETCH_USER_AGENT, safeFetch, type SafeFetchOptions } from './safe-fetch.js';

/*
 * Two loopback servers. In most tests 127.0.0.1 plays a public site (an injected classifier calls
 * it public) while 127.0.0.2 stays forbidden as the "internal" target. So every refusal below runs
 * with allowPrivate off, and the internal server's hit counter proves nothing got through: if a
 * check were skipped, the request would really arrive there and succeed.
 */
const PUBLIC_IP = '127.0.0.1';
const INTERNAL_IP = '127.0.0.2';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
function startServer(host: string, handler: Handler) {
  const state = { hits: [] as http.IncomingMessage[], port: 0, server: http.createServer((req, res) => (state.hits.push(req), handler(req, res))) };
  return new Promise<typeof state>((resolve) => state.server.listen(0, host, () => ((state.port = (state.server.address() as AddressInfo).port), resolve(state))));
}

let pub: Awaited<ReturnType<typeof startServer>>;
let internal: Awaited<ReturnType<typeof startServer>>;

const routes: Record<string, Handler> = {
  '/page': (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<title>Hello</title>'),
  '/headers': (req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(req.headers)),
  '/set-cookie': (_req, res) => res.writeHead(302, { location: '/headers', 'set-cookie': 'sid=secret; Path=/' }).end(),
  '/to-internal-name': (_req, res) => res.writeHead(302, { location: `http://internal.example:${internal.port}/secret` }).end(),
  '/to-internal-ip': (_req, res) => res.writeHead(301, { location: `http://${INTERNAL_IP}:${internal.port}/secret` }).end(),
  '/to-internal-mapped': (_req, res) => res.writeHead(307, { location: `http://[::ffff:7f00:2]:${internal.port}/secret` }).end(),
  '/to-metadata': (_req, res) => res.writeHead(308, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
  '/to-file': (_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end(),
  '/to-credentials': (_req, res) => res.writeHead(302, { location: `http://user:pw@public.example:${pub.port}/page` }).end(),
  '/no-location': (_req, res) => res.writeHead(302).end(),
  '/hang': () => undefined, // never answers
  '/drip': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    const t = setInterval(() => res.write('x'), 50);
    res.on('close', () => clearInterval(t));
  },
  '/big': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(Buffer.alloc(1024 * 1024, 'a')),
  '/exact': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(Buffer.alloc(1000, 'b')),
  '/gzip-bomb': (_req, res) => res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(zlib.gzipSync(Buffer.alloc(50 * 1024 * 1024))),
  '/gzip-small': (_req, res) => res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(zlib.gzipSync('<title>zipped</title>')),
  '/compress': (_req, res) => res.writeHead(200, { 'content-encoding': 'compress' }).end('???'),
};

beforeAll(async () => {
  pub = await startServer(PUBLIC_IP, (req, res) => {
    // /chain/3 -> /chain/2 -> /chain/1 -> /chain/0, which is a page: three redirects
    const chain = /^\/chain\/(\d+)$/.exec(req.url ?? '');
    if (chain && chain[1] !== '0') return void res.writeHead(302, { location: `/chain/${Number(chain[1]) - 1}` }).end();
    if (chain) return routes['/page']!(req, res);
    const route = routes[req.url ?? ''];
    if (route) return route(req, res);
    res.writeHead(404).end();
  });
  internal = await startServer(INTERNAL_IP, (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<title>internal secret</title>'));
});
afterAll(async () => {
  for (const s of [pub, internal]) {
    s.server.closeAllConnections();
    await new Promise<void>((resolve) => s.server.close(() => resolve()));
  }
});
beforeEach(() => {
  pub.hits.length = 0;
  internal.hits.length = 0;
});

const resolve: Resolver = async (host) => {
  if (host === 'public.example') return [{ address: PUBLIC_IP, family: 4 }];
  if (host === 'internal.example') return [{ address: INTERNAL_IP, family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
};

/** allowPrivate off; only the stand-in public server counts as public. */
function guarded(extra: Partial<SafeFetchOptions> = {}): SafeFetchOptions {
  return {
    timeoutMs: 2000,
    maxBytes: 64 * 1024,
    maxRedirects: 3,
    resolve,
    isForbidden: (ip) => ip !== PUBLIC_IP && isForbiddenAddress(ip),
    allowedPorts: [pub.port, internal.port],
    ...extra,
  };
}
const at = (path: string) => `http://public.example:${pub.port}${path}`;

describe('safeFetch: what it fetches', () => {
  it('fetches a public page with a fixed identity: our User-Agent, identity encoding, no cookies', async () => {
    const page = await safeFetch(at('/page'), guarded({ accept: 'text/html' }));
    expect(page).toMatchObject({ url: at('/page'), status: 200, contentType: 'text/html; charset=utf-8', truncated: false });
    expect(page.body.toString()).toBe('<title>Hello</title>');

    const echoed = await safeFetch(at('/set-cookie'), guarded());
    expect(echoed.url).toBe(at('/headers'));
    const headers = JSON.parse(echoed.body.toString()) as Record<string, string>;
    expect(headers).toMatchObject({ 'user-agent': SAFE_FETCH_USER_AGENT, 'accept-encoding': 'identity' });
    expect(headers.cookie).toBeUndefined();
    expect(headers.authorization).toBeUndefined();
  });

  it('reaches loopback only with allowPrivate', async () => {
    const page = await safeFetch(`http://${PUBLIC_IP}:${pub.port}/page`, { timeoutMs: 2000, maxBytes: 1000, maxRedirects: 0, allowPrivate: true });
    expect(page.body.toString()).toBe('<title>Hello</title>');
  });
});

describe('safeFetch: refusals (allowPrivate off)', () => {
  it('refuses loopback targets given as literal IPs in any form, without connecting', async () => {
    const realGuard = { timeoutMs: 2000, maxBytes: 1000, maxRedirects: 0, allowedPorts: [pub.port] };
    for (const host of [PUBLIC_IP, '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '2130706433', '0x7f.1', '0177.0.0.1', '127.1']) {
      await expect(safeFetch(`http://${host}:${pub.port}/page`, realGuard), host).rejects.toMatchObject({ code: 'FORBIDDEN_ADDRESS' });
    }
    expect(pub.hits).toHaveLength(0);
  });

  it('refuses a hostname that resolves to a private address', async () => {
    await expect(safeFetch(`http://internal.example:${internal.port}/secret`, guarded())).rejects.toMatchObject({ code: 'FORBIDDEN_ADDRESS' });
    // and the real system resolver: localhost is loopback
    await expect(safeFetch(`http://localhost:${pub.port}/page`, { timeoutMs: 2000, maxBytes: 1000, maxRedirects: 0, allowedPorts: [pub.port] })).rejects.toMatchObject({ code: 'FORBIDDEN_ADDRESS' });
    expect(internal.hits).toHaveLength(0);
    expect(pub.hits).toHaveLength(0);
  });

  it('checks every redirect again: a public page cannot send the fetch to an internal target', async () => {
    for (const path of ['/to-internal-name', '/to-internal-ip', '/to-internal-mapped', '/to-metadata']) {
      await expect(safeFetch(at(path), guarded()), path).rejects.toMatchObject({ code: 'FORBIDDEN_ADDRESS' });
    }
    expect(pub.hits).toHaveLength(4);
    expect(internal.hits).toHaveLength(0);
    // the same redirect is followed when private targets are allowed, so the refusal above is the guard's doing
    const followed = await safeFetch(at('/to-internal-ip'), guarded({ allowPrivate: true }));
    expect(followed.body.toString()).toContain('internal secret');
  });

  it('refuses redirects to other schemes, to URLs with credentials, and without a Location', async () => {
    await expect(safeFetch(at('/to-file'), guarded())).rejects.toMatchObject({ code: 'UNSUPPORTED_PROTOCOL' });
    await expect(safeFetch(at('/to-credentials'), guarded())).rejects.toMatchObject({ code: 'CREDENTIALS_IN_URL' });
    await expect(safeFetch(at('/no-location'), guarded())).rejects.toMatchObject({ code: 'BAD_REDIRECT' });
  });

  it('refuses other schemes, credentials in the URL, other ports and garbage', async () => {
    await expect(safeFetch('ftp://public.example/x', guarded())).rejects.toMatchObject({ code: 'UNSUPPORTED_PROTOCOL' });
    await expect(safeFetch('file:///etc/passwd', guarded())).rejects.toMatchObject({ code: 'UNSUPPORTED_PROTOCOL' });
    await expect(safeFetch(`http://user:pw@public.example:${pub.port}/page`, guarded())).rejects.toMatchObject({ code: 'CREDENTIALS_IN_URL' });
    await expect(safeFetch(at('/page'), guarded({ allowedPorts: undefined }))).rejects.toMatchObject({ code: 'FORBIDDEN_PORT' });
    await expect(safeFetch('not a url', guarded())).rejects.toMatchObject({ code: 'INVALID_URL' });
    expect(pub.hits).toHaveLength(0);
  });
});

describe('safeFetch: limits', () => {
  it('follows at most maxRedirects redirects', async () => {
    const ok = await safeFetch(at('/chain/3'), guarded({ maxRedirects: 3 }));
    expect(ok).toMatchObject({ url: at('/chain/0'), status: 200 });
    pub.hits.length = 0;
    await expect(safeFetch(at('/chain/4'), guarded({ maxRedirects: 3 }))).rejects.toMatchObject({ code: 'TOO_MANY_REDIRECTS' });
    expect(pub.hits.map((h) => h.url)).toEqual(['/chain/4', '/chain/3', '/chain/2', '/chain/1']);
    await expect(safeFetch(at('/chain/1'), guarded({ maxRedirects: 0 }))).rejects.toMatchObject({ code: 'TOO_MANY_REDIRECTS' });
  });

  it('gives up on a server that never answers, and on one that never finishes the body, within the timeout', async () => {
    for (const path of ['/hang', '/drip']) {
      const started = Date.now();
      await expect(safeFetch(at(path), guarded({ timeoutMs: 300 })), path).rejects.toMatchObject({ code: 'TIMEOUT' });
      expect(Date.now() - started).toBeLessThan(1500);
    }
  });

  it('keeps at most maxBytes of the body and flags the truncation', async () => {
    const big = await safeFetch(at('/big'), guarded({ maxBytes: 1000 }));
    expect(big.body.length).toBe(1000);
    expect(big.truncated).toBe(true);
    const exact = await safeFetch(at('/exact'), guarded({ maxBytes: 1000 }));
    expect(exact.body.length).toBe(1000);
    expect(exact.truncated).toBe(false);
  });

  it('decodes a compressed answer it did not ask for under the same cap (no decompression bomb)', async () => {
    const small = await safeFetch(at('/gzip-small'), guarded());
    expect(small.body.toString()).toBe('<title>zipped</title>');
    const bomb = await safeFetch(at('/gzip-bomb'), guarded({ maxBytes: 4096 }));
    expect(bomb.body.length).toBe(4096);
    expect(bomb.truncated).toBe(true);
    await expect(safeFetch(at('/compress'), guarded())).rejects.toMatchObject({ code: 'UNSUPPORTED_ENCODING' });
  });
});
