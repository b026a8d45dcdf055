// Face of the moderation module (issue 23): the reports queue, its actions, and event and place reports.
export { registerModeration } from './module.js';
