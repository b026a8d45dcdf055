import { z } from 'zod';
import { eventPath, type PushPayload } from '@bayclub/shared';
import { intlLocaleOf, translatorFor, type Translate } from '../../platform/i18n.js';
import { defineNotificationKind, type NotificationTarget } from '../notifications/index.js';

// Written in the reader's language (issue 26); the event's title and venue are the host's own words, never translated.

const titled = z.object({ eventTitle: z.string() });
const pushOf = (title: string, body: string, target: NotificationTarget, tag = `event-${target.relatedId}`): PushPayload => ({
  title,
  body,
  url: target.path ?? eventPath(target.relatedId ?? ''),
  tag,
});

/** An event was created in a community the member belongs to. */
export const eventCreatedNotification = defineNotificationKind('events.created', {
  type: 'event',
  params: titled,
  render: (p, t) => ({ title: t('events.notice.created.title'), message: t('events.notice.created.message', { title: p.eventTitle }) }),
  push: (p, target, t) => pushOf(t('events.notice.created.title'), t('events.notice.created.message', { title: p.eventTitle }), target),
});

/** The time or place of an event the member is going to (or waitlisted for) changed. */
export const eventUpdatedNotification = defineNotificationKind('events.updated', {
  type: 'event',
  params: titled,
  render: (p, t) => ({ title: t('events.notice.updated.title'), message: t('events.notice.updated.message', { title: p.eventTitle }) }),
  push: (p, target, t) => pushOf(t('events.notice.updated.title'), t('events.notice.updated.message', { title: p.eventTitle }), target),
});

/** An event the member is going to (or waitlisted for) was cancelled. */
export const eventCancelledNotification = defineNotificationKind('events.cancelled', {
  type: 'event',
  params: titled,
  render: (p, t) => ({ title: t('events.notice.cancelled.title'), message: t('events.notice.cancelled.message', { title: p.eventTitle }) }),
  push: (p, target, t) => pushOf(t('events.notice.cancelled.title'), t('events.notice.cancelled.message', { title: p.eventTitle }), target),
});

/** A seat opened up: the member moved off the waitlist. */
export const waitlistPromotedNotification = defineNotificationKind('events.promoted', {
  type: 'event',
  params: titled,
  render: (p, t) => ({ title: t('events.notice.promoted.title', { title: p.eventTitle }), message: t('events.notice.promoted.message') }),
  push: (p, target, t) => pushOf(t('events.notice.promoted.title', { title: p.eventTitle }), t('events.notice.promoted.message'), target),
  mail: {
    type: 'waitlist',
    render: (p, target, to) => {
      const t = translatorFor(to.language);
      return {
        subject: t('events.notice.promoted.title', { title: p.eventTitle }),
        heading: t('events.mail.promoted.heading', { name: to.name }),
        paragraphs: [t('events.mail.promoted.seat', { title: p.eventTitle }), t('events.mail.promoted.ticket')],
        action: { label: t('events.mail.promoted.action'), path: target.path ?? eventPath(target.relatedId ?? '') },
      };
    },
  },
});

/** The start in the event's own zone, as a reminder says it ("Fri, Mar 13, 7:00 PM EDT"), in the reader's language. */
function whenText(startsAt: Date, zone: string, t: Translate): string {
  return new Intl.DateTimeFormat(intlLocaleOf(t.locale), {
    timeZone: zone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(startsAt);
}

const reminderParams = titled.extend({
  when: z.enum(['day', 'hour']),
  startsAt: z.iso.datetime(),
  timeZone: z.string(),
  venue: z.string(),
});
type ReminderParams = z.output<typeof reminderParams>;
const reminderText = (p: ReminderParams, t: Translate) => ({
  title: t('events.notice.reminder.title', { when: p.when, title: p.eventTitle }),
  message: t('events.notice.reminder.message', { time: whenText(new Date(p.startsAt), p.timeZone, t), venue: p.venue }),
});

const claimParams = titled.extend({ deadline: z.iso.datetime(), timeZone: z.string() });
type ClaimParams = z.output<typeof claimParams>;
const claimText = (p: ClaimParams, t: Translate) => ({
  title: t('events.notice.claim.title', { title: p.eventTitle }),
  message: t('events.notice.claim.message', { deadline: whenText(new Date(p.deadline), p.timeZone, t) }),
});

/** Issue 22: a seat of a paid event opened up and is offered to the member, who claims it by paying in time. */
export const waitlistClaimNotification = defineNotificationKind('events.claim', {
  type: 'event',
  params: claimParams,
  render: claimText,
  push: (p, target, t) => {
    const { title, message } = claimText(p, t);
    return pushOf(title, message, target, `event-claim-${target.relatedId}`);
  },
  mail: {
    type: 'waitlist',
    render: (p, target, to) => {
      const t = translatorFor(to.language);
      const { title, message } = claimText(p, t);
      return {
        subject: title,
        heading: t('events.mail.claim.heading', { name: to.name }),
        paragraphs: [t('events.mail.claim.news', { title: p.eventTitle, message })],
        action: { label: t('events.mail.claim.action'), path: target.path ?? eventPath(target.relatedId ?? '') },
      };
    },
  },
});

/** The day before and the hour before an event the member is going to. */
export const eventReminderNotification = defineNotificationKind('events.reminder', {
  type: 'event',
  params: reminderParams,
  render: reminderText,
  push: (p, target, t) => {
    const { title, message } = reminderText(p, t);
    return pushOf(title, message, target, `event-reminder-${target.relatedId}`);
  },
  mail: {
    type: 'reminders',
    render: (p, target, to) => {
      const t = translatorFor(to.language);
      const { title, message } = reminderText(p, t);
      return {
        subject: title,
        heading: title,
        paragraphs: [t('events.mail.reminder.greeting', { name: to.name, when: p.when }), t('events.mail.reminder.details', { title: p.eventTitle, message })],
        action: { label: t('events.mail.reminder.action'), path: target.path ?? eventPath(target.relatedId ?? '') },
      };
    },
  },
});
