import { Navigate, useParams } from 'react-router';
import { canSeeMembers } from '@bayclub/shared';
import { PageSpinner } from '#/components/page-spinner';
import { Button } from '#/components/ui/button';
import { useMe } from '#/lib/session/use-session';
import { isApiError } from '#/lib/api';
import { NotFoundPage } from '#/components/not-found-page';
import { useT } from '#/lib/i18n';
import { useSlugQuery, type SlugTarget } from './api';
import { catalog } from './i18n';

/** Where a resolved slug leads. */
export function slugDestination(target: SlugTarget): string {
  return target.kind === 'user' ? `/view-profile/${target.id}` : `/community/${target.id}`;
}

/**
 * /{slug} and /c/{communitySlug}: look the name up and go to the member or the community.
 * Signed-out visitors go straight to a community (its About page and Apply are for them, decision 014); for a
 * member's profile they are asked to sign in first, then sent on.
 */
export function SlugHandler({ param = 'slug', signedOut = false }: { param?: 'slug' | 'communitySlug'; signedOut?: boolean }) {
  const slug = useParams()[param] ?? '';
  const query = useSlugQuery(slug);
  const t = useT(catalog);

  if (query.isPending) {
    return <PageSpinner />;
  }
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <NotFoundPage />;
    return (
      <section role="alert" className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-3 p-8 text-center">
        <h1 className="text-xl font-semibold">{t('shell.slug.errorTitle')}</h1>
        <p className="text-muted-foreground">{query.error.message}</p>
        <Button onClick={() => void query.refetch()}>{t('shell.slug.retry')}</Button>
      </section>
    );
  }
  const to = slugDestination(query.data);
  if (signedOut && query.data.kind === 'user') return <Navigate to="/login" replace state={{ from: to }} />;
  return <Navigate to={to} replace />;
}

/**
 * /{slug}/login and /{slug}/register for a member who is signed in already: the address itself, which the slug
 * handler resolves (the community, or not found).
 */
export function SlugAddress() {
  const { slug = '' } = useParams();
  return <Navigate to={`/${encodeURIComponent(slug)}`} replace />;
}

/** /{slug}/login for visitors: sign in, then land on the community (the sign-in page follows `from`). */
export function SlugSignIn() {
  const { slug = '' } = useParams();
  return <Navigate to="/login" replace state={{ from: `/${encodeURIComponent(slug)}` }} />;
}

/**
 * /{slug}/register once signed in. Applicants (pending or rejected) go to their profile, where their application
 * stands: applying through this very form signs them in on this address, and sending them on to the community
 * raced the form's own move to /profile (the community would only tell them to wait). Members go to /{slug}.
 */
export function SlugRegisterAddress() {
  const me = useMe();
  if (me && !canSeeMembers(me.profile)) return <Navigate to="/profile" replace />;
  return <SlugAddress />;
}
