import { z } from 'zod';
import { REPORT_TARGETS } from '@bayclub/shared';
import type { Translate } from '../../platform/i18n.js';
import { defineNotificationKind } from '../notifications/index.js';

// The reports queue's notifications (issue 23). None of them names the reporter: the author learns what was done
// and why, the reporter that their report was handled. Written in the reader's language (issue 26).

const target = z.enum(REPORT_TARGETS);

/** "your post", "tu publicación": the author's content, named in the reader's language. */
const yourTarget = (p: { target: z.infer<typeof target> }, t: Translate) => t('moderation.notice.yourTarget', { target: p.target });
/** "this post", "esta publicación": the reported content, as the reporter hears of it. */
const thisTarget = (p: { target: z.infer<typeof target> }, t: Translate) => t('moderation.notice.thisTarget', { target: p.target });
const removedTitle = (p: { target: z.infer<typeof target> }, t: Translate) => t('moderation.notice.removed.title', { target: p.target });

/** The author's content was removed (a post hidden, a comment deleted, an event cancelled, a place deactivated). */
export const contentRemovedNotification = defineNotificationKind('moderation.removed', {
  type: 'other',
  params: z.object({ target, label: z.string().nullable(), reason: z.string() }),
  render: (p, t) => ({
    title: removedTitle(p, t),
    message: p.label
      ? t('moderation.notice.removed.messageLabelled', { label: p.label, reason: p.reason })
      : t('moderation.notice.removed.message', { reason: p.reason }),
  }),
  push: (p, to, t) => ({
    title: removedTitle(p, t),
    body: t('moderation.notice.reason', { reason: p.reason }),
    url: to.path ?? '/profile?notifications=open',
    tag: `moderation-${to.relatedId}`,
  }),
});

/** A warning from the moderators, with their reason. */
export const warningNotification = defineNotificationKind('moderation.warning', {
  type: 'other',
  params: z.object({ target, community: z.string().nullable(), reason: z.string() }),
  render: (p, t) => ({
    title: t('moderation.notice.warning.title'),
    message: p.community
      ? t('moderation.notice.warning.messageIn', { what: yourTarget(p, t), community: p.community, reason: p.reason })
      : t('moderation.notice.warning.message', { what: yourTarget(p, t), reason: p.reason }),
  }),
  push: (p, to, t) => ({
    title: t('moderation.notice.warning.title'),
    body: p.reason,
    url: to.path ?? '/profile?notifications=open',
    tag: `moderation-${to.relatedId}`,
  }),
});

/** Banned from a community by its moderators. */
export const bannedNotification = defineNotificationKind('moderation.banned', {
  type: 'other',
  params: z.object({ community: z.string(), reason: z.string() }),
  render: (p, t) => ({
    title: t('moderation.notice.banned.title', { community: p.community }),
    message: t('moderation.notice.reason', { reason: p.reason }),
  }),
});

/** The reporter's answer: their report was looked at (never who acted, nor the author's sanction in detail). */
export const reportHandledNotification = defineNotificationKind('moderation.handled', {
  type: 'other',
  params: z.object({ target, actionTaken: z.boolean() }),
  render: (p, t) => ({
    title: t('moderation.notice.handled.title'),
    message: p.actionTaken
      ? t('moderation.notice.handled.actionTaken', { what: thisTarget(p, t) })
      : t('moderation.notice.handled.noAction', { what: thisTarget(p, t) }),
  }),
});
