import * as React from 'react';
import { POST_LIMITS, updateCommentSchema, type CommentView } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { errorMessage, isApiError } from '#/lib/api';
import { useSharedText, useT } from '#/lib/i18n';
import { useUpdateCommentMutation } from './comments-api';
import { catalog } from './i18n';
import { MentionTextarea } from './mention-textarea';

/** Edit one's own comment in place; Cancel leaves it as it was, a failed save keeps the new text. */
export function CommentEditForm({ postId, comment, onDone }: { postId: string; comment: CommentView; onDone: () => void }) {
  const id = React.useId();
  const [text, setText] = React.useState(comment.content);
  const [error, setError] = React.useState<string | null>(null);
  const update = useUpdateCommentMutation(postId, comment.id);
  const t = useT(catalog);
  const s = useSharedText();

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = updateCommentSchema.safeParse({ content: text });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      setError(message ? s(message) : null);
      return;
    }
    update.mutate(parsed.data.content, {
      onSuccess: onDone,
      onError: (e) => setError((isApiError(e) && e.fields?.content) || errorMessage(e)),
    });
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-2 pt-1">
      <label htmlFor={`${id}-text`} className="sr-only">
        {t('posts.comment.editLabel')}
      </label>
      <MentionTextarea
        id={`${id}-text`}
        value={text}
        onValueChange={setText}
        scope={{ postId }}
        rows={2}
        maxLength={POST_LIMITS.commentMax}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onDone} disabled={update.isPending}>
          {t('posts.dialog.cancel')}
        </Button>
        <Button type="submit" size="sm" disabled={update.isPending}>
          {update.isPending && <Spinner />}
          {t('posts.dialog.save')}
        </Button>
      </div>
    </form>
  );
}
