import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ErrorBody } from '@bayclub/shared';
import '#/lib/catalog';
import { t } from '#/lib/i18n';
import { currentLocale } from '#/lib/i18n/i18n';

/** An error answer from our API: `{ error: { code, message, fields? } }`, or a network failure (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }

  get isNetwork() {
    return this.status === 0;
  }
  get isUnauthorized() {
    return this.status === 401;
  }
  get isForbidden() {
    return this.status === 403;
  }
  get isNotFound() {
    return this.status === 404;
  }
  /** Worth retrying: the network failed or the server broke, not our request. */
  get isTransient() {
    return this.status === 0 || this.status >= 500;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

type Json = Record<string, unknown> | unknown[] | null;

export interface RequestOptions {
  body?: Json | FormData;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** An error answer whose body is a result to show, not a failure (a refused check-in): returned, not thrown. */
  answer?: (body: unknown) => boolean;
}

/** The body of a refusal that is an answer: `{ outcome, message }` (check-ins at the door and at places). */
export const isOutcomeAnswer = (body: unknown): body is { outcome: string; message: string } =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { outcome?: unknown }).outcome === 'string' &&
  typeof (body as { message?: unknown }).message === 'string';

function isErrorBody(v: unknown): v is ErrorBody {
  return (
    typeof v === 'object' &&
    v !== null &&
    'error' in v &&
    typeof (v as ErrorBody).error === 'object' &&
    (v as ErrorBody).error !== null &&
    typeof (v as ErrorBody).error.message === 'string'
  );
}

async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  // The server answers its texts (errors, refusals) in the page's language, which may not be the browser's.
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': currentLocale(), ...opts.headers };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) {
    body = opts.body;
  } else if (method !== 'GET' && method !== 'HEAD') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body ?? {});
  }

  let res: Response;
  try {
    res = await fetch(path, { method, headers, body, credentials: 'include', signal: opts.signal });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, 'NETWORK', t('lib.api.network'));
  }

  const text = res.status === 204 ? '' : await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!res.ok) {
    if (opts.answer?.(data)) return data as T;
    if (isErrorBody(data)) {
      throw new ApiError(res.status, String(data.error.code), data.error.message, data.error.fields);
    }
    // better-auth answers some errors in its own shape: { code, message }.
    if (typeof data === 'object' && data !== null && typeof (data as { message?: unknown }).message === 'string') {
      const { code, message } = data as { code?: unknown; message: string };
      throw new ApiError(res.status, typeof code === 'string' ? code : 'HTTP_ERROR', message);
    }
    throw new ApiError(res.status, res.status >= 500 ? 'INTERNAL' : 'HTTP_ERROR', res.statusText || t('lib.api.requestFailed', { status: res.status }));
  }
  return data as T;
}

/** Same-origin JSON client: sends the session cookie, throws ApiError on any non-2xx answer. */
export const api = {
  get: <T>(path: string, opts?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, opts),
  post: <T>(path: string, body?: Json | FormData, opts?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...opts, body: body ?? {} }),
  put: <T>(path: string, body?: Json | FormData, opts?: Omit<RequestOptions, 'body'>) =>
    request<T>('PUT', path, { ...opts, body: body ?? {} }),
  patch: <T>(path: string, body?: Json | FormData, opts?: Omit<RequestOptions, 'body'>) =>
    request<T>('PATCH', path, { ...opts, body: body ?? {} }),
  delete: <T>(path: string, body?: Json, opts?: Omit<RequestOptions, 'body'>) =>
    request<T>('DELETE', path, { ...opts, body: body ?? {} }),
};

/**
 * A keyset-paged list's address: `path` with its filters and, past the first page, the cursor the previous page
 * returned (no "?" when there is neither).
 */
export function pageUrl(path: string, params: Record<string, string> | URLSearchParams, cursor: string | null): string {
  const search = new URLSearchParams(params);
  if (cursor) search.set('cursor', cursor);
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Every item of an infinite query's pages, in order (empty until the first page is there). */
export const itemsOf = <T>(data: { pages: Array<{ items: T[] }> } | undefined): T[] => data?.pages.flatMap((p) => p.items) ?? [];

/**
 * Put the server's per-field messages into a react-hook-form form.
 * Returns true when at least one field got a message (otherwise show `error.message` yourself).
 */
export function applyFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): boolean {
  if (!isApiError(error) || !error.fields) return false;
  const entries = Object.entries(error.fields);
  entries.forEach(([field, message], i) => {
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: i === 0 });
  });
  return entries.length > 0;
}

/** A message fit to show a person for any thrown value ('Something went wrong. Please try again.' unless told). */
export function errorMessage(error: unknown, fallback: string = t('lib.error.generic')): string {
  if (isApiError(error)) return error.message || fallback;
  return fallback;
}
