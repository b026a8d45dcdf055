import { z } from 'zod';
import type { Translate } from '../../platform/i18n.js';
import { defineNotificationKind } from '../notifications/index.js';

// The name a member is shown by in these notices: their name, else their username, as the deck shows them (members'
// own words, never translated); "A member" in the reader's language when there is none.
const actor = { actorId: z.uuid().nullable(), actorName: z.string().nullable() };
const nameOf = (p: { actorName: string | null }, t: Translate) => p.actorName ?? t('connections.notice.someone');

/** Someone said hi (with their note, when they wrote one). */
export const helloNotification = defineNotificationKind('connections.hello', {
  type: 'other',
  params: z.object({ ...actor, note: z.string().nullable() }),
  render: (p, t) => ({
    title: t('connections.notice.hello.title'),
    message: p.note
      ? t('connections.notice.hello.messageWithNote', { name: nameOf(p, t), note: p.note })
      : t('connections.notice.hello.message', { name: nameOf(p, t) }),
  }),
  push: (p, target, t) => ({
    title: t('connections.notice.hello.title'),
    body: t('connections.notice.hello.message', { name: nameOf(p, t) }),
    url: target.path ?? '/connections?tab=received',
    tag: 'hellos',
  }),
});

/** A hello was answered: both members hear of the match. */
export const matchNotification = defineNotificationKind('connections.match', {
  type: 'other',
  params: z.object(actor),
  render: (p, t) => ({ title: t('connections.notice.match.title'), message: t('connections.notice.match.message', { name: nameOf(p, t) }) }),
  push: (p, target, t) => ({
    title: t('connections.notice.match.title'),
    body: t('connections.notice.match.push', { name: nameOf(p, t) }),
    url: target.path ?? '/connections?tab=matches',
    tag: `match-${target.relatedId}`,
  }),
});
