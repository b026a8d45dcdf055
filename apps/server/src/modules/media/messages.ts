import { GALLERY_MESSAGES, PICTURE_MESSAGES } from '@bayclub/shared';
import { serverMessages } from '../../platform/errors.js';

/** The media module's error texts: the image pipeline's refusals (other modules' uploads answer them too) and GET /media. */
export const MEDIA_ERRORS = serverMessages('media', {
  tooManyPixels: PICTURE_MESSAGES.tooManyPixels,
  unreadable: PICTURE_MESSAGES.unreadable,
  // The same refusals after the file's name, where one request carries several files (gallery, post photos).
  namedTooManyPixels: ({ name }: { name: string }) => `${name}: ${PICTURE_MESSAGES.tooManyPixels}`,
  namedUnreadable: ({ name }: { name: string }) => `${name}: ${PICTURE_MESSAGES.unreadable}`,
  notImage: ({ name }: { name: string }) => GALLERY_MESSAGES.notImage(name),
  tooLarge: ({ name }: { name: string }) => GALLERY_MESSAGES.tooLarge(name),
  rangeNotSatisfiable: 'The requested range is not satisfiable',
});
