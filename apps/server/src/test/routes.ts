import type { FastifyInstance, RouteOptions } from 'fastify';
import type { RouteAccess } from '../modules/access/policy.js';

/** One method of one registered route, as the onRoute hook saw it. */
export interface RegisteredRoute {
  method: string;
  url: string;
  access: RouteAccess | undefined;
  schema: RouteOptions['schema'];
}

const recorded = new WeakMap<object, RegisteredRoute[]>();

type FastifyModule = typeof import('fastify');

/**
 * For `vi.mock('fastify', ...)`: wraps the Fastify factory so each instance records its routes
 * with an onRoute hook added before buildApp registers anything. Use it like this at the top of a test file:
 *
 *   vi.mock('fastify', async (importOriginal) =>
 *     (await import('../test/routes.js')).withRouteRecorder(await importOriginal()));
 */
export function withRouteRecorder(mod: FastifyModule): FastifyModule {
  const original = mod.default;
  const wrapped = ((...args: unknown[]) => {
    const app = (original as unknown as (...a: unknown[]) => FastifyInstance)(...args);
    const list: RegisteredRoute[] = [];
    recorded.set(app, list);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (list.some((r) => r.method === method && r.url === route.url)) continue;
        list.push({ method, url: route.url, access: route.config?.access, schema: route.schema });
      }
    });
    return app;
  }) as unknown as typeof original;
  return Object.assign({}, mod, { default: wrapped, fastify: wrapped });
}

/** The routes an app registered (needs withRouteRecorder mocked in, see above). */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const list = recorded.get(app);
  if (!list) throw new Error("No routes recorded: mock 'fastify' with withRouteRecorder in this test file");
  return list;
}

/** A concrete URL for a route pattern: `:id` style parameters replaced by the given values. */
export function fillParams(url: string, values: Record<string, string> = {}): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => encodeURIComponent(values[name] ?? 'x'));
}
