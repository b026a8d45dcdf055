import { MESSAGING_MESSAGES } from '@bayclub/shared';
import { serverMessages } from '../../platform/errors.js';

/** Chat attachments' error texts (the spec's messaging texts). */
export const CHAT_MEDIA_ERRORS = serverMessages('chat-media', {
  attachmentType: MESSAGING_MESSAGES.attachmentType,
  attachmentVideoMetadata: MESSAGING_MESSAGES.attachmentVideoMetadata,
  attachmentTooLarge: ({ name, mb }: { name: string; mb: number }) => MESSAGING_MESSAGES.attachmentTooLarge(name, mb),
});
