// Face of the moderation feature (issue 23): the reports queue, used by the admin dashboard and communities.
import { lazyNamed } from '#/lib/lazy-named';

export const ReportsQueue = lazyNamed(() => import('./reports-queue'), 'ReportsQueue');
