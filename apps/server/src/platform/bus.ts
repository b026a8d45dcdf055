import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from '../db/client.js';

/** The one channel every server process listens on. */
export const BUS_CHANNEL = 'bayclub_events';

/**
 * What one process tells all processes (itself included) through PostgreSQL NOTIFY, by kind. The bus knows no
 * kind: each module adds its own to this interface in its realtime.ts (declaration merging,
 * `declare module '../../platform/bus.js'`). Payloads carry ids only: each process loads what its own sockets may
 * see. Published inside the writing transaction, so an event is delivered at COMMIT and never for a write that
 * rolled back. The kind strings and field names are the wire format (other processes parse them): never rename.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the modules (declaration merging)
export interface BusEvents {}

export type BusKind = keyof BusEvents;
/** One event of kind K as it travels: `{ k: K, ...fields }`. */
export type BusEventOf<K extends BusKind> = { k: K } & BusEvents[K];
export type BusEvent = { [K in BusKind]: BusEventOf<K> }[BusKind];

export async function publish(db: DbOrTx, event: BusEvent) {
  await db.execute(sql`select ${announcing(event)}`);
}

/**
 * The announcement of `event` as an SQL expression, for a write that folds it into the statement that does the work
 * (issue 25: one round trip instead of two). Like publish, it is delivered at COMMIT, and only if the statement ran it.
 */
export function announcing(event: BusEvent): SQL {
  return sql`pg_notify(${BUS_CHANNEL}, ${JSON.stringify(event)})`;
}

/**
 * As announcing, for a statement that learns some of the event's fields itself: `fields` are SQL expressions (the
 * audience of a conversation it locks, a flag it reads), merged into the event.
 */
export function announcingWith<E extends { k: BusKind }, F extends keyof E & string>(event: Omit<E, F>, fields: Record<F, SQL>): SQL {
  const pairs = sql.join(
    Object.entries<SQL>(fields).map(([key, value]) => sql`${key}::text, ${value}`),
    sql`, `,
  );
  return sql`pg_notify(${BUS_CHANNEL}, (${JSON.stringify(event)}::jsonb || jsonb_build_object(${pairs}))::text)`;
}

/** As announcingWith for the audience: `audience` is an SQL expression of the members' ids (a uuid[]), put in `u`. */
export function announcingTo<K extends BusKind>(event: Omit<BusEventOf<K>, 'u'>, audience: SQL): SQL {
  return announcingWith<{ k: BusKind; u: unknown }, 'u'>(event, { u: audience });
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
