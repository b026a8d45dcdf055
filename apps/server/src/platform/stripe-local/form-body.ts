// Stripe's request bodies: application/x-www-form-urlencoded in bracket notation, as the SDK writes them
// (`line_items[0][price_data][unit_amount]=2500&metadata[paymentId]=x&expand[]=y`). Values stay strings: Stripe
// reads "2500" and "true" by the parameter's type, and so does api.ts.

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

/** A body the parser refuses; api.ts answers it as Stripe's invalid_request_error. */
export class FormBodyError extends Error {}

/** More than Stripe's deepest parameter (line_items[0][price_data][product_data][metadata][k]) needs. */
const MAX_DEPTH = 8;
const MAX_PAIRS = 1000;
/** Keys that would reach Object.prototype through a plain object. */
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);
const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;
const INDEX = /^(0|[1-9]\d{0,3})$/;

/** Split `a[b][0][]` into ['a', 'b', '0', '']. */
function segmentsOf(key: string): string[] {
  const m = KEY.exec(key);
  if (!m) throw new FormBodyError(`Invalid parameter name: ${key}`);
  const rest = m[2] ? m[2].slice(1, -1).split('][') : [];
  const segments = [m[1]!, ...rest];
  if (segments.length > MAX_DEPTH) throw new FormBodyError(`Parameter nested too deeply: ${key}`);
  for (const s of segments) if (FORBIDDEN.has(s)) throw new FormBodyError(`Invalid parameter name: ${key}`);
  return segments;
}

// While building, every container is an object; `[]` appends under the next free index. Containers whose keys are
// exactly 0..n-1 become arrays at the end (an SDK array is always written that way).
type Node = { [key: string]: Node | string };

function insert(root: Node, key: string, segments: string[], value: string) {
  let node = root;
  for (let i = 0; i < segments.length; i++) {
    let segment = segments[i]!;
    if (segment === '') segment = String(Object.keys(node).length);
    const last = i === segments.length - 1;
    const existing = Object.hasOwn(node, segment) ? node[segment] : undefined;
    if (last) {
      if (existing !== undefined) throw new FormBodyError(`Parameter given more than once: ${key}`);
      node[segment] = value;
      return;
    }
    if (typeof existing === 'string') throw new FormBodyError(`Parameter given both as a value and as a hash: ${key}`);
    const child: Node = existing ?? {};
    node[segment] = child;
    node = child;
  }
}

function finish(node: Node | string): FormValue {
  if (typeof node === 'string') return node;
  const keys = Object.keys(node);
  const isArray = keys.length > 0 && keys.every((k, i) => INDEX.test(k) && Number(k) === i);
  if (isArray) return keys.map((k) => finish(node[k]!));
  const out: FormObject = {};
  for (const k of keys) out[k] = finish(node[k]!);
  return out;
}

/** Parse a form body (or a query string) into nested objects and arrays of strings. */
export function parseFormBody(text: string): FormObject {
  const root: Node = {};
  let pairs = 0;
  for (const [key, value] of new URLSearchParams(text)) {
    if (++pairs > MAX_PAIRS) throw new FormBodyError('Too many parameters');
    if (key === '') continue;
    insert(root, key, segmentsOf(key), value);
  }
  // The top level is always a hash of parameters, whatever its keys.
  const out: FormObject = {};
  for (const k of Object.keys(root)) out[k] = finish(root[k]!);
  return out;
}

/** ['line_items', 0, 'quantity'] → 'line_items[0][quantity]': how Stripe names a nested parameter in its errors. */
export function bracketPath(path: ReadonlyArray<string | number>): string {
  return path.map((p, i) => (i === 0 ? String(p) : `[${p}]`)).join('');
}
