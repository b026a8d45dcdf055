import { z } from 'zod';
import { ACCOUNT_TYPES } from '@bayclub/shared';
import { defineNotificationKind } from '../notifications/index.js';

/** The applicant's membership was approved (appName: the club's name when it was decided). */
const approvedParams = z.object({ appName: z.string(), accountType: z.enum(ACCOUNT_TYPES) });
const approvedMessage = (p: z.output<typeof approvedParams>) =>
  p.accountType === 'full_platform'
    ? `Welcome to ${p.appName}! Your membership is approved and the full platform is open to you.`
    : `Welcome to ${p.appName}! Your membership is approved as a community member.`;

export const applicationApprovedNotification = defineNotificationKind('applications.approved', {
  type: 'other',
  params: approvedParams,
  render: (p) => ({ title: 'Application approved', message: approvedMessage(p) }),
  mail: {
    type: 'approval',
    render: (p, _target, to) => ({
      subject: `Welcome to ${p.appName}: your membership is approved`,
      heading: `Welcome, ${to.name}!`,
      paragraphs: [
        approvedMessage(p),
        'Sign in to add a photo and a short bio, join a few communities and say hi to the members near you.',
      ],
      action: { label: `Open ${p.appName}`, path: '/' },
    }),
  },
});

// A rejected applicant keeps only their own account (decision 009): no promise of community access.
const REJECTED = 'Your membership application was not approved. You keep your account and can delete it at any time in Settings.';

/** The application was not approved, with the admin's reason when they gave one. */
export const applicationRejectedNotification = defineNotificationKind('applications.rejected', {
  type: 'other',
  params: z.object({ reason: z.string().nullable() }),
  render: (p) => ({ title: 'Application not approved', message: p.reason ? `${REJECTED} Reason: ${p.reason}` : REJECTED }),
});
