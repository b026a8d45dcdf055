// Face of the notifications module: the member's notifications, written in the caller's transaction.
export { registerNotifications } from './module.js';
export { insertNotification, markConversationNotificationsRead } from './repository.js';
export { createNotifier, type Notifier } from './service.js';
