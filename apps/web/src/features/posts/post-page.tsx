import { Link, useParams } from 'react-router';
import { ArrowLeftIcon } from 'lucide-react';
import { accessLevel } from '@bayclub/shared';
import { PageSpinner } from '#/components/page-spinner';
import { Button } from '#/components/ui/button';
import { useCan, useMe } from '#/lib/session/use-session';
import { NotFoundPage } from '#/components/not-found-page';
import { PageLoadError } from '#/components/page-load-error';
import { isApiError } from '#/lib/api';
import { useT } from '#/lib/i18n';
import { usePostQuery } from './api';
import { catalog } from './i18n';
import { PostCard } from './post-card';
import { usePostsRealtime } from './use-posts-realtime';

/**
 * '/community/posts/:postId': a post with all its comments (the link Share copies). Full members, and community
 * members who may see Home or communities; the server answers 404 to anyone who cannot read the post.
 */
export function PostPage() {
  const { postId = '' } = useParams();
  const me = useMe();
  const feed = useCan('see_feed_nav');
  const communities = useCan('see_communities_nav');
  const full = accessLevel(me?.profile ?? null) === 'full_platform';
  if (!full && !feed && !communities) return <NotFoundPage />;
  return <PostPageContent key={postId} postId={postId} />;
}

function PostPageContent({ postId }: { postId: string }) {
  usePostsRealtime();
  const query = usePostQuery(postId);
  const t = useT(catalog);
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    const error = query.error;
    if (isApiError(error) && (error.isNotFound || error.isForbidden || error.status === 400)) return <NotFoundPage />;
    return <PageLoadError what={t('posts.page.what')} error={error} onRetry={() => void query.refetch()} />;
  }
  const post = query.data;
  const back = post.community ? { to: `/community/${post.community.id}`, label: post.community.name } : { to: '/community', label: t('posts.page.backHome') };
  return (
    <section aria-labelledby="post-title" className="mx-auto grid w-full max-w-2xl content-start gap-4 px-4 py-6 sm:px-6 sm:py-8">
      <h1 id="post-title" className="sr-only">
        {t('posts.page.title')}
      </h1>
      <Button asChild variant="ghost" size="sm" className="justify-self-start">
        <Link to={back.to}>
          <ArrowLeftIcon aria-hidden="true" />
          {back.label}
        </Link>
      </Button>
      <PostCard post={post} defaultCommentsOpen afterDelete={back.to} />
    </section>
  );
}
