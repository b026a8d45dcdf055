// Face of the locations module: places and check-ins.
export { registerLocations } from './module.js';
// Who may see places (search finds only what the caller could open: decision 026).
export { locationAccess } from './policy.js';
// Issue 23: the reports queue reports and deactivates places through these.
export { deactivatePlaceForModeration, reportablePlace } from './moderation-port.js';
