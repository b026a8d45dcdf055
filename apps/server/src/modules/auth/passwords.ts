import { hashPassword, verifyPassword } from 'better-auth/crypto';
import type { PasswordHasher } from '../../app-context.js';

/** better-auth's own hasher (scrypt, N=16384, r=16: about 0.1 s of one core a hash): the app's, always. */
export const betterAuthPasswords: PasswordHasher = {
  hash: (password) => hashPassword(password),
  verify: (input) => verifyPassword(input),
};
