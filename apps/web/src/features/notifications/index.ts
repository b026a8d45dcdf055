import { lazyNamed } from '#/lib/lazy-named';

// The notifications feature's widgets for others to compose: the Settings menu's panel (its code loads on first
// use) and the bell in the side menu and the phone's top bar.
export const NotificationsPanel = lazyNamed(() => import('./notifications-panel'), 'NotificationsPanel');
export { NotificationBell } from './notification-bell';
