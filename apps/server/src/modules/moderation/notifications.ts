import { z } from 'zod';
import { REPORT_TARGETS, REPORT_TARGET_LABELS } from '@bayclub/shared';
import { defineNotificationKind } from '../notifications/index.js';

// The reports queue's notifications (issue 23). None of them names the reporter: the author learns what was done
// and why, the reporter that their report was handled.

const target = z.enum(REPORT_TARGETS);
const what = (t: z.infer<typeof target>) => (t === 'place' ? 'place' : REPORT_TARGET_LABELS[t].toLowerCase());

/** The author's content was removed (a post hidden, a comment deleted, an event cancelled, a place deactivated). */
export const contentRemovedNotification = defineNotificationKind('moderation.removed', {
  type: 'other',
  params: z.object({ target, label: z.string().nullable(), reason: z.string() }),
  render: (p) => ({
    title: `Your ${what(p.target)} was removed`,
    message: `${p.label ? `"${p.label}" was removed by the moderators` : 'The moderators removed it'}. Reason: ${p.reason}`,
  }),
  push: (p, t) => ({ title: `Your ${what(p.target)} was removed`, body: `Reason: ${p.reason}`, url: t.path ?? '/profile?notifications=open', tag: `moderation-${t.relatedId}` }),
});

/** A warning from the moderators, with their reason. */
export const warningNotification = defineNotificationKind('moderation.warning', {
  type: 'other',
  params: z.object({ target, community: z.string().nullable(), reason: z.string() }),
  render: (p) => ({
    title: 'A warning from the moderators',
    message: `About your ${what(p.target)}${p.community ? ` in ${p.community}` : ''}: ${p.reason}`,
  }),
  push: (p, t) => ({ title: 'A warning from the moderators', body: p.reason, url: t.path ?? '/profile?notifications=open', tag: `moderation-${t.relatedId}` }),
});

/** Banned from a community by its moderators. */
export const bannedNotification = defineNotificationKind('moderation.banned', {
  type: 'other',
  params: z.object({ community: z.string(), reason: z.string() }),
  render: (p) => ({ title: `You were banned from ${p.community}`, message: `Reason: ${p.reason}` }),
});

/** The reporter's answer: their report was looked at (never who acted, nor the author's sanction in detail). */
export const reportHandledNotification = defineNotificationKind('moderation.handled', {
  type: 'other',
  params: z.object({ target, actionTaken: z.boolean() }),
  render: (p) => ({
    title: 'Your report was reviewed',
    message: p.actionTaken
      ? `Thanks for reporting this ${what(p.target)}. The moderators took action.`
      : `Thanks for reporting this ${what(p.target)}. The moderators found it within the club's rules.`,
  }),
});
