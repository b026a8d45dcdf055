import * as React from 'react';
import { PageSpinner } from '#/components/page-spinner';
import { Navigate, useLocation } from 'react-router';
import { ComponentErrorBoundary } from '#/components/component-error-boundary';
import type { LimitedUserFlag } from '@bayclub/shared';
import { useCan, useMe } from '#/lib/session/use-session';
import { NotFoundPage } from '#/components/not-found-page';

/**
 * The back office exists only for admins and platform moderators (who see its reports queue and audit log only,
 * decision 029); everyone else sees the not-found page.
 */
export function BackOfficeOnly({ children }: { children: React.ReactNode }) {
  const me = useMe();
  if (!me?.isAdmin && !me?.roles.includes('moderator')) return <NotFoundPage />;
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

/**
 * /login and /auth once signed in: where the sign-in was headed (`state.from`, set by whatever sent the visitor to
 * sign in, such as /{slug}/login), else `fallback`. Signing in swaps the route table while the sign-in form is about
 * to navigate to `from` itself; whichever moves first now goes to the same place (a CI run once landed on Home).
 */
export function SignedInAtSignIn({ fallback }: { fallback: string }) {
  const { state } = useLocation();
  const from = (state as { from?: unknown } | null)?.from;
  const target = typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : fallback;
  return <Navigate to={target} replace />;
}
