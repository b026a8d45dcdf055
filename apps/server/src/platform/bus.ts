import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from '../db/client.js';

/** The one channel every server process listens on. */
export const BUS_CHANNEL = 'bayclub_events';

/**
 * What one process tells all processes (itself included) through PostgreSQL NOTIFY. Payloads carry ids only:
 * each process loads what its own sockets may see. Published inside the writing transaction, so an event is
 * delivered at COMMIT and never for a write that rolled back.
 */
export type BusEvent =
  /** A message was stored in conversation c between participants u. */
  | { k: 'msg'; id: string; c: string; u: [string, string] }
  /** Reader r read conversation c up to seq s. */
  | { k: 'read'; c: string; r: string; s: number; u: [string, string] }
  /** A notification was created or updated for user u. */
  | { k: 'notif'; id: string; u: string }
  /** The unread totals of user u changed (notifications read in another tab). */
  | { k: 'unread'; u: string }
  /** Hellos, matches or blocks of these users changed. */
  | { k: 'conn'; u: string[] }
  /** Conversation c can (a) carry messages or not any more, for these users. */
  | { k: 'conv'; c: string; a: boolean; u: string[] }
  /** The account state of these users changed (application decided, reactivated): their session state is stale. */
  | { k: 'member'; u: string[] }
  /** Close the sockets of these users (deactivated, deleted) or sessions (signed out). */
  | { k: 'kick'; u?: string[]; s?: string[] }
  /** Post id was written by author a, in community c (null: the member-wide feed). */
  | { k: 'post'; id: string; c: string | null; a: string }
  /** The like (l) and comment (n) counts of post id changed. */
  | { k: 'postc'; id: string; c: string | null; a: string; l: number; n: number }
  /** Comment id by member u on post p (by a, in c). */
  | { k: 'cmt'; id: string; p: string; c: string | null; a: string; u: string }
  /** Post id (by a, in c) was deleted, or hidden by reports (h). */
  | { k: 'postx'; id: string; c: string | null; a: string; h?: 1 }
  /**
   * Event id changed for these users: a check-in (r: the registration) for the door staff, or their own
   * registration (promoted, cancelled, edited) for the members concerned.
   */
  | { k: 'evt'; id: string; t: 'checkin' | 'reg'; u: string[]; r?: string }
  /**
   * Member u checked in or out (or deleted a check-in) at place id, visible to v's audience; l: limited members
   * may see places (the view_locations flag when it was published).
   */
  | { k: 'loc'; id: string; u: string; v: 'public' | 'connections'; l: boolean };

export async function publish(db: DbOrTx, event: BusEvent) {
  await db.execute(sql`select pg_notify(${BUS_CHANNEL}, ${JSON.stringify(event)})`);
}

export interface Bus {
  subscribe(handler: (event: BusEvent) => void): () => void;
  /** Called when the bus lost its connection for a while: events in that gap are lost. */
  onGap(handler: () => void): () => void;
  close(): Promise<void>;
}

export async function createBus(database: Database, log: FastifyBaseLogger): Promise<Bus> {
  const handlers = new Set<(event: BusEvent) => void>();
  const unlisten = await database.listen(BUS_CHANNEL, (payload) => {
    let event: BusEvent;
    try {
      event = JSON.parse(payload) as BusEvent;
    } catch {
      log.warn('bus: unreadable payload');
      return;
    }
    for (const h of handlers) {
      try {
        h(event);
      } catch (err) {
        log.error({ err }, 'bus handler failed');
      }
    }
  });
  return {
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    onGap: (handler) => database.onReconnect(handler),
    close: unlisten,
  };
}
