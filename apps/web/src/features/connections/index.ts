// The connections feature's widgets for others to compose.
export { ProfileActions } from './profile-actions';
