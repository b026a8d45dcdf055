import type { WebSocket } from 'ws';
import { eq, inArray, and, gt, sql } from 'drizzle-orm';
import { LIMITS, SOCKET_CLOSE, type ServerEvent } from '@bayclub/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { profiles, sessions } from '../../db/schema/index.js';
import type { Bus, BusEvent } from '../../platform/bus.js';
import * as messagesRepo from '../messaging/repository.js';
import { presentMessage } from '../messaging/presenter.js';
import { findNotification } from '../notifications/repository.js';
import { presentNotification } from '../notifications/presenter.js';
import { postRecipients } from '../posts/repository.js';
import { hereNowRecipients } from '../locations/repository.js';

/** One open socket: one signed-in tab of one member. */
export interface Connection {
  socket: WebSocket;
  userId: string;
  sessionId: string;
  alive: boolean;
}

/**
 * The sockets of this process, by member, and the delivery of bus events to them. Every process hears every
 * event (PostgreSQL NOTIFY); a process with no socket for the members concerned does nothing. A process with
 * sockets loads the event's row once and sends it to each of them: clients never get more than what they
 * could fetch themselves.
 */
export function createHub(deps: { db: Db; bus: Bus; log: FastifyBaseLogger }) {
  const { db, log } = deps;
  const byUser = new Map<string, Set<Connection>>();
  let delivered = 0;

  const send = (c: Connection, event: ServerEvent) => {
    if (c.socket.readyState !== c.socket.OPEN) return;
    c.socket.send(JSON.stringify(event));
    delivered += 1;
  };
  const sendTo = (userId: string, event: ServerEvent) => byUser.get(userId)?.forEach((c) => send(c, event));
  const hasLocal = (userId: string) => (byUser.get(userId)?.size ?? 0) > 0;

  // Unread totals are the costliest read of a delivery. Under a burst, a member's totals are computed at most
  // once at a time: events arriving meanwhile ask for one more computation after it, not one each.
  const unreadRunning = new Map<string, { again: boolean }>();
  async function sendUnread(userId: string): Promise<void> {
    if (!hasLocal(userId)) return;
    const running = unreadRunning.get(userId);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: false };
    unreadRunning.set(userId, state);
    try {
      do {
        state.again = false;
        const totals = await messagesRepo.unreadTotals(db, userId);
        sendTo(userId, { type: 'unread', ...totals });
      } while (state.again && hasLocal(userId));
    } finally {
      unreadRunning.delete(userId);
    }
  }

  /**
   * Post events go to the local members who could read the post (one query among this process's members per
   * event; none when nobody is connected here). Payloads are ids and counts: clients fetch what they may see.
   */
  async function deliverPost(
    e: Parameters<typeof postRecipients>[2],
    event: ServerEvent,
  ) {
    const local = [...byUser.keys()];
    if (!local.length) return;
    for (const userId of await postRecipients(db, local, e)) sendTo(userId, event);
  }

  function close(c: Connection, code: number, reason: string) {
    try {
      c.socket.close(code, reason);
    } catch {
      c.socket.terminate();
    }
  }

  async function handle(event: BusEvent) {
    switch (event.k) {
      case 'msg': {
        const [senderId, recipientId] = event.u;
        if (!hasLocal(senderId) && !hasLocal(recipientId)) return;
        const found = await messagesRepo.messageForDelivery(db, event.id);
        if (!found) return;
        // The recipient first: theirs is the latency that counts. A block or deactivation that committed after
        // the send means that member gets nothing more from it.
        if (!found.hiddenFor.has(recipientId)) {
          sendTo(recipientId, { type: 'message', message: presentMessage(found.row, recipientId) });
          // Sending is reading: the sender has read everything up to their own message ('Seen' stays live).
          sendTo(recipientId, { type: 'read', conversationId: event.c, userId: senderId, lastReadSeq: Number(found.row.seq) });
        }
        if (!found.hiddenFor.has(senderId)) sendTo(senderId, { type: 'message', message: presentMessage(found.row, senderId) });
        return;
      }
      case 'read': {
        for (const userId of event.u) sendTo(userId, { type: 'read', conversationId: event.c, userId: event.r, lastReadSeq: event.s });
        await sendUnread(event.r);
        return;
      }
      case 'notif': {
        if (!hasLocal(event.u)) return;
        const row = await findNotification(db, event.u, event.id);
        if (row) sendTo(event.u, { type: 'notification', notification: presentNotification(row) });
        await sendUnread(event.u);
        return;
      }
      case 'unread':
        await sendUnread(event.u);
        return;
      case 'conn':
        for (const userId of event.u) sendTo(userId, { type: 'connections' });
        return;
      case 'conv':
        for (const userId of event.u) {
          sendTo(userId, { type: 'conversation', conversationId: event.c, canMessage: event.a });
          await sendUnread(userId);
        }
        return;
      case 'member':
        // Nothing to load: the member's tabs reload /api/me themselves (the layout follows the new access).
        for (const userId of event.u) sendTo(userId, { type: 'session' });
        return;
      case 'post':
        return deliverPost(
          { kind: 'home', postId: event.id, communityId: event.c, authorId: event.a },
          { type: 'feed:new', postId: event.id, communityId: event.c, authorId: event.a },
        );
      case 'postc':
        return deliverPost(
          { kind: 'readers', postId: event.id, communityId: event.c, authorId: event.a },
          { type: 'post:counts', postId: event.id, likeCount: event.l, commentCount: event.n },
        );
      case 'cmt':
        return deliverPost(
          { kind: 'readers', postId: event.p, communityId: event.c, authorId: event.a, alsoUnblocked: event.u },
          { type: 'post:comment', postId: event.p, commentId: event.id },
        );
      case 'postx':
        return deliverPost(
          { kind: 'removed', postId: event.id, communityId: event.c, authorId: event.a, hidden: event.h === 1 },
          { type: 'post:removed', postId: event.id },
        );
      case 'evt':
        for (const userId of event.u) {
          if (event.t === 'checkin') sendTo(userId, { type: 'event:checkin', eventId: event.id, registrationId: event.r ?? '' });
          else sendTo(userId, { type: 'event:registration', eventId: event.id });
        }
        return;
      case 'loc': {
        // Ids only: open place pages and lists refetch what their member may see.
        const local = [...byUser.keys()];
        if (!local.length) return;
        const recipients = await hereNowRecipients(db, local, { checker: event.u, visibility: event.v, limitedMayView: event.l });
        for (const userId of recipients) sendTo(userId, { type: 'location:here-now', locationId: event.id });
        return;
      }
      case 'kick': {
        const sessionsToClose = new Set(event.s ?? []);
        for (const userId of event.u ?? []) byUser.get(userId)?.forEach((c) => close(c, SOCKET_CLOSE.signedOut, 'signed out'));
        if (sessionsToClose.size) {
          for (const set of byUser.values()) for (const c of set) if (sessionsToClose.has(c.sessionId)) close(c, SOCKET_CLOSE.signedOut, 'signed out');
        }
        return;
      }
    }
  }

  const unsubscribe = deps.bus.subscribe((event) => {
    handle(event).catch((err) => log.error({ err }, 'realtime delivery failed'));
  });
  // While the bus was disconnected events were lost: every socket reconnects and resumes from its last seq.
  const unGap = deps.bus.onGap(() => {
    for (const set of byUser.values()) for (const c of set) close(c, 1012, 'resume');
  });

  /**
   * Heartbeat: a socket that did not answer the last ping is dropped. The same tick re-checks every session
   * this process serves (one query): a session that ended or a member who was deactivated loses the socket.
   */
  async function tick() {
    const all = [...byUser.values()].flatMap((s) => [...s]);
    for (const c of all) {
      if (!c.alive) {
        c.socket.terminate();
        continue;
      }
      c.alive = false;
      c.socket.ping();
    }
    if (!all.length) return;
    const ids = [...new Set(all.map((c) => c.sessionId))];
    const valid = await db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(profiles, eq(profiles.id, sessions.userId))
      .where(and(inArray(sessions.id, ids), gt(sessions.expiresAt, sql`now()`), eq(profiles.isDeactivated, false)));
    const ok = new Set(valid.map((r) => r.id));
    for (const c of all) if (!ok.has(c.sessionId)) close(c, SOCKET_CLOSE.signedOut, 'signed out');
  }
  const timer = setInterval(() => {
    tick().catch((err) => log.error({ err }, 'realtime heartbeat failed'));
  }, LIMITS.socketHeartbeat);
  timer.unref();

  return {
    add(c: Connection) {
      let set = byUser.get(c.userId);
      if (!set) byUser.set(c.userId, (set = new Set()));
      set.add(c);
    },
    remove(c: Connection) {
      const set = byUser.get(c.userId);
      set?.delete(c);
      if (set && !set.size) byUser.delete(c.userId);
    },
    send,
    sendUnread,

    /** Replay what the member missed after `lastSeq`, then say `ready` (with `truncated` when there was more). */
    async resume(c: Connection, lastSeq: number) {
      let replayed = 0;
      let truncated = false;
      if (lastSeq > 0) {
        const rows = await messagesRepo.missedMessages(db, c.userId, lastSeq, LIMITS.resumeMaxMessages);
        truncated = rows.length > LIMITS.resumeMaxMessages;
        for (const row of rows.slice(0, LIMITS.resumeMaxMessages)) {
          send(c, { type: 'message', message: presentMessage(row, c.userId) });
          replayed += 1;
        }
      }
      send(c, { type: 'ready', replayed, truncated });
      const totals = await messagesRepo.unreadTotals(db, c.userId);
      send(c, { type: 'unread', ...totals });
    },

    stats: () => ({ members: byUser.size, sockets: [...byUser.values()].reduce((n, s) => n + s.size, 0), delivered }),

    async close() {
      clearInterval(timer);
      unsubscribe();
      unGap();
      for (const set of byUser.values()) for (const c of set) close(c, SOCKET_CLOSE.shuttingDown, 'server shutting down');
      byUser.clear();
    },
  };
}

export type Hub = ReturnType<typeof createHub>;
