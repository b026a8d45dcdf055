// Face of the notifications module: the member's notifications, written in the caller's transaction, of kinds the
// modules that own them declare and render.
export { defineNotificationKind, type NotificationKind, type NotificationTarget } from './kinds.js';
export { registerNotifications } from './module.js';
export { insertNotification, markConversationNotificationsRead } from './repository.js';
export { createNotifier, type Notifier } from './service.js';
export { digestJobOf, digestMoment, sendDueDigests, type DigestRun } from './digest.js';
