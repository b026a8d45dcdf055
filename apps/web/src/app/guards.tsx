import * as React from 'react';
import { PageSpinner } from '#/components/page-spinner';
import { useLocation } from 'react-router';
import { ComponentErrorBoundary } from '#/components/component-error-boundary';
import type { LimitedUserFlag } from '@bayclub/shared';
import { useCan, useMe } from '#/features/auth/use-session';
import { NotFoundPage } from '#/features/shell/not-found-page';

/** Admin pages exist only for admins; everyone else sees the not-found page. */
export function AdminOnly({ children }: { children: React.ReactNode }) {
  const me = useMe();
  if (!me?.isAdmin) return <NotFoundPage />;
  return <Boundary>{children}</Boundary>;
}

/** The CRM exists only for members with CRM access (spec 6). */
export function CrmOnly({ children }: { children: React.ReactNode }) {
  const me = useMe();
  if (!me?.hasCrmAccess) return <NotFoundPage />;
  return <Boundary>{children}</Boundary>;
}

/** 'Component Error' with 'Try Again', reset when the route changes. */
export function Boundary({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ComponentErrorBoundary resetKeys={[pathname]}>
      <React.Suspense fallback={<PageSpinner />}>{children}</React.Suspense>
    </ComponentErrorBoundary>
  );
}


/**
 * A page outside the community_only route table that a navigation flag opens (see_feed_nav for
 * /community, see_connections_nav for /connections): with the flag off it does not exist.
 */
export function FlagOnly({ flag, children }: { flag: LimitedUserFlag; children: React.ReactNode }) {
  const allowed = useCan(flag);
  if (!allowed) return <NotFoundPage />;
  return <>{children}</>;
}
