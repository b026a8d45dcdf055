import * as React from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { CommentView } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { useMe } from '#/lib/session/use-session';
import { memberName } from '#/lib/member-format';
import { MessageText } from '#/components/message-text';
import { VerifiedBadge } from '#/components/member/verified-badge';
import { errorMessage } from '#/lib/api';
import { useT } from '#/lib/i18n';
import { CommentEditForm } from './comment-edit-form';
import { QueuedSends } from '#/components/queued-sends';
import { CommentForm, commentPlace } from './comment-form';
import { catalog } from './i18n';
import { Replies } from './replies';
import { ContentMenu } from './content-menu';
import { useDeleteCommentMutation } from './comments-api';
import { AuthorAvatar, profilePath } from './post-header';
import { postTimeLabel, postTimeTitle } from './time-label';

interface CommentItemProps {
  comment: CommentView;
  postId: string;
  canComment: boolean;
}

/** One comment: author, time, text with links, a menu (edit, delete, report); top-level ones take replies. */
export function CommentItem({ comment, postId, canComment }: CommentItemProps) {
  const me = useMe();
  const [editing, setEditing] = React.useState(false);
  const [replying, setReplying] = React.useState(false);
  const remove = useDeleteCommentMutation(postId, comment);
  const name = memberName(comment.author);
  const mine = me?.user.id === comment.author.id;
  const topLevel = comment.parentId === null;
  const kind = topLevel ? 'comment' : 'reply';
  const t = useT(catalog);

  const handleDelete = () =>
    remove.mutate(undefined, {
      onError: (error) => toast.error(errorMessage(error, t('posts.comment.deleteFailed', { kind }))),
    });

  return (
    <div className="grid gap-2">
      <div className="flex items-start gap-2">
        <AuthorAvatar member={comment.author} className="size-8" />
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="rounded-lg bg-muted px-3 py-2">
            <p className="flex flex-wrap items-center gap-x-1.5 text-sm">
              <Link to={profilePath(comment.author)} className="font-medium hover:underline">
                {name}
              </Link>
              {comment.author.isVerified && <VerifiedBadge />}
              <time dateTime={comment.createdAt} title={postTimeTitle(comment.createdAt)} className="text-xs text-muted-foreground">
                {postTimeLabel(comment.createdAt)}
              </time>
              {comment.editedAt && <span className="text-xs text-muted-foreground">{t('posts.comment.edited', { kind })}</span>}
            </p>
            {editing ? (
              <CommentEditForm postId={postId} comment={comment} onDone={() => setEditing(false)} />
            ) : (
              <div className="text-sm">
                <MessageText content={comment.content} mentions={comment.mentions} />
              </div>
            )}
          </div>
          {topLevel && canComment && !editing && (
            <Button
              variant="link"
              size="sm"
              className="h-auto justify-self-start p-0 text-xs"
              aria-label={t('posts.comment.replyTo', { name })}
              aria-expanded={replying}
              onClick={() => setReplying((r) => !r)}
            >
              {t('posts.comment.reply')}
            </Button>
          )}
        </div>
        <ContentMenu
          label={t('posts.comment.menu', { kind, name })}
          onEdit={comment.canEdit ? () => setEditing(true) : undefined}
          remove={
            comment.canDelete
              ? {
                  title: t('posts.comment.deleteTitle', { kind }),
                  description: topLevel ? t('posts.comment.deleteDescription') : t('posts.comment.deleteReplyDescription'),
                  onConfirm: handleDelete,
                }
              : undefined
          }
          report={mine ? undefined : { kind: 'comment', id: comment.id }}
        />
      </div>
      {topLevel && (
        <div className="ml-10 grid gap-2">
          <Replies comment={comment} postId={postId} canComment={canComment} />
          <QueuedSends kind="comment" place={commentPlace(postId, comment.id)} label={t('posts.comment.repliesQueued')} />
          {replying && (
            <CommentForm postId={postId} parent={{ id: comment.id, authorName: name }} onDone={() => setReplying(false)} autoFocus />
          )}
        </div>
      )}
    </div>
  );
}
