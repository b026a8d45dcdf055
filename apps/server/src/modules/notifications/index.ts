// The notifications module's face: what other modules may use.
export { defineNotificationKind, type NotificationKind, type NotificationTarget } from './kinds.js';
