import * as React from 'react';
import { matchRoutes, ScrollRestoration, useLocation, useRoutes, type Location, type RouteObject } from 'react-router';
import { LoadingScreen } from '#/components/loading-screen';
import { OfflineBanner } from '#/components/offline-banner';
import { SessionGate } from '#/features/auth/session-gate';
import type { Audience } from '#/lib/session/use-session';
import { DocumentMeta } from '#/features/shell/document-meta';
import { preloadElements } from '#/lib/lazy-named';
import { MemberLanguage } from '#/lib/i18n/member-language';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';
import { routesFor } from './routes';

interface Shown {
  routes: RouteObject[];
  location: Location;
}

/**
 * Pages load on demand (decision 011). Until the code of the page at `location` (and of its frame) is there,
 * keep showing the page before it, or the loading screen on the very first one: the visitor goes straight from
 * one whole page to the next, with no spinner in between and nothing shifting. The new page is rendered in a
 * transition, which React splits into short slices: a large page never blocks the main thread for long, even
 * when it follows an update React must render at once (the session arriving). Returns what to render.
 */
function useLoadedRoute(routes: RouteObject[], location: Location): Shown | null {
  const [shown, setShown] = React.useState<Shown | null>(null);
  const [failed, setFailed] = React.useState<{ error: unknown } | null>(null);
  const [, loaded] = React.useReducer((n: number) => n + 1, 0);
  const matches = React.useMemo(() => matchRoutes(routes, location) ?? [], [routes, location]);
  const pending = preloadElements(matches.map((m) => m.route.element));

  React.useEffect(() => {
    if (!pending) return;
    let live = true;
    pending.then(
      () => live && loaded(),
      (error: unknown) => live && setFailed({ error }),
    );
    return () => {
      live = false;
    };
  }, [pending]);

  const current = !pending && shown?.routes === routes && shown.location === location;
  React.useEffect(() => {
    if (!pending && !current) React.startTransition(() => setShown({ routes, location }));
  }, [pending, current, routes, location]);

  if (failed) throw failed.error; // the route error page: the code could not be downloaded
  return shown;
}

function AudienceRoutes({ audience }: { audience: Audience }) {
  const routes = React.useMemo(() => routesFor(audience), [audience]);
  const location = useLocation();
  const shown = useLoadedRoute(routes, location);
  const t = useT(catalog);
  // Always rendered with an explicit location, so the tree keeps its shape (and state) from one page to the next.
  const element = useRoutes(shown?.routes ?? routes, shown?.location ?? location);
  return shown ? element : <LoadingScreen label={t('app.loading')} />;
}

/** Everything under the router: metadata, the session gate and the route table of this kind of visitor. */
export function AppRoot() {
  return (
    <>
      <DocumentMeta />
      <MemberLanguage />
      <ScrollRestoration />
      <OfflineBanner />
      <SessionGate>{(audience) => <AudienceRoutes audience={audience} />}</SessionGate>
    </>
  );
}
