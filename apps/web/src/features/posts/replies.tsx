import * as React from 'react';
import type { CommentView } from '@bayclub/shared';
import { itemsOf } from '#/lib/api';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { useT } from '#/lib/i18n';
import { CommentItem } from './comment-item';
import { useRepliesQuery } from './comments-api';
import { catalog } from './i18n';

/**
 * A comment's replies (oldest first): the first few come with the comment; 'View more replies' reads them all
 * a page at a time.
 */
export function Replies({ comment, postId, canComment }: { comment: CommentView; postId: string; canComment: boolean }) {
  const [expanded, setExpanded] = React.useState(false);
  const query = useRepliesQuery(comment.id, expanded);
  const t = useT(catalog);
  const preview = comment.replies ?? [];
  const loaded = itemsOf(query.data);
  const replies = expanded && query.data ? loaded : preview;
  const hidden = Math.max(0, (comment.replyCount ?? preview.length) - replies.length);
  if (replies.length === 0 && hidden === 0) return null;

  return (
    <div className="grid gap-2">
      {replies.length > 0 && (
        <ul aria-label={
            comment.author.fullName != null ? t('posts.replies.label', { name: comment.author.fullName }) : t('posts.replies.labelNoName')
          } className="grid gap-2">
          {replies.map((reply) => (
            <li key={reply.id}>
              <CommentItem comment={reply} postId={postId} canComment={canComment} />
            </li>
          ))}
        </ul>
      )}
      {(expanded ? query.hasNextPage : hidden > 0) && (
        <Button
          variant="link"
          size="sm"
          className="h-auto justify-self-start p-0 text-xs"
          disabled={query.isFetching}
          onClick={() => (expanded ? void query.fetchNextPage() : setExpanded(true))}
        >
          {query.isFetching && <Spinner />}
          {t('posts.replies.more', { count: hidden })}
        </Button>
      )}
    </div>
  );
}
