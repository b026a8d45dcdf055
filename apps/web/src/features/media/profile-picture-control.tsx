import { useId, useRef, useState } from 'react';
import { AlertCircleIcon, CameraIcon, CheckCircle2Icon, ImageIcon, UploadIcon, UserIcon } from 'lucide-react';
import { PICTURE_MESSAGES, PROFILE_PICTURE_TYPES } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { cn } from '#/lib/utils';
import { useSharedText, useT } from '#/lib/i18n';
import type { ProfilePicture } from './use-profile-picture';
import { catalog } from './i18n';

interface ProfilePictureControlProps {
  picture: ProfilePicture;
  /** Show an 'Upload Photo' button for a selected file (Settings). Without it the owner uploads on submit (Apply). */
  uploadNow?: boolean;
  /** The control's label; 'Profile picture' when not given. */
  label?: string;
  disabled?: boolean;
}

const ACCEPT = PROFILE_PICTURE_TYPES.join(',');

/**
 * The profile picture control of spec 2: a round preview, 'Choose Photo' / 'Change Photo' to pick a file,
 * 'Upload Photo' / 'Uploading...' to send it, and the state's message under it.
 */
export function ProfilePictureControl({ picture, uploadNow = false, label, disabled = false }: ProfilePictureControlProps) {
  const t = useT(catalog);
  const s = useSharedText();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const messageId = useId();
  const hasPicture = picture.displayUrl !== null;
  const busy = picture.uploading || disabled;

  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-center">
      <PicturePreview url={picture.displayUrl} state={picture.state} />
      <div className="grid justify-items-center gap-2 sm:justify-items-start">
        <label htmlFor={inputId} className="text-sm font-medium">
          {label ?? t('media.picture.label')}
        </label>
        {/* The real input stays in the page (and labelled) so it works with any assistive technology and in tests. */}
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={ACCEPT}
          aria-describedby={messageId}
          className="sr-only"
          tabIndex={-1}
          disabled={busy}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) picture.select(file);
          }}
        />
        <div className="flex flex-wrap justify-center gap-2">
          <Button type="button" variant={uploadNow && picture.selectedFile ? 'outline' : 'default'} size="sm" disabled={busy} onClick={() => inputRef.current?.click()}>
            <CameraIcon aria-hidden="true" />
            {s(hasPicture ? PICTURE_MESSAGES.change : PICTURE_MESSAGES.choose)}
          </Button>
          {uploadNow && (picture.selectedFile || picture.uploading) && (
            <Button type="button" size="sm" disabled={busy} onClick={() => void picture.upload()}>
              {picture.uploading ? <Spinner /> : <UploadIcon aria-hidden="true" />}
              {picture.uploading ? t('media.picture.uploading') : s(PICTURE_MESSAGES.upload)}
            </Button>
          )}
        </div>
        <p className="text-xs text-muted-foreground">{t('media.picture.formats')}</p>
        <PictureMessage id={messageId} state={picture.state} message={picture.message} />
      </div>
    </div>
  );
}

function PicturePreview({ url, state }: { url: string | null; state: ProfilePicture['state'] }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const t = useT(catalog);
  const showImage = url !== null && url !== failedUrl;
  return (
    <div
      className={cn(
        'flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-full border-2 bg-muted text-muted-foreground',
        state === 'error' || state === 'required' ? 'border-destructive/60' : state === 'success' ? 'border-success/60' : 'border-border',
      )}
    >
      {showImage ? (
        <img src={url} alt={t('media.picture.previewAlt')} className="size-full object-cover" onError={() => setFailedUrl(url)} />
      ) : url ? (
        <ImageIcon aria-hidden="true" className="size-8" />
      ) : (
        <UserIcon aria-hidden="true" className="size-10" />
      )}
    </div>
  );
}

function PictureMessage({ id, state, message }: { id: string; state: ProfilePicture['state']; message: string | null }) {
  return (
    <p id={id} aria-live="polite" className={cn('min-h-5 text-sm', messageTone(state))}>
      {message && (
        <span className="inline-flex items-center gap-1.5">
          {state === 'success' ? (
            <CheckCircle2Icon aria-hidden="true" className="size-4" />
          ) : state === 'default' ? null : (
            <AlertCircleIcon aria-hidden="true" className="size-4" />
          )}
          {message}
        </span>
      )}
    </p>
  );
}

function messageTone(state: ProfilePicture['state']): string {
  switch (state) {
    case 'success':
      return 'text-success';
    case 'error':
    case 'required':
      return 'text-destructive';
    case 'default':
      return 'text-muted-foreground';
  }
}
