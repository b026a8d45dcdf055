/**
 * Seeded generators of malformed input for the fuzz tests: the same seed gives the same payloads,
 * so a failure can be replayed from the label it prints.
 */

/** mulberry32: a tiny, fast, seedable PRNG. */
export function createRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
export type Random = ReturnType<typeof createRandom>;

/** Strings that have broken servers before: unicode edge cases, injections, control characters. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '   \t\n',
  'a',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  '1e309',
  'NaN',
  '__proto__',
  'constructor',
  'prototype',
  '😀',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '\u202eevil\u202c',
  '\u200b\u200c\u200d\ufeff',
  'Ⓑⓐⓨ',
  'ﬁ',
  'İı',
  'e\u0301\u0301\u0301',
  '\ud800',
  '\udfff',
  'x\ud83dy',
  '\u0000',
  'abc\u0000def',
  '\u0001\u0002\u001f\u007f',
  '\uffff\ufffe',
  '%00',
  '%',
  '%zz',
  '../../../../etc/passwd',
  '..\\..\\windows',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1' --",
  "'; DROP TABLE users; --",
  '${7*7}{{7*7}}',
  '\\',
  '"',
  '{"a":1}',
  '[]',
  'SELECT pg_sleep(10)',
  'admin',
  'full_platform',
  'x@y.z',
  'not-an-email@',
  '@',
  '@@@',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '------------------------------------',
  'ſ',
  'ǅ',
  'Ω',
  '\r\nSet-Cookie: x=1',
  'javascript:alert(1)',
  'data:text/html,<b>x</b>',
  'http://127.0.0.1/',
];

/** Single characters that storage layers and parsers choke on. */
export const ODD_CHARACTERS: readonly string[] = ['\u0000', '\ud800', '\udc00', '\u202e', '\u200b', '\ufeff', '😀', '\r\n', '\\', '"', "'", '%', '\u0085', '\u2028'];

const JUNK_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '', ' ', '0', 'a.b', '$where', 'role', 'accountType', 'isVerified', 'id', 'userId', '😀'];

export function randomString(r: Random): string {
  switch (r.int(6)) {
    case 0:
      return r.pick(NASTY_STRINGS);
    case 1: {
      const len = r.pick([1, 2, 3, 29, 30, 31, 60, 61, 100, 101, 150, 151, 254, 255, 501, 2001]);
      return r.pick(['a', 'Z', '_', '-', '.', 'é', '😀', ' ']).repeat(len);
    }
    case 2:
      return r.pick(['a', 'x', '1', '😀']).repeat(r.pick([10_000, 60_000, 120_000]));
    case 3: {
      let s = '';
      const len = r.int(40);
      for (let i = 0; i < len; i++) s += String.fromCharCode(r.chance(0.7) ? 32 + r.int(95) : r.int(0x10000));
      return s;
    }
    case 4:
      return r.pick(NASTY_STRINGS) + r.pick(NASTY_STRINGS);
    default:
      return `v${r.int(1e6).toString(36)}`;
  }
}

export function randomValue(r: Random, depth = 0): unknown {
  const k = r.int(depth > 3 ? 7 : 10);
  switch (k) {
    case 0:
      return null;
    case 1:
      return r.chance(0.5);
    case 2:
      return r.pick([0, -1, 1, 1.5, -0.5, 13, 100, 101, 12, 2 ** 31, -(2 ** 31), 2 ** 53 + 1, 1e308, -1e308, Number.MIN_VALUE]);
    case 3:
    case 4:
    case 5:
    case 6:
      return randomString(r);
    case 7:
      return Array.from({ length: r.int(5) }, () => randomValue(r, depth + 1));
    case 8:
      return randomObject(r, depth + 1);
    default:
      return { [r.pick(JUNK_KEYS)]: randomValue(r, depth + 1) };
  }
}

export function randomObject(r: Random, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const n = r.int(5);
  for (let i = 0; i < n; i++) {
    const key = r.chance(0.3) ? r.pick(JUNK_KEYS) : randomString(r).slice(0, 40);
    // defineProperty, so "__proto__" becomes an own key that JSON.stringify writes out.
    Object.defineProperty(out, key, { value: randomValue(r, depth + 1), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** Any value as text; String() throws on objects whose own toString is junk. */
const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

/** A valid body with one thing wrong: a field replaced, removed, duplicated as junk, or a key added. */
export function mutate(r: Random, sample: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = JSON.parse(JSON.stringify(sample));
  const keys = Object.keys(out);
  const times = 1 + r.int(3);
  for (let i = 0; i < times; i++) {
    const key = keys.length ? r.pick(keys) : 'x';
    switch (r.int(7)) {
      case 5:
      case 6:
        // Near-valid: the same value with one odd character spliced in, so it passes most rules.
        if (typeof out[key] === 'string') {
          const v = out[key] as string;
          const at = r.int(v.length + 1);
          out[key] = v.slice(0, at) + r.pick(ODD_CHARACTERS) + v.slice(at);
        } else if (Array.isArray(out[key]) && (out[key] as unknown[]).length) {
          (out[key] as unknown[])[0] = `${asText((out[key] as unknown[])[0])}${r.pick(ODD_CHARACTERS)}`;
        } else {
          out[key] = r.pick(ODD_CHARACTERS);
        }
        break;
      case 0:
        delete out[key];
        break;
      case 1:
        Object.defineProperty(out, r.pick(JUNK_KEYS), { value: randomValue(r), enumerable: true, writable: true, configurable: true });
        break;
      case 2:
        out[key] = Array.isArray(out[key]) ? [randomValue(r)] : typeof out[key] === 'object' && out[key] ? mutate(r, out[key] as Record<string, unknown>) : [out[key]];
        break;
      default:
        out[key] = randomValue(r);
    }
  }
  return out;
}

/**
 * JSON text nested `depth` levels deep (20,000 by default), as arrays and as objects. Built as text: JSON.stringify
 * itself overflows the stack on such values, which is exactly what it does to a server that re-serializes them.
 */
export function deeplyNested(depth = 20_000): { array: string; object: string } {
  return { array: '['.repeat(depth) + ']'.repeat(depth), object: '{"a":'.repeat(depth) + '1' + '}'.repeat(depth) };
}

/** Characters PostgreSQL text cannot hold, as JSON escapes: NUL and lone surrogates (high, low, reversed pair). */
export const UNSTORABLE_JSON_ESCAPES: readonly string[] = ['\\u0000', '\\ud800', '\\udfff', '\\udc00\\ud800'];

/**
 * JSON bodies of hostile shape for one route, as text: deep nesting at the top and in place of each field of the
 * route's sample body; unstorable characters in keys, in values and spliced into each string of the sample.
 */
export function hostileJsonBodies(sample: Record<string, unknown> = { x: 'value' }): Array<{ body: string; note: string }> {
  const deep = deeplyNested();
  const out = [
    { body: deep.array, note: 'array nested 20,000 deep' },
    { body: deep.object, note: 'object nested 20,000 deep' },
  ];
  const marker = '\u0001HOSTILE\u0001';
  for (const key of Object.keys(sample)) {
    const withMarker = JSON.stringify({ ...sample, [key]: marker });
    out.push({ body: withMarker.replace(JSON.stringify(marker), deep.array), note: `${key}: array nested 20,000 deep` });
    out.push({ body: withMarker.replace(JSON.stringify(marker), deep.object), note: `${key}: object nested 20,000 deep` });
  }
  for (const escape of UNSTORABLE_JSON_ESCAPES) {
    out.push({ body: `{"k${escape}":"x"}`, note: `${escape} in a key` });
    out.push({ body: `{"k":"x${escape}y","l":["${escape}"]}`, note: `${escape} in values` });
    // Every string of the sample with the character appended, so the body gets past the schema's other rules.
    const text = JSON.stringify(mapStrings(sample, (v) => v + marker)).replaceAll(JSON.stringify(marker).slice(1, -1), escape);
    out.push({ body: text, note: `${escape} in every string of the sample` });
  }
  return out;
}

/** A deep copy of a JSON value with every string passed through `f`. */
function mapStrings(value: unknown, f: (s: string) => string): unknown {
  if (typeof value === 'string') return f(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, f));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, f)]));
  return value;
}

/** Path segments that have broken servers: longer than a file name may be, NUL (plain and overlong), surrogate bytes. */
export const HOSTILE_SEGMENTS: readonly string[] = [
  'a'.repeat(201),
  'a'.repeat(255),
  'a'.repeat(256),
  `${'a'.repeat(252)}.png`,
  'a'.repeat(1000),
  '%00',
  'a%00b',
  '%C0%80',
  '%ED%A0%80',
  '%ED%BF%BFx',
  '%F4%90%80%80',
  '%E2%80%AE',
];

/** Wildcard tails (`/media/:bucket/*`): the segments above, and paths with one over-long segment among short ones. */
export const HOSTILE_TAILS: readonly string[] = [
  ...HOSTILE_SEGMENTS,
  `x/${'a'.repeat(256)}`,
  `${'a'.repeat(256)}/x.webp`,
  `${'a/'.repeat(180)}a`,
  `6f1c3e2a-8d4b-4c1e-9f2a-1b2c3d4e5f60/${'b'.repeat(300)}.webp`,
];

/** Query strings of hostile shape. */
export const HOSTILE_QUERIES: readonly string[] = ['x=%00', 'cursor=%00', `${'k'.repeat(300)}=1`, `q=${'a'.repeat(8000)}`, 'q=%ED%A0%80', 'a[b][c][d][e][f]=1', 'limit=%C0%80'];

/** Raw request bodies (text and the content type to send it with) that are not well-formed JSON objects. */
export const RAW_BODIES: ReadonlyArray<{ body: string; contentType?: string }> = [
  { body: '', contentType: 'application/json' },
  { body: ' ', contentType: 'application/json' },
  { body: '{', contentType: 'application/json' },
  { body: '{"a":', contentType: 'application/json' },
  { body: '{"a":1,}', contentType: 'application/json' },
  { body: "{'a':1}", contentType: 'application/json' },
  { body: '{"a":NaN}', contentType: 'application/json' },
  { body: '{"a":undefined}', contentType: 'application/json' },
  { body: 'nul', contentType: 'application/json' },
  { body: 'null', contentType: 'application/json' },
  { body: 'true', contentType: 'application/json' },
  { body: '0', contentType: 'application/json' },
  { body: '"string"', contentType: 'application/json' },
  { body: '[]', contentType: 'application/json' },
  { body: '[{}]', contentType: 'application/json' },
  { body: '\u0000', contentType: 'application/json' },
  { body: '\ufeff{}', contentType: 'application/json' },
  { body: '{"a":"\\ud800"}', contentType: 'application/json' },
  { body: '{"a":"\\u0000"}', contentType: 'application/json' },
  { body: '{"__proto__":{"polluted":"yes"}}', contentType: 'application/json' },
  { body: '{"constructor":{"prototype":{"polluted":"yes"}}}', contentType: 'application/json' },
  { body: '{"a":{"__proto__":{"polluted":"yes"}},"settings":{"__proto__":{"polluted":"yes"}}}', contentType: 'application/json' },
  { body: '{"a":1,"a":2}', contentType: 'application/json' },
  { body: '[' .repeat(3000) + ']'.repeat(3000), contentType: 'application/json' },
  { body: '{"a":'.repeat(2000) + '1' + '}'.repeat(2000), contentType: 'application/json' },
  { body: deeplyNested().array, contentType: 'application/json' },
  { body: deeplyNested().object, contentType: 'application/json' },
  { body: `{"email":${deeplyNested().array},"password":"x"}`, contentType: 'application/json' },
  { body: '{"a\\u0000":1,"\\ud800":2}', contentType: 'application/json' },
  { body: '{}', contentType: 'application/json; charset=utf-16' },
  { body: '{}', contentType: 'application/json; charset=latin1' },
  { body: '{}', contentType: 'text/plain' },
  { body: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--', contentType: 'multipart/form-data; boundary=x' },
  { body: '<a>1</a>', contentType: 'application/xml' },
  { body: '{}', contentType: 'application/jsonx' },
  { body: '{}', contentType: 'JSON' },
  { body: '{}', contentType: ';;;' },
  { body: '{}' },
];

/** encodeURIComponent throws on lone surrogates: replace them (and only them). */
const wellFormed = (s: string) => s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, 'x');

/** Query strings: junk values, repeated keys, odd encodings. */
export function randomQuery(r: Random, keys: readonly string[]): string {
  const parts: string[] = [];
  const n = 1 + r.int(4);
  for (let i = 0; i < n; i++) {
    const key = r.chance(0.7) && keys.length ? r.pick(keys) : r.pick(JUNK_KEYS);
    const raw = (r.chance(0.5) ? randomString(r) : (JSON.stringify(randomValue(r)) ?? 'undefined')).slice(0, 300);
    const value = r.chance(0.15) ? raw.replace(/[^A-Za-z0-9]/g, '%') : encodeURIComponent(wellFormed(raw));
    parts.push(r.chance(0.1) ? `${encodeURIComponent(key)}[]=${value}` : `${encodeURIComponent(key)}=${value}`);
  }
  if (r.chance(0.1)) parts.push(parts[0]!);
  return parts.join('&');
}

/** Path parameter values, URL-encoded (or deliberately broken). */
export function randomParam(r: Random): string {
  switch (r.int(5)) {
    case 0:
      return r.pick(['%', '%zz', '%00', '%2e%2e%2f', '..%2F..%2F', '%c0%ae', '%ff', '%e2%80%ae', 'a%20b', '%252e']);
    case 1:
      return 'a'.repeat(r.pick([199, 200, 201, 500]));
    default: {
      return encodeURIComponent(wellFormed(randomString(r).slice(0, 120)) || 'x');
    }
  }
}

/** Keyset cursors that decode to plausible-looking but wrong sort keys. */
export function craftedCursors(): string[] {
  const enc = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
  const id = '6f1c3e2a-8d4b-4c1e-9f2a-1b2c3d4e5f60';
  return [
    enc({ p: 1e400, c: '2024-01-01T00:00:00Z', i: id }),
    enc({ p: 1.5, c: '2024-01-01T00:00:00Z', i: id }),
    enc({ p: -1e308, c: '2024-01-01T00:00:00Z', i: id }),
    enc({ p: 1, c: '2020', i: id }),
    enc({ p: 1, c: '1', i: id }),
    enc({ p: 1, c: 'March 7', i: id }),
    enc({ p: 1, c: '275760-09-13T00:00:00.000Z', i: id }),
    enc({ p: 1, c: '-271821-04-20T00:00:00Z', i: id }),
    enc({ p: 1, c: '0000-01-01T00:00:00.000Z', i: id }),
    enc({ p: 1, c: '2024-02-30T00:00:00.000Z', i: id }),
    enc({ p: 1, c: '+010000-01-01T00:00:00.000Z', i: id }),
    enc({ p: 2, c: '2024-01-01T00:00:00.000Z', i: id }),
    enc({ p: '1', c: '2024-01-01T00:00:00.000Z', i: id }),
    enc({ p: 1, c: '2024-01-01T00:00:00Z', i: '------------------------------------' }),
    enc({ p: 1, c: '2024-01-01T00:00:00Z', i: 'ffffffff-ffff-ffff-ffff-ffffffffffffff'.slice(0, 36) }),
    enc({ p: 1, c: '2024-01-01T00:00:00Z', i: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' }),
    enc({ p: 1, c: '2024-01-01T00:00:00Z' }),
    enc({ __proto__: { p: 1 }, c: '2024-01-01', i: id }),
    enc([1, 2, 3]),
    enc('null'),
    enc('{"p":1,"c":"2024-01-01T00:00:00Z","i":"' + id + '"'),
    '!!!',
    '%00',
  ];
}

/** Every string inside a value, as a path of keys (for systematic near-valid sweeps). */
export function stringPaths(value: unknown, path: Array<string | number> = []): Array<Array<string | number>> {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]));
  return [];
}

/** A deep copy of value with the string at path replaced. */
export function replaceAt(value: unknown, path: Array<string | number>, next: string): unknown {
  const copy = JSON.parse(JSON.stringify(value)) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = next;
  return copy;
}
