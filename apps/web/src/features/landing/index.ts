// The landing feature's widgets for others to compose: the Apply form (a community's branded Apply page) and the
// profile fields Settings shares with it.
export { ApplyForm } from './apply-form';
export { BioField } from './bio-field';
export { useUsernameAvailability, type UsernameStatus } from './use-username-availability';
export { UsernameField } from './username-field';
export { LinkedinButton } from './linkedin-button';
