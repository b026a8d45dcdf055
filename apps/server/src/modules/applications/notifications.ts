import { z } from 'zod';
import { ACCOUNT_TYPES } from '@bayclub/shared';
import { translatorFor, type Translate } from '../../platform/i18n.js';
import { defineNotificationKind } from '../notifications/index.js';

/** The applicant's membership was approved (appName: the club's name when it was decided). */
const approvedParams = z.object({ appName: z.string(), accountType: z.enum(ACCOUNT_TYPES) });
const approvedMessage = (p: z.output<typeof approvedParams>, t: Translate) =>
  t('applications.notice.approved.message', { appName: p.appName, accountType: p.accountType });

export const applicationApprovedNotification = defineNotificationKind('applications.approved', {
  type: 'other',
  params: approvedParams,
  render: (p, t) => ({ title: t('applications.notice.approved.title'), message: approvedMessage(p, t) }),
  mail: {
    type: 'approval',
    render: (p, _target, to) => {
      const t = translatorFor(to.language);
      return {
        subject: t('applications.mail.approved.subject', { appName: p.appName }),
        heading: t('applications.mail.approved.heading', { name: to.name }),
        paragraphs: [approvedMessage(p, t), t('applications.mail.approved.next')],
        action: { label: t('applications.mail.approved.action', { appName: p.appName }), path: '/' },
      };
    },
  },
});

// A rejected applicant keeps only their own account (decision 009): no promise of community access.

/** The application was not approved, with the admin's reason when they gave one. */
export const applicationRejectedNotification = defineNotificationKind('applications.rejected', {
  type: 'other',
  params: z.object({ reason: z.string().nullable() }),
  render: (p, t) => ({
    title: t('applications.notice.rejected.title'),
    message: p.reason ? t('applications.notice.rejected.messageWithReason', { reason: p.reason }) : t('applications.notice.rejected.message'),
  }),
});
