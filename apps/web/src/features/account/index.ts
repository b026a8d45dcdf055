// The account feature's widgets for others to compose (Settings' Security section, the profile's banner).
export { ChangePasswordDialog } from './change-password-dialog';
export { DeactivateAccountDialog } from './deactivate-account-dialog';
export { DeleteAccountDialog } from './delete-account-dialog';
export { ReactivateAccountButton } from './reactivate-account-button';
export { DownloadData } from './download-data';
