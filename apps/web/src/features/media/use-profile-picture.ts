import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { PICTURE_MESSAGES } from '@bayclub/shared';
import { useSharedText, useT } from '#/lib/i18n';
import { uploadProfilePicture, validateProfilePictureFile, type UploadProfilePictureOptions } from './upload-profile-picture';
import { catalog } from './i18n';

/** Spec 4: the picture control is default, required, success or error. */
export type PictureControlState = 'default' | 'required' | 'success' | 'error';

export interface UseProfilePictureOptions extends UploadProfilePictureOptions {
  /** The picture the member already has. */
  currentUrl: string | null;
  /** Show 'Profile picture is required' while there is no picture and none is selected. */
  required?: boolean;
  /** After a successful upload (the server has already stored the new URL). */
  onUploaded?: (url: string) => void;
}

export interface ProfilePicture {
  state: PictureControlState;
  /** The line under the control, or null. */
  message: string | null;
  /** What to show: the selected file's preview, else the uploaded or current picture. */
  displayUrl: string | null;
  /** A checked file is waiting to be uploaded. */
  selectedFile: File | null;
  uploading: boolean;
  /** Validate a picked file: an invalid one is refused with an inline message and a toast. */
  select: (file: File | null | undefined) => boolean;
  /** Upload the selected file; resolves with the new URL, or null when it failed (already toasted). */
  upload: () => Promise<string | null>;
}

type Phase = { kind: 'idle' } | { kind: 'uploading' } | { kind: 'success' } | { kind: 'error'; message: string };

const revoke = (url: string | null) => {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
};

/**
 * The state behind a profile picture control: file checks with their toasts, a preview through an
 * object URL (revoked when replaced or unmounted) and the upload with its retries (spec 4, 5, 8).
 */
export function useProfilePicture({ currentUrl, required = false, onUploaded, endpoint, sleep }: UseProfilePictureOptions): ProfilePicture {
  const [selection, setSelection] = useState<{ file: File; previewUrl: string | null } | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [uploadedUrl, setUploadedUrl] = useState<string | null>(null);
  const previewRef = useRef<string | null>(null);
  const t = useT(catalog);
  const s = useSharedText();

  useEffect(() => () => revoke(previewRef.current), []);

  const replaceSelection = useCallback((next: { file: File; previewUrl: string | null } | null) => {
    revoke(previewRef.current);
    previewRef.current = next?.previewUrl ?? null;
    setSelection(next);
  }, []);

  const select = useCallback(
    (file: File | null | undefined) => {
      const invalid = validateProfilePictureFile(file);
      if (invalid || !file) {
        const checked = invalid ?? { message: PICTURE_MESSAGES.noFile, toast: PICTURE_MESSAGES.uploadFailedToast };
        const message = s(checked.message);
        replaceSelection(null);
        setPhase({ kind: 'error', message });
        toast.error(s(checked.toast), { description: message });
        return false;
      }
      const previewUrl = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
      replaceSelection({ file, previewUrl });
      setPhase({ kind: 'idle' });
      return true;
    },
    [replaceSelection, s],
  );

  const upload = useCallback(async () => {
    if (!selection) return null;
    setPhase({ kind: 'uploading' });
    try {
      const url = await uploadProfilePicture(selection.file, { endpoint, sleep });
      replaceSelection(null);
      setUploadedUrl(url);
      setPhase({ kind: 'success' });
      onUploaded?.(url);
      return url;
    } catch (error) {
      // The reason: a shared text (a client check, no URL), the server's own text or the browser's, shown as it is.
      const message = t('media.upload.failed', { reason: error instanceof Error ? s(error.message) : t('media.upload.unknownError') });
      setPhase({ kind: 'error', message });
      toast.error(s(PICTURE_MESSAGES.uploadFailedToast), { description: message });
      return null;
    }
  }, [selection, endpoint, sleep, replaceSelection, onUploaded, t, s]);

  const pictureUrl = uploadedUrl ?? currentUrl;
  let state: PictureControlState = 'default';
  let message: string | null = null;
  if (phase.kind === 'error') {
    state = 'error';
    message = phase.message;
  } else if (selection) {
    message = s(PICTURE_MESSAGES.selected);
  } else if (phase.kind === 'success') {
    state = 'success';
    message = s(PICTURE_MESSAGES.uploaded);
  } else if (required && !pictureUrl) {
    state = 'required';
    message = s(PICTURE_MESSAGES.required);
  }

  return {
    state,
    message,
    displayUrl: selection?.previewUrl ?? pictureUrl,
    selectedFile: selection?.file ?? null,
    uploading: phase.kind === 'uploading',
    select,
    upload,
  };
}
