import type { WebSocket } from 'ws';
import { eq, inArray, and, gt, sql } from 'drizzle-orm';
import { LIMITS, SOCKET_CLOSE, type ServerEvent } from '@bayclub/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { profiles, sessions } from '../../db/schema/index.js';
import type { Bus, BusEvent, BusEventOf, BusKind } from '../../platform/bus.js';

declare module '../../platform/bus.js' {
  interface BusEvents {
    /** The account state of these users changed (application decided, reactivated): their session state is stale. */
    member: { u: string[] };
    /** Close the sockets of these users (deactivated, deleted) or sessions (signed out). */
    kick: { u?: string[]; s?: string[] };
  }
}

/** One open socket: one signed-in tab of one member. */
export interface Connection {
  socket: WebSocket;
  userId: string;
  sessionId: string;
  alive: boolean;
}

/** A server event's type, and the event of that type. */
type EventType = ServerEvent['type'];
type EventOf<T extends EventType> = Extract<ServerEvent, { type: T }>;

/** What a registered delivery may do with this process's sockets. */
export interface Sockets {
  /** The members with a socket on this process: a recipients query looks among these only. */
  localMembers(): string[];
  isLocal(memberId: string): boolean;
  sendTo(memberId: string, event: ServerEvent): void;
  /**
   * Send the member a fresh copy of a registered member state (registerState: the unread totals). Under a burst
   * it is loaded at most once at a time per member: events arriving meanwhile ask for one more load after it.
   */
  refresh(type: EventType, memberId: string): Promise<void>;
}

/**
 * How the events of one bus kind reach sockets. The common form: who among this process's members receives it
 * (one query at most, none when nobody is connected here) and the payload each receives (null: nothing). The
 * general form, for kinds that need more (per-recipient loads, read marks, member states): `deliver` itself.
 */
export type Delivery<K extends BusKind> =
  | {
      recipients(event: BusEventOf<K>, localMemberIds: string[]): Iterable<string> | Promise<Iterable<string>>;
      payload(event: BusEventOf<K>, recipientId: string): ServerEvent | null;
    }
  | { deliver(event: BusEventOf<K>, sockets: Sockets): void | Promise<void> };

/** Replays what a reconnecting member missed after `lastSeq` (messaging's messages). */
export type Replay = (memberId: string, lastSeq: number, send: (event: ServerEvent) => void) => Promise<{ replayed: number; truncated: boolean }>;

/**
 * The sockets of this process, by member, and the delivery of bus events to them. Every process hears every
 * event (PostgreSQL NOTIFY); a process with no socket for the members concerned does nothing. The hub knows no
 * feature: each module registers, in its realtime.ts, its bus kinds (who receives them and what), the member
 * states a socket gets on connecting (the unread totals) and what a resume replays. Clients never get more than
 * what they could fetch themselves. The hub keeps the sockets, the heartbeat that re-checks sessions, resume,
 * and kicks.
 */
export function createHub(deps: { db: Db; bus: Bus; log: FastifyBaseLogger }) {
  const { db, log } = deps;
  const byUser = new Map<string, Set<Connection>>();
  const deliveries = new Map<BusKind, (event: BusEvent) => Promise<void>>();
  const states = new Map<EventType, (memberId: string) => Promise<ServerEvent>>();
  const replays: Replay[] = [];
  let delivered = 0;

  const send = (c: Connection, event: ServerEvent) => {
    if (c.socket.readyState !== c.socket.OPEN) return;
    c.socket.send(JSON.stringify(event));
    delivered += 1;
  };
  const sendTo = (userId: string, event: ServerEvent) => byUser.get(userId)?.forEach((c) => send(c, event));
  const hasLocal = (userId: string) => (byUser.get(userId)?.size ?? 0) > 0;

  // A member state (the unread totals) can be the costliest read of a delivery. Under a burst, a member's state is
  // loaded at most once at a time: events arriving meanwhile ask for one more load after it, not one each.
  const refreshing = new Map<string, { again: boolean }>();
  async function refresh(type: EventType, userId: string): Promise<void> {
    const load = states.get(type);
    if (!load || !hasLocal(userId)) return;
    const key = `${type}\n${userId}`;
    const running = refreshing.get(key);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: false };
    refreshing.set(key, state);
    try {
      do {
        state.again = false;
        sendTo(userId, await load(userId));
      } while (state.again && hasLocal(userId));
    } finally {
      refreshing.delete(key);
    }
  }

  const sockets: Sockets = { localMembers: () => [...byUser.keys()], isLocal: hasLocal, sendTo, refresh };

  function close(c: Connection, code: number, reason: string) {
    try {
      c.socket.close(code, reason);
    } catch {
      c.socket.terminate();
    }
  }

  /** Add the delivery of one bus kind; each kind has one owner. */
  function register<K extends BusKind>(kind: K, delivery: Delivery<K>) {
    if (deliveries.has(kind)) throw new Error(`realtime: the bus kind '${kind}' is registered twice`);
    const deliver =
      'deliver' in delivery
        ? async (event: BusEventOf<K>) => delivery.deliver(event, sockets)
        : async (event: BusEventOf<K>) => {
            const local = sockets.localMembers();
            if (!local.length) return;
            const found = delivery.recipients(event, local);
            // Recipients the event names (no query) are sent to at once, in the order events arrive.
            for (const userId of found instanceof Promise ? await found : found) {
              const payload = delivery.payload(event, userId);
              if (payload) sendTo(userId, payload);
            }
          };
    deliveries.set(kind, deliver as (event: BusEvent) => Promise<void>);
  }

  // The two kinds the hub owns: the member's session state, and closing sockets.
  register('member', {
    // Nothing to load: the member's tabs reload /api/me themselves (the layout follows the new access).
    recipients: (event) => event.u,
    payload: () => ({ type: 'session' }),
  });
  register('kick', {
    deliver(event) {
      const sessionsToClose = new Set(event.s ?? []);
      for (const userId of event.u ?? []) byUser.get(userId)?.forEach((c) => close(c, SOCKET_CLOSE.signedOut, 'signed out'));
      if (sessionsToClose.size) {
        for (const set of byUser.values()) for (const c of set) if (sessionsToClose.has(c.sessionId)) close(c, SOCKET_CLOSE.signedOut, 'signed out');
      }
    },
  });

  const unsubscribe = deps.bus.subscribe((event) => {
    const deliver = deliveries.get(event.k);
    if (!deliver) return;
    deliver(event).catch((err: unknown) => log.error({ err }, 'realtime delivery failed'));
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
    tick().catch((err: unknown) => log.error({ err }, 'realtime heartbeat failed'));
  }, LIMITS.socketHeartbeat);
  timer.unref();

  return {
    register,

    /** A member state every socket gets after connecting (and resuming), and again on `sockets.refresh(type)`. */
    registerState<T extends EventType>(type: T, load: (memberId: string) => Promise<EventOf<T>>) {
      if (states.has(type)) throw new Error(`realtime: the state '${type}' is registered twice`);
      states.set(type, load);
    },

    /** What a reconnecting socket is sent before 'ready' (messages it missed). */
    registerReplay(replay: Replay) {
      replays.push(replay);
    },

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

    /** Replay what the member missed after `lastSeq`, say `ready` (with `truncated` when there was more), then the member's states. */
    async resume(c: Connection, lastSeq: number) {
      let replayed = 0;
      let truncated = false;
      for (const replay of replays) {
        const done = await replay(c.userId, lastSeq, (event) => send(c, event));
        replayed += done.replayed;
        truncated ||= done.truncated;
      }
      send(c, { type: 'ready', replayed, truncated });
      for (const load of states.values()) send(c, await load(c.userId));
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
