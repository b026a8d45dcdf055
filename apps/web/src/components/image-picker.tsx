import * as React from 'react';
import { ImageIcon, ImagePlusIcon } from 'lucide-react';
import { GALLERY_IMAGE_TYPES } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { errorMessage } from '#/lib/api';
import { t, useT } from '#/lib/i18n';
import { catalog } from './i18n';

// The one way to pick images that upload as soon as they are chosen (a community's cover and avatar, an event's
// cover, a place's photos): the same checks, file input and status line.

/** The problems' ids in the components' catalogue (`failed` takes the server's `{reason}`). */
export const IMAGE_FILE_MESSAGES = {
  notImage: 'components.image.notImage',
  tooLarge: 'components.image.tooLarge',
  failed: 'components.image.failed',
} as const;

/**
 * The client's checks (the server decides from the bytes again): an image type, `maxBytes` at most. Says what is
 * wrong in the page's language (called from a component that reads the components' catalogue).
 */
export function checkImageFile(file: File, maxBytes: number): string | null {
  if (!(GALLERY_IMAGE_TYPES as readonly string[]).includes(file.type)) return t(IMAGE_FILE_MESSAGES.notImage);
  if (file.size > maxBytes) return t(IMAGE_FILE_MESSAGES.tooLarge);
  return null;
}

interface ImageFileInputProps {
  /** The button's id: the field's `<label htmlFor>` names the button. */
  id: string;
  describedBy: string;
  multiple?: boolean;
  disabled: boolean;
  onFiles: (files: File[]) => void;
  /** The button's text; default 'Choose image' ('Choose photos' with `multiple`). */
  buttonLabel?: string;
}

/**
 * A button that opens the file chooser for images, over a visually hidden file input (the browser's own "Choose
 * File" control looked raw beside the app's buttons). The button is the one control: the field's label names it,
 * and the input is kept out of the accessibility tree (a second, differently named control for the same thing). The
 * input forgets the choice at once, so the same file can be chosen again after a failure.
 */
export function ImageFileInput({ id, describedBy, multiple = false, disabled, onFiles, buttonLabel }: ImageFileInputProps) {
  const inputRef = React.useRef<HTMLInputElement>(null);
  const t = useT(catalog);
  return (
    <div>
      <input
        ref={inputRef}
        type="file"
        multiple={multiple}
        accept={GALLERY_IMAGE_TYPES.join(',')}
        disabled={disabled}
        aria-hidden="true"
        tabIndex={-1}
        className="sr-only"
        onChange={(e) => {
          onFiles([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
      <Button id={id} type="button" variant="outline" size="sm" disabled={disabled} aria-describedby={describedBy} onClick={() => inputRef.current?.click()}>
        <ImagePlusIcon aria-hidden="true" />
        {buttonLabel ?? (multiple ? t('components.image.choosePhotos') : t('components.image.chooseImage'))}
      </Button>
    </div>
  );
}

/** Under a picker: 'Uploading...', what went wrong, or `children` (a hint, a success). */
export function UploadStatus({ id, uploading, problem, children }: { id: string; uploading: boolean; problem: string | null; children: React.ReactNode }) {
  const t = useT(catalog);
  return (
    <p id={id} className="text-sm text-muted-foreground" aria-live="polite">
      {uploading ? (
        <span className="inline-flex items-center gap-1.5">
          <Spinner className="size-3.5" /> {t('components.image.uploading')}
        </span>
      ) : problem ? (
        <span role="alert" className="text-destructive">
          {problem}
        </span>
      ) : (
        children
      )}
    </p>
  );
}

interface ImagePickerProps {
  label: string;
  /** The image shown now, or null. */
  current: string | null;
  /** The preview's shape and size. */
  frameClassName: string;
  /** Said before anything is chosen, in front of the formats and size. */
  hint: string;
  uploadedMessage: string;
  maxBytes: number;
  /** Start the upload (a mutation's `mutate`): it says when it is done or why it failed. */
  upload: (file: File, result: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  uploading: boolean;
}

/** One image that uploads as soon as a file is chosen and says how it went (a failure can be tried again). */
export function ImagePicker({ label, current, frameClassName, hint, uploadedMessage, maxBytes, upload, uploading }: ImagePickerProps) {
  const [problem, setProblem] = React.useState<string | null>(null);
  const [done, setDone] = React.useState(false);
  const buttonId = React.useId();
  const messageId = React.useId();
  const t = useT(catalog);
  const what = label.toLowerCase();

  const handleFiles = ([file]: File[]) => {
    setDone(false);
    if (!file) return;
    const invalid = checkImageFile(file, maxBytes);
    setProblem(invalid);
    if (invalid) return;
    upload(file, {
      onSuccess: () => setDone(true),
      onError: (error) => setProblem(t(IMAGE_FILE_MESSAGES.failed, { reason: errorMessage(error) })),
    });
  };

  return (
    <div className="grid content-start gap-2">
      <label htmlFor={buttonId} className="text-sm font-medium">
        {label}
      </label>
      <div className={frameClassName}>
        {current ? (
          <img src={current} alt={t('components.image.current', { what })} className="size-full object-cover" />
        ) : (
          <span className="flex size-full items-center justify-center text-muted-foreground">
            <ImageIcon aria-hidden="true" className="size-6" />
          </span>
        )}
      </div>
      <ImageFileInput
        id={buttonId}
        describedBy={messageId}
        disabled={uploading}
        onFiles={handleFiles}
        buttonLabel={current ? t('components.image.change', { what }) : t('components.image.choose', { what })}
      />
      <UploadStatus id={messageId} uploading={uploading} problem={problem}>
        {done ? <span className="text-success">{uploadedMessage}</span> : t('components.image.hint', { hint })}
      </UploadStatus>
    </div>
  );
}
