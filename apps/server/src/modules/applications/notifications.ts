import { z } from 'zod';
import { ACCOUNT_TYPES } from '@bayclub/shared';
import { defineNotificationKind } from '../notifications/index.js';

/** The applicant's membership was approved (appName: the club's name when it was decided). */
export const applicationApprovedNotification = defineNotificationKind('applications.approved', {
  type: 'other',
  params: z.object({ appName: z.string(), accountType: z.enum(ACCOUNT_TYPES) }),
  render: (p) => ({
    title: 'Application approved',
    message:
      p.accountType === 'full_platform'
        ? `Welcome to ${p.appName}! Your membership is approved and the full platform is open to you.`
        : `Welcome to ${p.appName}! Your membership is approved as a community member.`,
  }),
});

// A rejected applicant keeps only their own account (decision 009): no promise of community access.
const REJECTED = 'Your membership application was not approved. You keep your account and can delete it at any time in Settings.';

/** The application was not approved, with the admin's reason when they gave one. */
export const applicationRejectedNotification = defineNotificationKind('applications.rejected', {
  type: 'other',
  params: z.object({ reason: z.string().nullable() }),
  render: (p) => ({ title: 'Application not approved', message: p.reason ? `${REJECTED} Reason: ${p.reason}` : REJECTED }),
});
