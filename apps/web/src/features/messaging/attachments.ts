import { LIMITS, MESSAGING_MESSAGES, type AttachmentKind } from '@bayclub/shared';
import { sharedText, t } from '#/lib/i18n';

const MB = 1024 * 1024;

/** image/gif is a GIF, other image/* an image, video/* a video; anything else is refused. */
export function attachmentKindOfFile(file: File): AttachmentKind | null {
  if (file.type === 'image/gif') return 'gif';
  if (file.type.startsWith('image/')) return 'image';
  if (file.type.startsWith('video/')) return 'video';
  return null;
}

export interface AttachmentCheck {
  accepted: { file: File; kind: AttachmentKind }[];
  /** The messages for refused files (each text once), and one when files did not fit. */
  errors: string[];
}

/**
 * Spec 5 (chat media): images and videos only, within their size limits, and at most
 * LIMITS.messageAttachmentsMax per message. The server judges the bytes again. The texts are in the page's language
 * (the composer that asks has loaded its catalogue and the shared texts).
 */
export function checkAttachments(files: readonly File[], alreadyPicked: number): AttachmentCheck {
  const errors: string[] = [];
  const good: { file: File; kind: AttachmentKind }[] = [];
  for (const file of files) {
    const kind = attachmentKindOfFile(file);
    if (!kind) {
      errors.push(sharedText(MESSAGING_MESSAGES.attachmentType));
      continue;
    }
    const max = kind === 'video' ? LIMITS.chatVideoMaxBytes : LIMITS.chatImageMaxBytes;
    if (file.size > max) errors.push(t('messaging.composer.tooLarge', { name: file.name, mb: max / MB }));
    else good.push({ file, kind });
  }
  const room = Math.max(0, LIMITS.messageAttachmentsMax - alreadyPicked);
  if (good.length > room) errors.push(sharedText(MESSAGING_MESSAGES.attachmentsMax));
  return { accepted: good.slice(0, room), errors: [...new Set(errors)] };
}
