import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type dns from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ForbiddenAddressError, guardedLookup, isForbiddenAddress, type Resolver } from './net-guard.js';

describe('isForbiddenAddress', () => {
  const forbidden = [
    // IPv4 special-purpose ranges, at their edges
    '0.0.0.0', '0.255.255.255', '10.0.0.1', '10.255.255.255', '100.64.0.0', '100.127.255.255',
    '127.0.0.1', '127.255.255.254', '169.254.169.254', '172.16.0.1', '172.31.255.255',
    '192.0.0.8', '192.0.2.1', '192.88.99.1', '192.168.0.1', '192.168.255.255', '198.18.0.1',
    '198.19.255.255', '198.51.100.7', '203.0.113.9', '224.0.0.1', '239.255.255.250',
    '240.0.0.1', '255.255.255.255',
    // IPv6 special-purpose ranges
    '::', '::1', '0:0:0:0:0:0:0:1', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'fe80::1%eth0', '[fe80::1]',
    'febf::1', 'fec0::1', 'ff02::1', 'ff0e::1', '2001:db8::1', '2001:0db8:ffff::1', '3fff::1',
    '100::1', '64:ff9b:1::1', '2001::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001:2::1',
    '2001:10::1', '::ffff:0:1',
    // IPv4 addresses embedded in IPv6, dotted and hex
    '::ffff:127.0.0.1', '::ffff:7f00:1', '::FFFF:7F00:0001', '0:0:0:0:0:ffff:7f00:1', '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe', '::ffff:0:127.0.0.1', '::127.0.0.1', '::7f00:1', '::a00:1',
    '64:ff9b::127.0.0.1', '64:ff9b::7f00:1', '64:ff9b::a9fe:a9fe', '2002:7f00:1::', '2002:a00:1::1',
    '2002:c0a8:0101::1',
    // not an IP address at all: refused rather than guessed at
    'localhost', '', '2130706433', '0x7f.0.0.1', '0177.0.0.1', '127.1', '010.0.0.1', 'example.com',
    '1.2.3.4.5', '::ffff:1.2.3', ':::1', '1::2::3',
  ];
  const allowed = [
    '1.1.1.1', '8.8.8.8', '93.184.215.14', '9.255.255.255', '11.0.0.0', '100.63.255.255',
    '100.128.0.0', '126.255.255.255', '128.0.0.0', '169.253.255.255', '172.15.255.255',
    '172.32.0.0', '192.0.1.1', '192.167.255.255', '192.169.0.0', '198.17.255.255', '198.20.0.0',
    '223.255.255.255',
    '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '2001:4860:4860::8888', '2001:200::1',
    '2002:808:808::1', '::ffff:8.8.8.8', '::ffff:808:808', '64:ff9b::8.8.8.8', '64:ff9b::808:808',
    '[2606:4700::1]',
  ];

  it.each(forbidden)('refuses %s', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(true);
  });
  it.each(allowed)('allows %s', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(false);
  });

  it('judges the host new URL() makes of numeric IPv4 forms', () => {
    for (const url of ['http://2130706433/', 'http://0x7f.1/', 'http://0177.0.0.1/', 'http://127.1/', 'http://0/', 'http://[::ffff:127.0.0.1]/', 'http://[0:0:0:0:0:ffff:a9fe:a9fe]/']) {
      expect(isForbiddenAddress(new URL(url).hostname), url).toBe(true);
    }
    expect(isForbiddenAddress(new URL('http://134744072/').hostname)).toBe(false); // 8.8.8.8
  });
});

function lookupOnce(lookup: ReturnType<typeof guardedLookup>, host: string, options: dns.LookupOptions) {
  return new Promise<{ err: NodeJS.ErrnoException | null; address: string | dns.LookupAddress[]; family?: number }>((resolve) =>
    lookup(host, options, (err, address, family) => resolve({ err, address, family })),
  );
}

const table: Record<string, { address: string; family: 4 | 6 }[]> = {
  'public.example': [{ address: '93.184.215.14', family: 4 }, { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 }],
  'internal.example': [{ address: '10.1.2.3', family: 4 }],
  'mixed.example': [{ address: '93.184.215.14', family: 4 }, { address: '::ffff:169.254.169.254', family: 6 }],
  'loopback6.example': [{ address: '::1', family: 6 }],
};
const fakeResolve: Resolver = async (host) => {
  const found = table[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found;
};

describe('guardedLookup', () => {
  it('returns the public addresses it resolved, one or all, by family', async () => {
    const lookup = guardedLookup({ resolve: fakeResolve });
    expect(await lookupOnce(lookup, 'public.example', {})).toMatchObject({ err: null, address: '93.184.215.14', family: 4 });
    expect(await lookupOnce(lookup, 'public.example', { family: 6 })).toMatchObject({ err: null, address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 });
    expect((await lookupOnce(lookup, 'public.example', { all: true })).address).toEqual(table['public.example']);
  });

  it('refuses a host that resolves to a private address, or to any private address among public ones', async () => {
    const lookup = guardedLookup({ resolve: fakeResolve });
    for (const host of ['internal.example', 'mixed.example', 'loopback6.example']) {
      const { err } = await lookupOnce(lookup, host, { all: true });
      expect(err, host).toBeInstanceOf(ForbiddenAddressError);
      expect(err?.code).toBe('ERR_FORBIDDEN_ADDRESS');
    }
    // the family filter must not hide a bad address from the check
    expect((await lookupOnce(lookup, 'mixed.example', { family: 4 })).err?.code).toBe('ERR_FORBIDDEN_ADDRESS');
  });

  it('checks IP literals without resolving them', async () => {
    let calls = 0;
    const lookup = guardedLookup({ resolve: async (h) => (calls++, fakeResolve(h)) });
    expect((await lookupOnce(lookup, '127.0.0.1', {})).err?.code).toBe('ERR_FORBIDDEN_ADDRESS');
    expect((await lookupOnce(lookup, '::ffff:7f00:1', {})).err?.code).toBe('ERR_FORBIDDEN_ADDRESS');
    expect(await lookupOnce(lookup, '8.8.8.8', {})).toMatchObject({ err: null, address: '8.8.8.8', family: 4 });
    expect(calls).toBe(0);
  });

  it('passes resolver failures through and answers ENOTFOUND for a family with no address', async () => {
    const lookup = guardedLookup({ resolve: fakeResolve });
    expect((await lookupOnce(lookup, 'nowhere.example', {})).err?.code).toBe('ENOTFOUND');
    expect((await lookupOnce(lookup, 'internal.example', { family: 6 })).err?.code).toBe('ENOTFOUND');
  });

  it('lets private addresses through only with allowPrivate', async () => {
    const lookup = guardedLookup({ resolve: fakeResolve, allowPrivate: true });
    expect(await lookupOnce(lookup, 'internal.example', {})).toMatchObject({ err: null, address: '10.1.2.3' });
  });

  it('uses the system resolver by default (localhost is loopback, so refused)', async () => {
    const { err } = await lookupOnce(guardedLookup(), 'localhost', { all: true });
    expect(err?.code).toBe('ERR_FORBIDDEN_ADDRESS');
  });
});

describe('guardedLookup as the lookup of a real request', () => {
  let server: http.Server;
  let port = 0;
  beforeAll(async () => {
    server = http.createServer((_req, res) => res.end('reached'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  function get(host: string, lookup: ReturnType<typeof guardedLookup>) {
    return new Promise<string>((resolve, reject) => {
      const req = http.get({ host, port, path: '/', lookup, agent: false }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve(body));
      });
      req.on('error', reject);
    });
  }

  it('refuses the connection when the name resolves to loopback', async () => {
    const lookup = guardedLookup({ resolve: async () => [{ address: '127.0.0.1', family: 4 }] });
    await expect(get('rebind.example', lookup)).rejects.toMatchObject({ code: 'ERR_FORBIDDEN_ADDRESS' });
  });

  it('connects to exactly the address it checked, resolving once (no rebinding between check and connect)', async () => {
    // A rebinding resolver: first answer is what the guard sees; a second resolution would differ.
    const answers = ['127.0.0.1', '10.9.9.9'];
    let calls = 0;
    const lookup = guardedLookup({ allowPrivate: true, resolve: async () => [{ address: answers[calls++]!, family: 4 }] });
    expect(await get('rebind.example', lookup)).toBe('reached');
    expect(calls).toBe(1);
  });
});
