import * as React from 'react';
import { ImagePlusIcon } from 'lucide-react';
import { GALLERY_IMAGE_TYPES, POST_LIMITS, POST_MESSAGES } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { useCan } from '#/lib/session/use-session';
import { errorMessage, isApiError } from '#/lib/api';
import { useSharedText, useT } from '#/lib/i18n';
import { QueuedSends } from '#/components/queued-sends';
import { useDraft } from '#/lib/offline/drafts';
import { useQueueWhenOffline } from '#/lib/offline/outbox';
import { postKeys, useCreatePostMutation } from './api';
import { catalog } from './i18n';
import { MentionTextarea } from './mention-textarea';
import { ComposerPhotos } from './composer-photos';
import { DestinationPicker, useDestinations } from './destination-picker';
import { usePhotoUploads } from './use-photo-uploads';

interface ComposerProps {
  /** A community's Posts tab: the post goes there and no picker shows. */
  community?: { id: string; name: string };
}

/**
 * Write a post: where it goes (the member feed or one of the member's communities), text with a counter, and up
 * to 6 photos uploaded as they are picked. Post waits for the uploads; a failed post keeps the whole draft.
 */
export function Composer({ community }: ComposerProps) {
  const id = React.useId();
  const canUpload = useCan('upload_images');
  const destinations = useDestinations(community);
  const [chosen, setChosen] = React.useState<string | null>(null);
  const draftPlace = community ? `post:community:${community.id}` : 'post:home';
  const [text, setText] = useDraft(draftPlace);
  const queueWhenOffline = useQueueWhenOffline();
  const [failure, setFailure] = React.useState<string | null>(null);
  const photos = usePhotoUploads();
  const create = useCreatePostMutation();
  const fileInput = React.useRef<HTMLInputElement>(null);
  const t = useT(catalog);
  const s = useSharedText();

  const destination = destinations.find((d) => d.value === chosen) ?? destinations[0];
  if (!destination) return null;
  const empty = text.trim() === '' && photos.keys.length === 0;
  const busy = photos.uploading || create.isPending;

  const handleFiles = (event: React.ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // The same file may be picked again after it was removed.
    event.target.value = '';
    if (files.length > 0) photos.add(files);
  };

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (empty || busy) return;
    setFailure(null);
    const input = { communityId: destination.communityId, content: text.trim(), imageKeys: photos.keys };
    // Offline (photos upload as they are picked, so a post with photos was written online): wait in the outbox.
    if (photos.keys.length === 0 && queueWhenOffline({ kind: 'post', place: draftPlace, text: input.content, path: '/api/posts', body: input, invalidate: [postKeys.lists()] })) {
      setText('');
      return;
    }
    create.mutate(
      input,
      {
        onSuccess: () => {
          setText('');
          photos.clear();
        },
        onError: (error) => {
          const fields = isApiError(error) ? error.fields : undefined;
          setFailure(fields?.content ?? fields?.imageKeys ?? fields?.communityId ?? errorMessage(error));
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} aria-label={t('posts.composer.label')} className="grid gap-3 rounded-xl border bg-card p-4 text-card-foreground">
      {!community && <DestinationPicker destinations={destinations} value={destination.value} onChange={setChosen} />}
      <label htmlFor={`${id}-text`} className="sr-only">
        {community ? t('posts.composer.textLabelIn', { community: community.name }) : t('posts.composer.textLabel')}
      </label>
      <MentionTextarea
        id={`${id}-text`}
        value={text}
        onValueChange={setText}
        scope={{ communityId: destination.communityId }}
        placeholder={s(POST_MESSAGES.composerPlaceholder)}
        maxLength={POST_LIMITS.contentMax}
        rows={3}
        aria-describedby={`${id}-count`}
      />
      <ComposerPhotos items={photos.items} onRemove={photos.remove} />
      <QueuedSends kind="post" place={draftPlace} label={t('posts.composer.queued')} />
      {photos.notices.length > 0 && (
        <ul role="status" aria-label={t('posts.composer.notices')} className="grid gap-1 text-sm text-destructive">
          {photos.notices.map((notice, i) => (
            <li key={i}>{notice}</li>
          ))}
        </ul>
      )}
      {failure && (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      )}
      <div className="flex items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          {canUpload && (
            <>
              <input
                ref={fileInput}
                type="file"
                accept={GALLERY_IMAGE_TYPES.join(',')}
                multiple
                className="sr-only"
                tabIndex={-1}
                aria-hidden="true"
                onChange={handleFiles}
                data-testid="post-photo-input"
              />
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => fileInput.current?.click()}
                disabled={photos.room <= 0}
              >
                <ImagePlusIcon aria-hidden="true" />
                {t('posts.composer.addPhotos')}
              </Button>
            </>
          )}
          <span id={`${id}-count`} className="text-xs text-muted-foreground tabular-nums">
            {`${text.length}/${POST_LIMITS.contentMax}`}
          </span>
        </div>
        <Button type="submit" disabled={empty || busy}>
          {create.isPending && <Spinner />}
          {create.isPending ? t('posts.composer.posting') : s(POST_MESSAGES.post)}
        </Button>
      </div>
    </form>
  );
}
