import { COMMUNITY_MESSAGES, GALLERY_MESSAGES, PICTURE_MESSAGES, PROFILE_VIEW_MESSAGES, USERNAME_MESSAGES } from '@bayclub/shared';
import { serverMessages } from '../../platform/errors.js';

/** Profiles' error texts: profile views and edits, the profile picture, the gallery. */
export const PROFILES_ERRORS = serverMessages('profiles', {
  noProfile: PROFILE_VIEW_MESSAGES.noProfile,
  socialLinksNotAllowed: 'Your account cannot add social links',
  usernameTaken: USERNAME_MESSAGES.taken,
  usernameTakenByCommunity: COMMUNITY_MESSAGES.usernameTakenByCommunity,
  noFile: PICTURE_MESSAGES.noFile,
  pictureTooLarge: PICTURE_MESSAGES.tooLarge,
  pictureInvalidType: PICTURE_MESSAGES.invalidType,
  pictureVerificationFailed: PICTURE_MESSAGES.verificationFailed,
  pictureOnlyForPendingApplication: 'Only a pending application can add its picture here',
  galleryFull: GALLERY_MESSAGES.full,
  galleryUploadFailed: GALLERY_MESSAGES.uploadFailed,
  galleryPhotoTooLarge: ({ name }: { name: string }) => GALLERY_MESSAGES.tooLarge(name),
  galleryNotImage: ({ name }: { name: string }) => GALLERY_MESSAGES.notImage(name),
  captionsNotJson: 'Captions must be a JSON list',
  captionsInvalid: 'Invalid captions',
  photoNotFound: 'Photo not found',
  reorderEveryPhotoOnce: 'Send every one of your photos once, in the new order',
});
