// Face of the accounts module: writing a user, its credential and its profile (applications, setup, the CLI).
export { emailExists, findLinkedUserId, insertCredentialUser, insertLinkedAccount, insertProfile, userIdByEmail, usernameExists } from './repository.js';
