import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { DEFAULT_APP_DESCRIPTION, DEFAULT_APP_NAME, DEFAULT_LIMITED_USER_FLAGS, type MeView } from '@bayclub/shared';
import { Providers } from '#/app/providers';
import { rootRoutes } from '#/app/router';
import { sessionStore } from '#/lib/session/session-store';
import { createQueryClient } from '#/lib/query-client';

export type Handler = (request: { method: string; url: string; body: unknown }) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
export const apiError = (status: number, code: string, message: string) => json({ error: { code, message } }, status);
/** A request the server never answers. */
export const never = () => new Promise<Response>(() => {});

const defaults: Record<string, Handler> = {
  'GET /api/me': () => apiError(401, 'UNAUTHENTICATED', 'Sign in first'),
  'GET /api/settings/public': () =>
    json({
      app_name: DEFAULT_APP_NAME,
      app_description: DEFAULT_APP_DESCRIPTION,
      favicon_url: null,
      fallback_favicon_url: null,
      email_logo_url: null,
      landing_cover_url: null,
      landing_video_url: null,
      landing_cover_type: 'image',
      verification_badge_url: null,
    }),
  'GET /api/permissions': () => json({ flags: DEFAULT_LIMITED_USER_FLAGS }),
  'GET /api/notifications/unread-count': () => json({ count: 0 }),
  'GET /api/notifications': () => json({ items: [], nextCursor: null }),
  'GET /api/messages/unread-count': () => json({ count: 0 }),
  'POST /api/session/sign-out': () => json({ ok: true }),
};

/**
 * Replace fetch with `handlers` (keyed 'METHOD /path', query string ignored; a key may end in '*').
 * Unknown calls answer 404. Returns the mock so tests can inspect calls.
 */
export function mockApi(handlers: Record<string, Handler> = {}) {
  const all: Record<string, Handler> = { ...defaults, ...handlers };
  // The session probe follows whatever /api/me answers, unless a test sets it itself.
  all['GET /api/auth/get-session'] ??= async (req) => {
    const me = await all['GET /api/me']!(req);
    return me.status === 401 ? json(null) : json({ session: { id: 's' }, user: { id: 'u' } });
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = new URL(url, 'http://localhost').pathname;
    const key = `${method} ${path}`;
    const handler =
      all[key] ??
      Object.entries(all).find(([k]) => k.endsWith('*') && key.startsWith(k.slice(0, -1)))?.[1] ??
      (() => apiError(404, 'NOT_FOUND', 'Not found'));
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    return handler({ method, url, body });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const signedInAs = (me: MeView): Record<string, Handler> => ({ 'GET /api/me': () => json(me) });

/** Render the whole app (providers, root routes, session gate) at `path` with a fresh cache. */
export function renderApp(path: string | { pathname: string; state?: unknown } = '/') {
  sessionStore.reset();
  const queryClient = createQueryClient();
  const router = createMemoryRouter(rootRoutes, { initialEntries: [path] });
  const utils = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...utils, router, queryClient };
}

/** One component (not the whole app) inside the app's providers, at `path`; the session comes from the mocked /api/me. */
export function renderInProviders(element: React.ReactElement, path = '/') {
  sessionStore.reset();
  const queryClient = createQueryClient();
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  const utils = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...utils, queryClient, router };
}
