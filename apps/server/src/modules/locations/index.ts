// Face of the locations module: places and check-ins.
export { registerLocations } from './module.js';
