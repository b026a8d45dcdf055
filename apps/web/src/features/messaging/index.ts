import { lazyNamed } from '#/lib/lazy-named';

// The messaging feature's widgets for others to compose (the profile's Messages tab); their code loads on first use.
export const ChatPanel = lazyNamed(() => import('./chat-panel'), 'ChatPanel');
export const InboxList = lazyNamed(() => import('./inbox-list'), 'InboxList');
