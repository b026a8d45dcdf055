// Stripe's refusals and the readers of its form parameters. The texts are Stripe's own where we know them, so the
// SDK throws the same typed errors (StripeInvalidRequestError, StripeIdempotencyError...) with the same messages
// the app would see from Stripe.
import { bracketPath, type FormValue } from './form-body.js';
import type { Metadata } from './store.js';

export interface StripeErrorBody {
  type: 'invalid_request_error' | 'idempotency_error' | 'api_error';
  code?: string;
  message: string;
  param?: string;
  doc_url?: string;
}

/** A refusal in Stripe's shape: `{ error: { type, code?, message, param? } }` with its HTTP status. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

export function invalid(message: string, param?: string, code?: string, status = 400): StripeApiError {
  return new StripeApiError(status, {
    type: 'invalid_request_error',
    ...(code ? { code, doc_url: `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}` } : {}),
    message,
    ...(param ? { param } : {}),
  });
}

export const missing = (param: string) => invalid(`Missing required param: ${param}.`, param, 'parameter_missing');

/** An object that does not exist: 404 when it is the URL's, 400 when a parameter names it (as Stripe does). */
export const noSuch = (kind: string, id: string, param: string, status: 404 | 400 = 404) =>
  invalid(`No such ${kind}: '${id}'`, param, 'resource_missing', status);

/** "must be one of a, b, or c" / "a or b", Stripe's wording for an enum. */
function listOf(values: readonly string[]): string {
  if (values.length <= 2) return values.join(' or ');
  return `${values.slice(0, -1).join(', ')}, or ${values.at(-1)}`;
}

export function str(v: FormValue | undefined, param: string): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw invalid(`Invalid string: ${param} must be a string`, param);
  return v;
}

export function int(v: FormValue | undefined, param: string): number | undefined {
  const s = str(v, param);
  if (s === undefined || s === '') return undefined;
  if (!/^-?\d{1,15}$/.test(s)) throw invalid(`Invalid integer: ${s}`, param, 'parameter_invalid_integer');
  return Number(s);
}

export function atLeast(n: number | undefined, min: number, param: string): number | undefined {
  if (n !== undefined && n < min) throw invalid(`This value must be greater than or equal to ${min}.`, param);
  return n;
}

export function bool(v: FormValue | undefined, param: string): boolean | undefined {
  const s = str(v, param);
  if (s === undefined || s === '') return undefined;
  if (s !== 'true' && s !== 'false') throw invalid(`Invalid boolean: ${s}`, param);
  return s === 'true';
}

export function oneOf<T extends string>(v: FormValue | undefined, param: string, values: readonly T[]): T | undefined {
  const s = str(v, param);
  if (s === undefined) return undefined;
  if (!(values as readonly string[]).includes(s)) throw invalid(`Invalid ${param}: must be one of ${listOf(values)}`, param);
  return s as T;
}

export function url(v: FormValue | undefined, param: string): string | undefined {
  const s = str(v, param);
  if (s === undefined) return undefined;
  let ok = s.length <= 5000;
  try {
    ok &&= ['http:', 'https:'].includes(new URL(s).protocol);
  } catch {
    ok = false;
  }
  if (!ok) throw invalid('Not a valid URL', param, 'url_invalid');
  return s;
}

export function email(v: FormValue | undefined, param: string): string | undefined {
  const s = str(v, param);
  if (s === undefined || s === '') return undefined;
  if (s.length > 512 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s)) throw invalid(`Invalid email address: ${s}`, param, 'email_invalid');
  return s;
}

export function hash(v: FormValue | undefined, param: string): Record<string, FormValue> | undefined {
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw invalid('Invalid hash', param);
  return v;
}

export function array(v: FormValue | undefined, param: string): FormValue[] | undefined {
  if (v === undefined || v === '') return undefined;
  if (!Array.isArray(v)) throw invalid('Invalid array', param);
  return v;
}

/** Stripe's metadata rules: up to 50 keys of at most 40 characters, values of at most 500. */
export function metadata(v: FormValue | undefined, param: string): Metadata {
  // A hash whose keys are 0, 1, ... arrives as an array from the parser: it is still a hash here.
  const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(hash(v, param) ?? {});
  if (entries.length > 50) throw invalid(`Invalid ${param}: metadata can have up to 50 keys, but you passed in ${entries.length}.`, param);
  const out: Metadata = {};
  for (const [key, value] of entries) {
    const p = `${param}[${key}]`;
    if (typeof value !== 'string') throw invalid(`Invalid string: ${p} must be a string`, p);
    if (key.length > 40) throw invalid(`Metadata keys can have up to 40 characters, but you passed in a key that is ${key.length} characters.`, p);
    if (value.length > 500) throw invalid(`Metadata values can have up to 500 characters, but you passed in a value that is ${value.length} characters.`, p);
    // An empty value unsets a key in Stripe: on a new object it is simply not there.
    if (value !== '') out[key] = value;
  }
  return out;
}

/** Which parameters an endpoint takes: a nested shape, `[element]` for arrays, 'any' for a free-form hash. */
export type Shape = 'any' | { [key: string]: Shape } | [Shape];

/**
 * Refuse parameters the double does not know, as Stripe refuses unknown ones: a parameter it silently ignored
 * would make a test pass that real Stripe fails (or the other way round).
 */
export function rejectUnknown(value: FormValue, shape: Shape, path: Array<string | number> = []): void {
  if (shape === 'any') return;
  if (Array.isArray(shape)) {
    if (Array.isArray(value)) value.forEach((item, i) => rejectUnknown(item, shape[0], [...path, i]));
    return;
  }
  if (typeof value !== 'object' || Array.isArray(value)) return; // the reader refuses the wrong type
  for (const [key, item] of Object.entries(value)) {
    const inner = Object.hasOwn(shape, key) ? shape[key] : undefined;
    if (!inner) {
      const name = bracketPath([...path, key]);
      throw invalid(
        `Received unknown parameter: ${name} (Bay Club's local Stripe double accepts only the parameters it models)`,
        name,
        'parameter_unknown',
      );
    }
    rejectUnknown(item, inner, [...path, key]);
  }
}

/** Money as a person reads it: $25.00, £0.30, CA$12.50. */
export function formatMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
}
