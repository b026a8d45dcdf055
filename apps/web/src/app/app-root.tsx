import * as React from 'react';
import { ScrollRestoration, useRoutes } from 'react-router';
import { SessionGate } from '#/features/auth/session-gate';
import type { Audience } from '#/features/auth/use-session';
import { DocumentMeta } from '#/features/shell/document-meta';
import { routesFor } from './routes';

function AudienceRoutes({ audience }: { audience: Audience }) {
  const routes = React.useMemo(() => routesFor(audience), [audience]);
  return useRoutes(routes);
}

/** Everything under the router: metadata, the session gate and the route table of this kind of visitor. */
export function AppRoot() {
  return (
    <>
      <DocumentMeta />
      <ScrollRestoration />
      <SessionGate>{(audience) => <AudienceRoutes audience={audience} />}</SessionGate>
    </>
  );
}
