// Face of the linkedin module: apply and sign in with LinkedIn (decision 034); the verified identity an application links.
export { createLinkedinCookies, type LinkedinCookies } from './cookies.js';
export { linkedinRoutes, LINKEDIN_PROVIDER_ID } from './routes.js';
export type { LinkedinIdentity } from './client.js';
