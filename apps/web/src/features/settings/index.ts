import { lazyNamed } from '#/lib/lazy-named';

// The Settings modal, for the profile's Settings menu; its code loads on first use.
export const SettingsModal = lazyNamed(() => import('./settings-modal'), 'SettingsModal');
