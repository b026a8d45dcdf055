// The double's HTTP API: the few /v1 endpoints the app calls, spoken as Stripe speaks them (form bodies in,
// JSON out, Stripe's error shape, API keys, idempotency keys), so the real SDK can be pointed at it.
import http from 'node:http';
import Stripe from 'stripe';
import { createAccount, createAccountLink, createLoginLink, retrieveAccount } from './accounts.js';
import { createSession, expireSession, retrievePaymentIntent, sessionRecord, sweepExpired } from './checkout.js';
import { FormBodyError, parseFormBody, type FormObject } from './form-body.js';
import { invalid, rejectUnknown, StripeApiError } from './params.js';
import { createRefund, retrieveRefund } from './refunds.js';
import { own, randomAlphanumeric, type Ctx } from './store.js';

interface Route {
  method: 'GET' | 'POST';
  path: RegExp;
  handle: (ctx: Ctx, params: FormObject, id: string) => unknown;
}

const ID = '([^/]{1,255})';
/** A retrieve takes only `expand` (which the double ignores: it never expands). */
const retrieve = (fn: (ctx: Ctx, id: string) => unknown) => (ctx: Ctx, p: FormObject, id: string) => {
  rejectUnknown(p, { expand: 'any' });
  return fn(ctx, id);
};

const ROUTES: Route[] = [
  { method: 'POST', path: /^\/v1\/accounts$/, handle: (ctx, p) => createAccount(ctx, p) },
  { method: 'GET', path: new RegExp(`^/v1/accounts/${ID}$`), handle: retrieve(retrieveAccount) },
  { method: 'POST', path: /^\/v1\/account_links$/, handle: (ctx, p) => createAccountLink(ctx, p) },
  { method: 'POST', path: new RegExp(`^/v1/accounts/${ID}/login_links$`), handle: (ctx, p, id) => createLoginLink(ctx, id, p) },
  { method: 'POST', path: /^\/v1\/checkout\/sessions$/, handle: (ctx, p) => createSession(ctx, p) },
  { method: 'GET', path: new RegExp(`^/v1/checkout/sessions/${ID}$`), handle: retrieve((ctx, id) => sessionRecord(ctx, id).session) },
  { method: 'POST', path: new RegExp(`^/v1/checkout/sessions/${ID}/expire$`), handle: (ctx, p, id) => expireSession(ctx, id, p) },
  { method: 'POST', path: /^\/v1\/refunds$/, handle: (ctx, p) => createRefund(ctx, p) },
  { method: 'GET', path: new RegExp(`^/v1/refunds/${ID}$`), handle: retrieve(retrieveRefund) },
  { method: 'GET', path: new RegExp(`^/v1/payment_intents/${ID}$`), handle: retrieve(retrievePaymentIntent) },
];

const MAX_BODY_BYTES = 1024 * 1024;

const NO_KEY =
  "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.";

/** The API key of a request: Bearer (the SDK) or Basic with the key as user name (curl -u sk_test_...:). */
function apiKeyOf(header: string | undefined): string | null {
  const m = /^(Bearer|Basic)\s+(\S+)$/i.exec(header ?? '');
  if (!m) return null;
  return m[1]!.toLowerCase() === 'bearer' ? m[2]! : Buffer.from(m[2]!, 'base64').toString('utf8').split(':')[0]!;
}

function authError(header: string | undefined): StripeApiError | null {
  const key = apiKeyOf(header);
  if (!key) return invalid(NO_KEY, undefined, undefined, 401);
  if (!/^sk_test_\w+$/.test(key)) return invalid(`Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, Math.min(key.length - 12, 24)))}${key.slice(-4)}`, undefined, undefined, 401);
  return null;
}

/** JSON with sorted keys: the same parameters give the same text, whatever order they came in. */
function fingerprint(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(fingerprint).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${fingerprint(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(invalid('The request body is too large.', undefined, undefined, 413));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

interface Answer {
  status: number;
  body: string;
  headers?: Record<string, string>;
}

const errorAnswer = (err: StripeApiError): Answer => ({ status: err.status, body: JSON.stringify({ error: err.body }, null, 2) });

/** Answer one request; every change to the state is saved before the answer leaves. */
async function answer(ctx: Ctx, save: () => void, req: http.IncomingMessage, requestId: string): Promise<Answer> {
  // Read first, whatever the answer: a body left unread would stall the kept-alive connection.
  const raw = await readBody(req);
  const denied = authError(req.headers.authorization);
  if (denied) return errorAnswer(denied);
  if (req.headers['stripe-account']) {
    return errorAnswer(invalid("Bay Club's local Stripe double does not act on connected accounts: leave out the Stripe-Account header."));
  }
  const target = new URL(req.url ?? '/', 'http://stripe.local');
  const method = req.method ?? 'GET';
  let route: Route | undefined;
  let match: RegExpExecArray | null = null;
  for (const r of ROUTES) {
    match = r.method === method ? r.path.exec(target.pathname) : null;
    if (match) {
      route = r;
      break;
    }
  }
  if (!route || !match) {
    return errorAnswer(
      invalid(`Unrecognized request URL (${method}: ${target.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`, undefined, undefined, 404),
    );
  }
  const type = String(req.headers['content-type'] ?? '').split(';')[0]!.trim();
  if (method === 'POST' && raw && type !== 'application/x-www-form-urlencoded') {
    throw invalid(`Invalid request: unsupported Content-Type ${type || 'none'}. If error persists and you need assistance, please contact support@stripe.com.`);
  }
  let params: FormObject;
  try {
    params = parseFormBody(method === 'POST' ? raw : target.search.slice(1));
  } catch (err) {
    if (err instanceof FormBodyError) throw invalid(err.message);
    throw err;
  }
  // Sessions past their expires_at expire before anyone can see them open.
  if (sweepExpired(ctx)) save();

  const key = method === 'POST' ? req.headers['idempotency-key'] : undefined;
  const endpoint = `${method} ${target.pathname}`;
  const print = fingerprint(params);
  if (typeof key === 'string') {
    if (key.length > 255) throw invalid('Keys for idempotent requests can be no longer than 255 characters.');
    const seen = own(ctx.state.idempotency, key);
    if (seen) {
      const retry = `Try using a key other than '${key}' if you meant to execute a different request.`;
      if (seen.endpoint !== endpoint) {
        throw new StripeApiError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${seen.endpoint}' vs '${endpoint}'). ${retry}`,
        });
      }
      if (seen.fingerprint !== print) {
        throw new StripeApiError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. ${retry}`,
        });
      }
      return { status: seen.status, body: seen.body, headers: { 'idempotent-replayed': 'true', 'original-request': seen.requestId } };
    }
  }
  let id = match[1] ?? '';
  try {
    id = decodeURIComponent(id);
  } catch {
    // Not valid percent-encoding: looked up as sent, and not found.
  }
  const body = JSON.stringify(route.handle(ctx, params, id), null, 2);
  // Only successes are kept: Stripe keeps no result for a request refused by validation, so a corrected retry
  // with the same key goes through.
  if (typeof key === 'string') ctx.state.idempotency[key] = { endpoint, fingerprint: print, status: 200, body, requestId, created: ctx.nowSeconds() };
  if (method === 'POST') save();
  return { status: 200, body };
}

/** The API on a node:http server (the caller listens). */
export function createApiServer(ctx: Ctx, save: () => void): http.Server {
  return http.createServer((req, res) => {
    const requestId = `req_${randomAlphanumeric(14)}`;
    const send = (a: Answer) => {
      if (res.headersSent) return;
      res.writeHead(a.status, {
        'content-type': 'application/json',
        'request-id': requestId,
        'stripe-version': String(req.headers['stripe-version'] ?? Stripe.API_VERSION),
        ...a.headers,
      });
      res.end(a.body);
    };
    answer(ctx, save, req, requestId).then(send, (err: unknown) => {
      if (err instanceof StripeApiError) send(errorAnswer(err));
      else {
        process.emitWarning(`stripe-local: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
        send(errorAnswer(new StripeApiError(500, { type: 'api_error', message: 'An unknown error occurred' })));
      }
    });
  });
}
