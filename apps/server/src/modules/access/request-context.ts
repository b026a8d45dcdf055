import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { AppContext } from '../../app-context.js';
import { errorBody, forbidden, PLATFORM_ERRORS, unauthenticated } from '../../platform/errors.js';
import { registerStatementCount } from '../../platform/statement-count.js';
import { checkRouteAccess, type Actor, type RouteAccess } from './policy.js';
import { loadAccess } from './repository.js';
import { connectSessionCache, createSessionCache, type SessionCache } from './session-cache.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; every /api route must declare it (checked at start-up). */
    access?: RouteAccess;
    /**
     * Accept a mutation from any Origin, `null` included: only for a public route that reads no cookie and whose
     * credential is in the request itself (a signed token), so a forged cross-site request can do nothing the
     * token's holder could not do directly. CSRF needs ambient authority; such a route has none.
     */
    anyOrigin?: true;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

/** Cached Actors live at most this long (a safety net: invalidation does the real work, see session-cache.ts). */
const SESSION_CACHE_TTL_MS = 30_000;
const SESSION_CACHE_MAX_ENTRIES = 10_000;
/** How long an answer waits at most for its own change to come back as committed (a rollback never does). */
const SETTLE_TIMEOUT_MS = 100;
const sessionCaches = new WeakMap<AppContext, SessionCache>();
/** The name of better-auth's session cookie, once known (a Cookie header without it has no session). */
const sessionCookieNames = new WeakMap<AppContext, string>();

/** The app's session cache (tests look into it). */
export function sessionCacheOf(ctx: AppContext): SessionCache | undefined {
  return sessionCaches.get(ctx);
}

/**
 * Resolve the session of a request into an Actor (user, profile access fields, roles). better-auth decides
 * (signature, expiry, the session row); its answer is cached by the exact Cookie header until a change of the
 * member's rows is heard (decision 010).
 */
export async function resolveActor(ctx: AppContext, request: FastifyRequest): Promise<Actor | null> {
  const cookie = request.headers.cookie;
  const cookieName = sessionCookieNames.get(ctx);
  // Exactly what better-auth concludes for a request without its cookie, without building its context.
  if (!cookie || (cookieName && !cookie.includes(cookieName))) return null;
  const cache = sessionCaches.get(ctx);
  if (cache) {
    // A change notification that reached this process together with this request may sit unread behind it in the
    // same turn of the event loop: let pending I/O run before trusting an entry.
    await new Promise<void>((resolve) => setImmediate(resolve));
    const cached = cache.get(cookie);
    if (cached) return cached;
  }
  const generation = cache?.generation() ?? 0;
  let headers: Headers;
  try {
    headers = fromNodeHeaders(request.headers);
  } catch {
    // Header bytes the Fetch API refuses (only injected requests can carry them): no session.
    return null;
  }
  const session = await ctx.auth.api.getSession({ headers }).catch(() => null);
  if (!session) return null;
  const access = await loadAccess(ctx.database.db, session.user.id);
  const actor = freezeActor({
    userId: session.user.id,
    email: session.user.email,
    sessionId: session.session.id,
    ...access,
  });
  cache?.set(cookie, actor, new Date(session.session.expiresAt), generation);
  return actor;
}

/** Cached Actors are shared by requests: nothing may change one. */
function freezeActor(actor: Actor): Actor {
  if (actor.profile) Object.freeze(actor.profile);
  if (actor.ownProfile) {
    Object.freeze(actor.ownProfile.interests);
    Object.freeze(actor.ownProfile);
  }
  Object.freeze(actor.roles);
  Object.freeze(actor.communityRoles);
  return Object.freeze(actor);
}

const actors = new WeakMap<FastifyRequest, Promise<Actor | null>>();

/**
 * The request's Actor, resolved at most once per request. Routes that are not public get it from the access
 * hook as `request.actor`; public routes that care who is calling (sign-out, slugs, media, analytics) ask here,
 * so the many public requests that do not care never pay for the session and access queries.
 */
export function actorOf(ctx: AppContext, request: FastifyRequest): Promise<Actor | null> {
  let actor = actors.get(request);
  if (!actor) {
    actor = resolveActor(ctx, request);
    actors.set(request, actor);
  }
  return actor;
}

function dependsOnSession(request: FastifyRequest): boolean {
  const url = request.routeOptions.url;
  if (!url?.startsWith('/api/')) return false;
  const access = request.routeOptions.config?.access;
  return (!!access && access !== 'public') || actors.has(request) || url.startsWith('/api/auth/');
}

export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthenticated();
  return request.actor;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Registers the access table enforcement: a route without `config.access` fails at start-up,
 * and each request is checked against its route's declaration before the handler runs.
 */
export function registerAccessControl(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('actor', null);
  if (ctx.config.BENCH_COUNT_SQL) registerStatementCount(app, ctx.database);

  // Until the cache hears the database's change notifications (onReady), it serves nothing.
  const cache = createSessionCache({ ttlMs: SESSION_CACHE_TTL_MS, maxEntries: SESSION_CACHE_MAX_ENTRIES });
  sessionCaches.set(ctx, cache);
  let disconnect: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    sessionCookieNames.set(ctx, (await ctx.auth.$context).authCookies.sessionToken.name);
    disconnect = await connectSessionCache(cache, ctx.database);
  });
  app.addHook('onClose', async () => disconnect?.());

  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (!url.startsWith('/api/') || url.startsWith('/api/auth/')) return;
    if (!route.config?.access) {
      throw new Error(`Route ${route.method} ${url} has no config.access entry in the access table`);
    }
  });

  // An answer that depends on the session must never be stored by a browser or a shared cache (a proxy handing one
  // member's /api/me to the next, a back button showing a signed-out member's inbox): routes that are not public,
  // public ones that asked who is calling (sign-out, slugs, analytics), better-auth's endpoints and any answer that
  // sets a cookie. Set on the way out, so error answers carry it too. Public answers keep their own caching.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (dependsOnSession(request) || reply.hasHeader('set-cookie')) reply.header('cache-control', 'private, no-store');
    // An answer that follows a change of an Actor (sign-out, deactivation, a role...) made by this request waits
    // until that change's COMMIT notification came back to this process: PostgreSQL has then sent it to every
    // process, so the member's next request finds the old entry gone wherever it lands (decision 010).
    const since = Date.now() - reply.elapsedTime;
    if (!cache.changesPending(since)) return done(null, payload);
    cache.settled(since, SETTLE_TIMEOUT_MS).then(() => done(null, payload), done);
  });

  // Mutations from a foreign Origin are refused (CSRF); requests without Origin come from non-browsers.
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.anyOrigin) return;
    const origin = request.headers.origin;
    if (origin && !ctx.config.origins.includes(origin.replace(/\/$/, ''))) {
      return reply.status(403).send(errorBody('FORBIDDEN', PLATFORM_ERRORS.originNotAllowed({ publicUrl: ctx.config.publicUrl })));
    }
  });

  // preValidation, not preHandler: a caller without access learns nothing about the route's input rules
  // (401/403 before any 400 with field messages).
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    request.actor = await actorOf(ctx, request);
    const denied = await checkRouteAccess(access, request.actor, () => ctx.settings.flags());
    if (denied === 401) throw unauthenticated();
    if (denied === 403) throw forbidden();
  });
}
