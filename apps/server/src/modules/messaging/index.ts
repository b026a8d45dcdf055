// Face of the messaging module: conversations, messages, read marks and unread totals.
export { registerMessaging } from './module.js';
