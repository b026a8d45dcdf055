import { Navigate, useParams } from 'react-router';
import { PageSpinner } from '#/components/page-spinner';
import { Button } from '#/components/ui/button';
import { isApiError } from '#/lib/api';
import { NotFoundPage } from './not-found-page';
import { useSlugQuery, type SlugTarget } from './slug-api';

/** Where a resolved slug leads. */
export function slugDestination(target: SlugTarget): string {
  return target.kind === 'user' ? `/view-profile/${target.id}` : `/community/${target.id}`;
}

/**
 * /{slug} and /c/{communitySlug}: look the name up and go to the member or the community.
 * Signed-out visitors are asked to sign in first (those pages are for members), then sent on.
 */
export function SlugHandler({ param = 'slug', signedOut = false }: { param?: 'slug' | 'communitySlug'; signedOut?: boolean }) {
  const slug = useParams()[param] ?? '';
  const query = useSlugQuery(slug);

  if (query.isPending) {
    return <PageSpinner />;
  }
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <NotFoundPage />;
    return (
      <section role="alert" className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-3 p-8 text-center">
        <h1 className="text-xl font-semibold">Could not open this page</h1>
        <p className="text-muted-foreground">{query.error.message}</p>
        <Button onClick={() => void query.refetch()}>Try again</Button>
      </section>
    );
  }
  const to = slugDestination(query.data);
  if (signedOut) return <Navigate to="/login" replace state={{ from: to }} />;
  return <Navigate to={to} replace />;
}
