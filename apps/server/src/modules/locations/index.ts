// Face of the locations module: places and check-ins.
export { registerLocations } from './module.js';
// Who may see places (search finds only what the caller could open: decision 026).
export { locationAccess } from './policy.js';
