import * as React from 'react';
import { POST_LIMITS, POST_MESSAGES } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { errorMessage, isApiError } from '#/lib/api';
import { useSharedText, useT } from '#/lib/i18n';
import { QueuedSends } from '#/components/queued-sends';
import { useDraft } from '#/lib/offline/drafts';
import { useQueueWhenOffline } from '#/lib/offline/outbox';
import { postKeys } from './post-cache';
import { useCreateCommentMutation } from './comments-api';
import { catalog } from './i18n';
import { MentionTextarea } from './mention-textarea';

interface CommentFormProps {
  postId: string;
  /** A reply to this top-level comment. */
  parent?: { id: string; authorName: string };
  onDone?: () => void;
  autoFocus?: boolean;
}

/** Where a comment (or a reply to `parentId`) is kept as a draft and queued offline. */
export const commentPlace = (postId: string, parentId?: string) => `comment:${postId}${parentId ? `:${parentId}` : ''}`;

/**
 * Write a comment or a reply; a failed send keeps the text. A reply written offline is queued and the reply form
 * closes as after a send: its queued copy shows under the comment it answers (comment-item.tsx), not in the form.
 */
export function CommentForm({ postId, parent, onDone, autoFocus }: CommentFormProps) {
  const id = React.useId();
  const draftPlace = commentPlace(postId, parent?.id);
  const [text, setText] = useDraft(draftPlace);
  const queueWhenOffline = useQueueWhenOffline();
  const [error, setError] = React.useState<string | null>(null);
  const create = useCreateCommentMutation(postId);
  const t = useT(catalog);
  const s = useSharedText();
  const label = parent ? t('posts.comment.replyTo', { name: parent.authorName }) : t('posts.comment.writeLabel');

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    if (!content) {
      setError(s(POST_MESSAGES.commentEmpty));
      return;
    }
    setError(null);
    const input = { content, ...(parent ? { parentId: parent.id } : {}) };
    const path = `/api/posts/${encodeURIComponent(postId)}/comments`;
    if (queueWhenOffline({ kind: 'comment', place: draftPlace, text: content, path, body: input, invalidate: [postKeys.comments(postId), postKeys.detail(postId)] })) {
      setText('');
      onDone?.();
      return;
    }
    create.mutate(
      input,
      {
        onSuccess: () => {
          setText('');
          onDone?.();
        },
        onError: (e) => setError((isApiError(e) && (e.fields?.content ?? e.fields?.parentId)) || errorMessage(e)),
      },
    );
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-2">
      <label htmlFor={`${id}-text`} className="sr-only">
        {label}
      </label>
      <div className="flex items-end gap-2">
        <MentionTextarea
          id={`${id}-text`}
          value={text}
          onValueChange={setText}
          scope={{ postId }}
          placeholder={parent ? t('posts.comment.writeReply') : t('posts.comment.writeComment')}
          rows={1}
          maxLength={POST_LIMITS.commentMax}
          className="min-h-10"
          containerClassName="flex-1"
          autoFocus={autoFocus}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <Button type="submit" size="sm" disabled={create.isPending || text.trim() === ''}>
          {create.isPending && <Spinner />}
          {parent ? t('posts.comment.reply') : t('posts.comment.send')}
        </Button>
      </div>
      {!parent && <QueuedSends kind="comment" place={draftPlace} label={t('posts.comment.queued')} />}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}
