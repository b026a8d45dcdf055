// Face of the media module: stored images and files, GET /media, and the rules modules register for their files.
export { replaceImage } from './replace-image.js';
export { mediaRoutes } from './routes.js';
export {
  baseOfKey,
  createMediaService,
  imageRejectedMessage,
  variantKeys,
  type FileAccessRule,
  type MediaService,
  type StoredImage,
} from './service.js';
