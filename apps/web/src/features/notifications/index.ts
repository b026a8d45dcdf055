import { lazyNamed } from '#/lib/lazy-named';

// The notifications feature's widget for others to compose (the Settings menu's bell); its code loads on first use.
export const NotificationsPanel = lazyNamed(() => import('./notifications-panel'), 'NotificationsPanel');
