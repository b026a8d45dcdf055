import { LIMITS, PICTURE_MESSAGES, PROFILE_PICTURE_TYPES, type ProfilePictureResult } from '@bayclub/shared';
import { api, isApiError } from '#/lib/api';
import { currentLocale, t } from '#/lib/i18n';
import { catalog } from './i18n';

/**
 * A failed check or upload. `message` is the reason (a shared text, the server's or the browser's), shown inline or
 * in the media catalogue's 'Failed to upload profile picture: {reason}'.
 */
export class ProfilePictureError extends Error {
  /** The sonner toast title for a client-side check ('Invalid file type', 'File too large'), else undefined. */
  readonly toast: string | undefined;
  /** HTTP status of the last attempt (0 for a network failure), undefined for client-side checks. */
  readonly status: number | undefined;

  constructor(message: string, opts: { toast?: string; status?: number } = {}) {
    super(message);
    this.name = 'ProfilePictureError';
    this.toast = opts.toast;
    this.status = opts.status;
  }
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The client-side checks of spec section 5 (the server decides from the bytes again).
 * Returns null when the file may be uploaded, else the inline message and the toast title.
 */
export function validateProfilePictureFile(file: File | null | undefined): { message: string; toast: string } | null {
  if (!file) return { message: PICTURE_MESSAGES.noFile, toast: PICTURE_MESSAGES.uploadFailedToast };
  if (!(PROFILE_PICTURE_TYPES as readonly string[]).includes(file.type)) {
    return { message: PICTURE_MESSAGES.invalidType, toast: PICTURE_MESSAGES.invalidTypeToast };
  }
  if (file.size > LIMITS.profilePictureMaxBytes) {
    return { message: PICTURE_MESSAGES.tooLarge, toast: PICTURE_MESSAGES.tooLargeToast };
  }
  return null;
}

export interface UploadProfilePictureOptions {
  /** Defaults to '/api/me/profile-picture'; the Apply form uses '/api/applications/picture'. */
  endpoint?: string;
  /** Injected in tests to skip the real waits. */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Check, then upload a profile picture as multipart (one part `file`). Up to LIMITS.profilePictureAttempts
 * attempts; before attempt n+1 it waits n × LIMITS.profilePictureBackoff (1 s, then 2 s). Only transient
 * failures (network, 5xx) are retried, never 4xx. Resolves with the new `profilePictureUrl`; rejects with a
 * ProfilePictureError whose message is the reason (shown in the media catalogue's `media.upload.failed`).
 */
export async function uploadProfilePicture(file: File, opts: UploadProfilePictureOptions = {}): Promise<string> {
  const invalid = validateProfilePictureFile(file);
  if (invalid) throw new ProfilePictureError(invalid.message, { toast: invalid.toast });

  const endpoint = opts.endpoint ?? '/api/me/profile-picture';
  const sleep = opts.sleep ?? realSleep;
  let lastError: unknown;
  for (let attempt = 1; attempt <= LIMITS.profilePictureAttempts; attempt++) {
    const body = new FormData();
    body.append('file', file, file.name);
    try {
      const result = await api.post<ProfilePictureResult>(endpoint, body);
      if (!result?.profilePictureUrl) throw new ProfilePictureError(PICTURE_MESSAGES.noPublicUrl, { status: 200 });
      return result.profilePictureUrl;
    } catch (e) {
      lastError = e;
      const transient = isApiError(e) && e.isTransient;
      if (!transient || attempt === LIMITS.profilePictureAttempts) break;
      await sleep(LIMITS.profilePictureBackoff * attempt);
    }
  }
  if (lastError instanceof ProfilePictureError) throw lastError;
  if (isApiError(lastError)) {
    const fieldMessage = lastError.fields?.file;
    throw new ProfilePictureError(fieldMessage ?? lastError.message, { status: lastError.status });
  }
  if (lastError instanceof Error) throw new ProfilePictureError(lastError.message);
  // Called outside the media components too (the Apply form): its catalogue may not be loaded in this language yet.
  await catalog.load(currentLocale());
  throw new ProfilePictureError(t('media.upload.unknownError'));
}
