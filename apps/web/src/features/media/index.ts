// The media feature's widgets for others to compose: the profile picture control and its upload (Apply, Settings).
export { ProfilePictureControl } from './profile-picture-control';
export { uploadProfilePicture, validateProfilePictureFile } from './upload-profile-picture';
export { useProfilePicture } from './use-profile-picture';
