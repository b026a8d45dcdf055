import { z } from 'zod';
import { eventPath, type PushPayload } from '@bayclub/shared';
import { defineNotificationKind, type NotificationTarget } from '../notifications/index.js';

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
  render: (p) => ({ title: 'New event', message: `New event: ${p.eventTitle}` }),
  push: (p, target) => pushOf('New event', `New event: ${p.eventTitle}`, target),
});

/** The time or place of an event the member is going to (or waitlisted for) changed. */
export const eventUpdatedNotification = defineNotificationKind('events.updated', {
  type: 'event',
  params: titled,
  render: (p) => ({ title: 'Event updated', message: `Event updated: ${p.eventTitle}` }),
  push: (p, target) => pushOf('Event updated', `Event updated: ${p.eventTitle}`, target),
});

/** An event the member is going to (or waitlisted for) was cancelled. */
export const eventCancelledNotification = defineNotificationKind('events.cancelled', {
  type: 'event',
  params: titled,
  render: (p) => ({ title: 'Event cancelled', message: `Cancelled: ${p.eventTitle}` }),
  push: (p, target) => pushOf('Event cancelled', `Cancelled: ${p.eventTitle}`, target),
});

const PROMOTED = 'A seat opened up and you moved off the waitlist. See you there!';

/** A seat opened up: the member moved off the waitlist. */
export const waitlistPromotedNotification = defineNotificationKind('events.promoted', {
  type: 'event',
  params: titled,
  render: (p) => ({ title: `You're in: ${p.eventTitle}`, message: PROMOTED }),
  push: (p, target) => pushOf(`You're in: ${p.eventTitle}`, PROMOTED, target),
  mail: {
    type: 'waitlist',
    render: (p, target, to) => ({
      subject: `You're in: ${p.eventTitle}`,
      heading: `You're in, ${to.name}!`,
      paragraphs: [`A seat opened up at ${p.eventTitle} and you moved off the waitlist. See you there!`, 'Your ticket is on the event page.'],
      action: { label: 'See the event', path: target.path ?? eventPath(target.relatedId ?? '') },
    }),
  },
});

/** The start in the event's own zone, as a reminder says it ("Fri, Mar 13, 7:00 PM EDT"). */
function whenText(startsAt: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-US', {
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
const reminderText = (p: ReminderParams) => ({
  title: p.when === 'day' ? `Tomorrow: ${p.eventTitle}` : `Starting soon: ${p.eventTitle}`,
  message: `${whenText(new Date(p.startsAt), p.timeZone)} at ${p.venue}`,
});

const claimParams = titled.extend({ deadline: z.iso.datetime(), timeZone: z.string() });
type ClaimParams = z.output<typeof claimParams>;
const claimText = (p: ClaimParams) => ({
  title: `A seat is yours to claim: ${p.eventTitle}`,
  message: `A seat opened up. Pay by ${whenText(new Date(p.deadline), p.timeZone)} to confirm it; after that it passes to the next person on the waitlist.`,
});

/** Issue 22: a seat of a paid event opened up and is offered to the member, who claims it by paying in time. */
export const waitlistClaimNotification = defineNotificationKind('events.claim', {
  type: 'event',
  params: claimParams,
  render: claimText,
  push: (p, target) => {
    const { title, message } = claimText(p);
    return pushOf(title, message, target, `event-claim-${target.relatedId}`);
  },
  mail: {
    type: 'waitlist',
    render: (p, target, to) => {
      const { title, message } = claimText(p);
      return {
        subject: title,
        heading: `A seat is yours, ${to.name}`,
        paragraphs: [`Good news about ${p.eventTitle}: ${message}`],
        action: { label: 'Pay and get your ticket', path: target.path ?? eventPath(target.relatedId ?? '') },
      };
    },
  },
});

/** The day before and the hour before an event the member is going to. */
export const eventReminderNotification = defineNotificationKind('events.reminder', {
  type: 'event',
  params: reminderParams,
  render: reminderText,
  push: (p, target) => {
    const { title, message } = reminderText(p);
    return pushOf(title, message, target, `event-reminder-${target.relatedId}`);
  },
  mail: {
    type: 'reminders',
    render: (p, target, to) => {
      const { title, message } = reminderText(p);
      return {
        subject: title,
        heading: title,
        paragraphs: [
          `Hi ${to.name}, ${p.when === 'day' ? 'a reminder that you are going tomorrow' : 'your event starts within the hour'}:`,
          `${p.eventTitle}, ${message}.`,
        ],
        action: { label: 'See the event and your ticket', path: target.path ?? eventPath(target.relatedId ?? '') },
      };
    },
  },
});
