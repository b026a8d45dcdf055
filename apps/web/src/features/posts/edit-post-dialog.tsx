import * as React from 'react';
import { POST_LIMITS, POST_MESSAGES, updatePostSchema, type PostView } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#/components/ui/dialog';
import { Spinner } from '#/components/ui/spinner';
import { errorMessage, isApiError } from '#/lib/api';
import { useSharedText, useT } from '#/lib/i18n';
import { useUpdatePostMutation } from './api';
import { catalog } from './i18n';
import { keepOpenWhileSuggesting, MentionTextarea } from './mention-textarea';

interface EditPostDialogProps {
  post: PostView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** Edit a post's text (its photos stay as posted, decision 014). A failed save keeps what was typed. */
export function EditPostDialog({ post, open, onOpenChange, onCloseAutoFocus }: EditPostDialogProps) {
  const id = React.useId();
  const [text, setText] = React.useState(post.content);
  const [error, setError] = React.useState<string | null>(null);
  const update = useUpdatePostMutation(post.id);
  const t = useT(catalog);
  const s = useSharedText();

  const handleOpenChange = (next: boolean) => {
    if (update.isPending) return;
    if (next) setText(post.content);
    setError(null);
    onOpenChange(next);
  };

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = updatePostSchema.safeParse({ content: text });
    if (!parsed.success) {
      setError(s(parsed.error.issues[0]?.message ?? POST_MESSAGES.empty));
      return;
    }
    update.mutate(parsed.data.content, {
      onSuccess: () => onOpenChange(false),
      onError: (e) => setError((isApiError(e) && e.fields?.content) || errorMessage(e)),
    });
  };

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus} onEscapeKeyDown={keepOpenWhileSuggesting}>
        <DialogHeader>
          <DialogTitle>{t('posts.edit.title')}</DialogTitle>
          <DialogDescription>{t('posts.edit.description')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit} className="grid gap-3">
          <label htmlFor={`${id}-text`} className="sr-only">
            {t('posts.edit.textLabel')}
          </label>
          <MentionTextarea
            id={`${id}-text`}
            value={text}
            onValueChange={setText}
            scope={{ postId: post.id }}
            rows={6}
            maxLength={POST_LIMITS.contentMax}
            aria-invalid={!!error}
            aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
          />
          <p id={`${id}-count`} className="text-xs text-muted-foreground tabular-nums">
            {`${text.length}/${POST_LIMITS.contentMax}`}
          </p>
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => handleOpenChange(false)} disabled={update.isPending}>
              {t('posts.dialog.cancel')}
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending && <Spinner />}
              {update.isPending ? t('posts.dialog.saving') : t('posts.dialog.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
