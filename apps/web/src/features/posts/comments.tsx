import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { RetryButton } from '#/components/retry-button';
import { useCan } from '#/lib/session/use-session';
import { errorMessage, itemsOf } from '#/lib/api';
import { useT } from '#/lib/i18n';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';
import { useCommentsQuery } from './comments-api';
import { catalog } from './i18n';

/**
 * A post's comments, oldest first (newest last), a page at a time; each with its replies (one level). Members
 * with comment_posts write at the bottom and reply to comments.
 */
export function Comments({ id, postId }: { id: string; postId: string }) {
  const query = useCommentsQuery(postId);
  const canComment = useCan('comment_posts');
  const comments = itemsOf(query.data);
  const t = useT(catalog);

  return (
    <section id={id} aria-label={t('posts.comments.label')} className="grid gap-3 border-t pt-3">
      {query.isPending ? (
        <Spinner label={t('posts.comments.loading')} className="justify-self-center" />
      ) : query.isError && comments.length === 0 ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-destructive">
          {errorMessage(query.error, t('posts.comments.loadFailed'))}
          <RetryButton size="sm" onClick={() => void query.refetch()} />
        </div>
      ) : comments.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('posts.comments.empty')}</p>
      ) : (
        <ul className="grid gap-3">
          {comments.map((comment) => (
            <li key={comment.id}>
              <CommentItem comment={comment} postId={postId} canComment={canComment} />
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <Button
          variant="ghost"
          size="sm"
          className="justify-self-start"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
        >
          {query.isFetchingNextPage && <Spinner />}
          {t('posts.comments.loadMore')}
        </Button>
      )}
      {canComment && <CommentForm postId={postId} />}
    </section>
  );
}
