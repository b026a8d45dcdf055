import { lazyNamed } from '#/lib/lazy-named';

// The Say Hi feature's widget for others to compose (Say Hi from a profile); its code loads on first use.
export const SayHiDialog = lazyNamed(() => import('./say-hi-dialog'), 'SayHiDialog');
