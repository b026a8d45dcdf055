import { PICTURE_MESSAGES, SITE_ASSET_MESSAGES } from '@bayclub/shared';
import { serverMessages } from '../../platform/errors.js';

/** Favicon and landing cover uploads' error texts (the spec's). */
export const SITE_ASSETS_ERRORS = serverMessages('site-assets', {
  invalidType: SITE_ASSET_MESSAGES.invalidType,
  faviconTooLarge: SITE_ASSET_MESSAGES.faviconTooLarge,
  coverTooLarge: SITE_ASSET_MESSAGES.coverTooLarge,
  badgeTooLarge: SITE_ASSET_MESSAGES.badgeTooLarge,
  videoInvalidType: SITE_ASSET_MESSAGES.videoInvalidType,
  videoTooLarge: SITE_ASSET_MESSAGES.videoTooLarge,
  videoUnreadable: SITE_ASSET_MESSAGES.videoUnreadable,
  noFile: PICTURE_MESSAGES.noFile,
});
