// Face of the accounts module: writing a user, its credential and its profile (applications, setup, the CLI).
export { emailExists, findLinkedUserId, insertCredentialUser, insertLinkedAccount, accountByEmail, insertProfile, usernameExists } from './repository.js';
