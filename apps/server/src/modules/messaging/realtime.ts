import { LIMITS } from '@bayclub/shared';
import type { Db } from '../../db/client.js';
import type { Hub } from '../realtime/index.js';
import { presentMessage } from './presenter.js';
import * as repo from './repository.js';

declare module '../../platform/bus.js' {
  interface BusEvents {
    /** A message was stored in conversation c between participants u. */
    msg: { id: string; c: string; u: [string, string] };
    /** Reader r read conversation c up to seq s. */
    read: { c: string; r: string; s: number; u: [string, string] };
    /** The unread totals of user u changed (notifications or messages read in another tab). */
    unread: { u: string };
    /** Conversation c can (a) carry messages or not any more, for these users. */
    conv: { c: string; a: boolean; u: string[] };
  }
}

/**
 * Messages, read marks and conversations reach the participants' sockets; the unread totals (messages and
 * notifications, one round trip) are a member state every socket gets on connecting and whenever they change; a
 * resume replays the messages a tab missed.
 */
export function registerMessagingRealtime(hub: Hub, db: Db) {
  hub.registerState('unread', async (memberId) => ({ type: 'unread', ...(await repo.unreadTotals(db, memberId)) }));

  hub.registerReplay(async (memberId, lastSeq, send) => {
    if (lastSeq <= 0) return { replayed: 0, truncated: false };
    const rows = await repo.missedMessages(db, memberId, lastSeq, LIMITS.resumeMaxMessages);
    const replayed = rows.slice(0, LIMITS.resumeMaxMessages);
    for (const row of replayed) send({ type: 'message', message: presentMessage(row, memberId) });
    return { replayed: replayed.length, truncated: rows.length > LIMITS.resumeMaxMessages };
  });

  hub.register('msg', {
    async deliver(event, sockets) {
      const [senderId, recipientId] = event.u;
      if (!sockets.isLocal(senderId) && !sockets.isLocal(recipientId)) return;
      const found = await repo.messageForDelivery(db, event.id);
      if (!found) return;
      // The recipient first: theirs is the latency that counts. A block or deactivation that committed after
      // the send means that member gets nothing more from it.
      if (!found.hiddenFor.has(recipientId)) {
        sockets.sendTo(recipientId, { type: 'message', message: presentMessage(found.row, recipientId) });
        // Sending is reading: the sender has read everything up to their own message ('Seen' stays live).
        sockets.sendTo(recipientId, { type: 'read', conversationId: event.c, userId: senderId, lastReadSeq: Number(found.row.seq) });
      }
      if (!found.hiddenFor.has(senderId)) sockets.sendTo(senderId, { type: 'message', message: presentMessage(found.row, senderId) });
    },
  });

  hub.register('read', {
    async deliver(event, sockets) {
      for (const userId of event.u) sockets.sendTo(userId, { type: 'read', conversationId: event.c, userId: event.r, lastReadSeq: event.s });
      await sockets.refresh('unread', event.r);
    },
  });

  hub.register('unread', { deliver: (event, sockets) => sockets.refresh('unread', event.u) });

  hub.register('conv', {
    async deliver(event, sockets) {
      for (const userId of event.u) {
        sockets.sendTo(userId, { type: 'conversation', conversationId: event.c, canMessage: event.a });
        await sockets.refresh('unread', userId);
      }
    },
  });
}
