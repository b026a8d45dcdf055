// Face of the connections module: Say Hi, hellos and matches.
export { registerConnections } from './module.js';
export { findMatch } from './repository.js';
