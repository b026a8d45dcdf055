// Face of the accounts module: writing a user, its credential and its profile (applications, setup, the CLI).
export { emailExists, insertCredentialUser, insertProfile, userIdByEmail, usernameExists } from './repository.js';
