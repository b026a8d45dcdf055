import { z } from 'zod';
import { defineNotificationKind } from '../notifications/index.js';

// The name a member is shown by in these notices: their name, else their username, as the deck shows them.
const actor = { actorId: z.uuid().nullable(), actorName: z.string().nullable() };
const nameOf = (p: { actorName: string | null }) => p.actorName ?? 'A member';

/** Someone said hi (with their note, when they wrote one). */
export const helloNotification = defineNotificationKind('connections.hello', {
  type: 'other',
  params: z.object({ ...actor, note: z.string().nullable() }),
  render: (p) => ({ title: 'New hello', message: p.note ? `${nameOf(p)} said hi: "${p.note}"` : `${nameOf(p)} said hi` }),
  push: (p, target) => ({ title: 'New hello', body: `${nameOf(p)} said hi`, url: target.path ?? '/connections?tab=received', tag: 'hellos' }),
});

/** A hello was answered: both members hear of the match. */
export const matchNotification = defineNotificationKind('connections.match', {
  type: 'other',
  params: z.object(actor),
  render: (p) => ({ title: "It's a match!", message: `You and ${nameOf(p)} are connected. Say hello!` }),
  push: (p, target) => ({
    title: "It's a match!",
    body: `You and ${nameOf(p)} can message each other now.`,
    url: target.path ?? '/connections?tab=matches',
    tag: `match-${target.relatedId}`,
  }),
});
