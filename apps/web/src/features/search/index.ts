// The global search's widgets for others to compose (the signed-in frame, the Settings menu's Search).
export { GlobalSearch } from './global-search';
export { openGlobalSearch } from './search-store';
