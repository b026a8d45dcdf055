import dns from 'node:dns';
import net from 'node:net';

/**
 * The address guard for fetches the server makes on a member's behalf (link previews, push
 * endpoints): which IP addresses may never be contacted, and a DNS lookup for node:http/https and
 * agents that refuses them. The lookup hands the socket exactly the addresses it checked, so a
 * host cannot answer "public" to the check and "private" to the connection (DNS rebinding).
 */

export type ResolvedAddress = { address: string; family: 4 | 6 };
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export interface GuardOptions {
  /** Test-only: allow loopback and private targets (local test servers). Never in production. */
  allowPrivate?: boolean;
  /** Replaces the system resolver (tests; defaults to dns.promises.lookup with all: true). */
  resolve?: Resolver;
  /**
   * Replaces isForbiddenAddress (tests only: lets a loopback test server stand in for a public
   * site while another loopback address stays forbidden, so refusal paths run for real).
   */
  isForbidden?: (ip: string) => boolean;
}

/** A target whose address is loopback, private or otherwise not on the public internet. */
export class ForbiddenAddressError extends Error {
  readonly code = 'ERR_FORBIDDEN_ADDRESS';
  constructor(
    readonly hostname: string,
    readonly address: string,
  ) {
    super(`Refusing to connect to ${hostname} (${address}): not a public address`);
    this.name = 'ForbiddenAddressError';
  }
}

// ---------------------------------------------------------------------------------------------
// IPv4

type V4Range = readonly [base: number, prefix: number];

const v4 = (dotted: string): number => dotted.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);

/** IANA special-purpose and non-unicast IPv4 blocks: nothing a public web page lives on. */
const FORBIDDEN_V4: readonly V4Range[] = [
  [v4('0.0.0.0'), 8], // "this network"; 0.0.0.0 reaches the local host on Linux
  [v4('10.0.0.0'), 8], // private
  [v4('100.64.0.0'), 10], // carrier-grade NAT
  [v4('127.0.0.0'), 8], // loopback
  [v4('169.254.0.0'), 16], // link-local (cloud metadata at 169.254.169.254)
  [v4('172.16.0.0'), 12], // private
  [v4('192.0.0.0'), 24], // IETF protocol assignments
  [v4('192.0.2.0'), 24], // documentation TEST-NET-1
  [v4('192.88.99.0'), 24], // deprecated 6to4 relay anycast
  [v4('192.168.0.0'), 16], // private
  [v4('198.18.0.0'), 15], // benchmarking
  [v4('198.51.100.0'), 24], // documentation TEST-NET-2
  [v4('203.0.113.0'), 24], // documentation TEST-NET-3
  [v4('224.0.0.0'), 4], // multicast
  [v4('240.0.0.0'), 4], // reserved, and 255.255.255.255 broadcast
];

function inV4Range(value: number, [base, prefix]: V4Range): boolean {
  const size = 2 ** (32 - prefix);
  return Math.floor(value / size) === Math.floor(base / size);
}

function isForbiddenV4(value: number): boolean {
  return FORBIDDEN_V4.some((range) => inV4Range(value, range));
}

// ---------------------------------------------------------------------------------------------
// IPv6

/** Eight 16-bit groups of an address net.isIPv6 accepted (with '::' and an optional dotted tail). */
function parseV6(ip: string): number[] | null {
  let text = ip;
  const tail: number[] = [];
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    if (!net.isIPv4(dotted[2]!)) return null;
    const value = v4(dotted[2]!);
    tail.push(Math.floor(value / 65536), value % 65536);
    text = dotted[1]!.endsWith('::') ? dotted[1]! : dotted[1]!.slice(0, -1);
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - head.length - rest.length - tail.length;
  if (halves.length === 2 ? missing < 0 : missing !== 0) return null;
  const words = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...rest, ...tail];
  return words.length === 8 && words.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffff) ? words : null;
}

const v4Of = (hi: number, lo: number) => hi * 65536 + lo;
const zeros = (words: number[], from: number, to: number) => words.slice(from, to).every((w) => w === 0);

function isForbiddenV6(w: number[]): boolean {
  // IPv4 embedded in the last 32 bits: mapped ::ffff:0:0/96, translated ::ffff:0:0:0/96,
  // compatible ::/96 (also covers :: and ::1) and NAT64 64:ff9b::/96 reach that IPv4 address.
  const last = v4Of(w[6]!, w[7]!);
  if (zeros(w, 0, 5) && w[5] === 0xffff) return isForbiddenV4(last);
  if (zeros(w, 0, 4) && w[4] === 0xffff && w[5] === 0) return isForbiddenV4(last);
  if (zeros(w, 0, 6)) return last <= 1 || isForbiddenV4(last);
  if (w[0] === 0x64 && w[1] === 0xff9b && zeros(w, 2, 6)) return isForbiddenV4(last);
  // Everything outside global unicast 2000::/3 is loopback, unique-local fc00::/7, link-local
  // fe80::/10, site-local, multicast ff00::/8, local NAT64 64:ff9b:1::/48, discard 100::/64 or unassigned.
  if ((w[0]! & 0xe000) !== 0x2000) return true;
  // 2001::/23 IETF protocol assignments: Teredo 2001::/32 (tunnels to any IPv4), benchmarking, ORCHID.
  if (w[0] === 0x2001 && w[1]! < 0x200) return true;
  if (w[0] === 0x2001 && w[1] === 0x0db8) return true; // documentation
  if (w[0] === 0x3fff && w[1]! < 0x1000) return true; // documentation 3fff::/20
  if (w[0] === 0x2002) return isForbiddenV4(v4Of(w[1]!, w[2]!)); // 6to4 carries an IPv4 address
  return false;
}

/**
 * True when `ip` must never be contacted: loopback, unspecified, private, CGNAT, link-local,
 * multicast, broadcast, reserved, benchmarking and documentation ranges, in IPv4 and IPv6, and any
 * IPv6 form that embeds such an IPv4 address. Anything that is not a plain IP address is refused
 * too (fail closed): numeric host forms like 2130706433 must be normalized by new URL() first.
 */
export function isForbiddenAddress(ip: string): boolean {
  let text = ip.trim();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  const zone = text.indexOf('%'); // a zone id only ever qualifies link-local, refused anyway
  if (zone !== -1) text = text.slice(0, zone);
  switch (net.isIP(text)) {
    case 4:
      return isForbiddenV4(v4(text));
    case 6: {
      const words = parseV6(text.toLowerCase());
      return words === null || isForbiddenV6(words);
    }
    default:
      return true;
  }
}

// ---------------------------------------------------------------------------------------------
// Lookup

const systemResolve: Resolver = async (host) => {
  const found = await dns.promises.lookup(host, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

function notFound(hostname: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
}

/**
 * A `lookup` for http/https request options or an Agent: resolves once, refuses the host when any
 * of its addresses is forbidden (a host that also names an internal address is not trusted with
 * the public one either), and returns the checked addresses so the socket connects to one of them
 * without a second resolution. Node skips `lookup` for IP-literal hosts: the caller checks those.
 */
export function guardedLookup(opts: GuardOptions = {}): net.LookupFunction {
  const resolve = opts.resolve ?? systemResolve;
  const isForbidden = opts.isForbidden ?? isForbiddenAddress;
  return (hostname, options, callback) => {
    const literal = net.isIP(hostname);
    const pending: Promise<ResolvedAddress[]> = literal
      ? Promise.resolve([{ address: hostname, family: literal === 6 ? 6 : 4 }])
      : resolve(hostname);
    pending.then(
      (found) => {
        const wanted = options.family === 4 || options.family === 6 ? found.filter((a) => a.family === options.family) : found;
        if (wanted.length === 0) return callback(notFound(hostname), '', 0);
        if (!opts.allowPrivate) {
          const bad = found.find((a) => isForbidden(a.address));
          if (bad) return callback(new ForbiddenAddressError(hostname, bad.address), '', 0);
        }
        if (options.all) return callback(null, wanted.map((a) => ({ address: a.address, family: a.family })));
        const first = wanted[0]!;
        return callback(null, first.address, first.family);
      },
      (err: unknown) => callback(err instanceof Error ? (err as NodeJS.ErrnoException) : notFound(hostname), '', 0),
    );
  };
}
