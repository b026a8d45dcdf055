// Face of the moderation feature (issue 23): the reports queue (admin dashboard, a community's Reported tab) and the
// Report action of events and places.
import { lazyNamed } from '#/lib/lazy-named';

export const ReportsQueue = lazyNamed(() => import('./reports-queue'), 'ReportsQueue');
export const ReportTargetDialog = lazyNamed(() => import('./report-target-dialog'), 'ReportTargetDialog');
