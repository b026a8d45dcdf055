// Face of the auth module: better-auth and its Fastify bridge; signing a new account in.
export { createAuth } from './auth.js';
export { betterAuthPasswords } from './passwords.js';
export { authHeaders, authRoutes, signInNewAccount } from './routes.js';
