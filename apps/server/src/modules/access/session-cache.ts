import type { Database } from '../../db/client.js';
import type { Actor } from './policy.js';

/**
 * Actors by the Cookie header better-auth accepted, so a signed-in request resolves its session without the
 * database (decision 010). What keeps an entry honest:
 * - the key is the whole Cookie header: a hit means better-auth already verified exactly these bytes (signature,
 *   expiry) and found the session; a forged or altered cookie is a different key and goes to better-auth;
 * - every write to the rows an Actor is made of (sessions, users, profiles, user_roles, community_members) raises a
 *   notification from a database trigger (migration 0004), whoever writes (this app, better-auth, the admin CLI,
 *   psql): at COMMIT every process hears it and calls `changed`, which drops that member's entries;
 * - the writing process itself must not wait for that: on PostgreSQL the trigger also tells the writing connection
 *   during the statement (a NOTICE, db/client.ts onStatementNotice) and `changing` drops the member's entries and
 *   stores none for them until that transaction's notification arrives (or HOLD_MS passed: it rolled back), so the
 *   writer's next request reads the database. PGlite delivers the notification before the COMMIT resolves;
 * - a fill that raced with an invalidation is not stored (the generation changed meanwhile);
 * - while the process may be missing notifications (its LISTEN connection is down) nothing is served or stored;
 * - an entry lives at most `ttlMs` (a safety net) and never past its session's expiry.
 */
export interface SessionCache {
  get(cookie: string): Actor | undefined;
  /** Call before reading the session; pass the result to `set`. */
  generation(): number;
  set(cookie: string, actor: Actor, sessionExpiresAt: Date, generation: number): void;
  /** A statement of this process changed the member; its transaction `tx` has not necessarily committed yet. */
  changing(userId: string, tx: string): void;
  /** Transaction `tx` that changed the member committed (heard by every process). */
  changed(userId: string, tx: string): void;
  forgetUser(userId: string): void;
  /**
   * Resolves once every change this process announced (NOTICE) at or after `since` has been heard as committed, or
   * after `timeoutMs`: an answer that follows a change waits for it, so PostgreSQL has dispatched the notification to
   * every process before the member can send the next request.
   */
  settled(since: number, timeoutMs: number): Promise<void>;
  /** Whether a change announced at or after `since` has not been heard as committed yet (settled would wait). */
  changesPending(since: number): boolean;
  forgetAll(): void;
  /** Stop serving and storing (notifications may be lost) or start again; both forget everything. */
  setListening(listening: boolean): void;
  readonly size: number;
}

interface Entry {
  actor: Actor;
  expiresAt: number;
}

/** Longer Cookie headers are not cached (they would only cost memory; better-auth still answers them). */
const MAX_KEY_LENGTH = 4096;
/** A change announced by a statement but never committed (rolled back) stops holding the member's fills after this. */
export const HOLD_MS = 10_000;

export function createSessionCache(opts: { ttlMs: number; maxEntries: number; now?: () => number }): SessionCache {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const keysByUser = new Map<string, Set<string>>();
  /** Members changed by a transaction of this process whose COMMIT notification has not arrived: tx -> until. */
  const holds = new Map<string, Map<string, number>>();
  let generation = 0;
  let listening = false;

  const held = (userId: string) => {
    const txs = holds.get(userId);
    if (!txs) return false;
    const t = now();
    for (const [tx, until] of txs) if (until <= t) txs.delete(tx);
    if (!txs.size) holds.delete(userId);
    return txs.size > 0;
  };

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = keysByUser.get(entry.actor.userId);
    keys?.delete(key);
    if (keys && !keys.size) keysByUser.delete(entry.actor.userId);
  };

  /** Changes heard as committed (`key` user + tx): a NOTICE read after its own COMMIT's notification holds nothing. */
  const committed = new Map<string, number>();
  /** Changes announced by this process's statements and not yet heard as committed (`key` user + tx): when noticed. */
  const uncommitted = new Map<string, number>();
  const pendingSince = (since: number) => {
    const stale = now() - HOLD_MS;
    for (const [key, at] of uncommitted) {
      if (at < stale) uncommitted.delete(key);
      else if (at >= since) return true;
    }
    return false;
  };

  const forgetUser = (userId: string) => {
    generation += 1;
    const keys = keysByUser.get(userId);
    if (!keys) return;
    for (const key of [...keys]) remove(key);
  };

  const forgetAll = () => {
    generation += 1;
    entries.clear();
    keysByUser.clear();
  };

  return {
    get(cookie) {
      if (!listening) return undefined;
      const entry = entries.get(cookie);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        remove(cookie);
        return undefined;
      }
      return entry.actor;
    },
    generation: () => generation,
    set(cookie, actor, sessionExpiresAt, fillGeneration) {
      if (!listening || fillGeneration !== generation || cookie.length > MAX_KEY_LENGTH || held(actor.userId)) return;
      const expiresAt = Math.min(now() + opts.ttlMs, sessionExpiresAt.getTime());
      if (expiresAt <= now()) return;
      remove(cookie);
      // Oldest first out: Map keeps insertion order, and entries are short-lived anyway.
      while (entries.size >= opts.maxEntries) remove(entries.keys().next().value!);
      entries.set(cookie, { actor, expiresAt });
      let keys = keysByUser.get(actor.userId);
      if (!keys) keysByUser.set(actor.userId, (keys = new Set()));
      keys.add(cookie);
    },
    changing(userId, tx) {
      forgetUser(userId);
      // An autocommit statement's NOTICE can be read after the listener already heard its COMMIT.
      if (committed.has(`${userId} ${tx}`)) return;
      if (!uncommitted.has(`${userId} ${tx}`)) uncommitted.set(`${userId} ${tx}`, now());
      let txs = holds.get(userId);
      if (!txs) holds.set(userId, (txs = new Map()));
      txs.set(tx, now() + HOLD_MS);
    },
    changed(userId, tx) {
      const t = now();
      for (const [key, until] of committed) {
        if (until > t) break;
        committed.delete(key);
      }
      committed.set(`${userId} ${tx}`, t + HOLD_MS);
      uncommitted.delete(`${userId} ${tx}`);
      const txs = holds.get(userId);
      txs?.delete(tx);
      if (txs && !txs.size) holds.delete(userId);
      forgetUser(userId);
    },
    forgetUser,
    changesPending: (since) => uncommitted.size > 0 && pendingSince(since),
    async settled(since, timeoutMs) {
      const until = Date.now() + timeoutMs;
      while (uncommitted.size && pendingSince(since) && Date.now() < until) await new Promise((r) => setTimeout(r, 1));
    },
    forgetAll,
    setListening(value) {
      listening = value;
      forgetAll();
    },
    get size() {
      return entries.size;
    },
  };
}

/** The channel (and NOTICE prefix) of migration 0004's triggers; the payload is '<user id> <transaction id>'. */
export const ACTOR_CHANNEL = 'bayclub_actor';

function parseChange(payload: string) {
  const [userId, tx] = payload.split(' ');
  return userId && tx ? { userId, tx } : null;
}

/**
 * Feed the cache from the database: committed changes (every process), this process's own statements (PostgreSQL
 * NOTICEs) and the state of the LISTEN connection. Returns the function that disconnects it.
 */
export async function connectSessionCache(cache: SessionCache, database: Database): Promise<() => Promise<void>> {
  const offNotice = database.onStatementNotice((message) => {
    if (!message.startsWith(`${ACTOR_CHANNEL} `)) return;
    const change = parseChange(message.slice(ACTOR_CHANNEL.length + 1));
    if (change) cache.changing(change.userId, change.tx);
    else cache.forgetAll();
  });
  const offLost = database.onListenerLost(() => cache.setListening(false));
  const offReconnect = database.onReconnect(() => cache.setListening(true));
  const unlisten = await database.listen(ACTOR_CHANNEL, (payload) => {
    const change = parseChange(payload);
    if (change) cache.changed(change.userId, change.tx);
    else cache.forgetAll();
  });
  cache.setListening(true);
  return async () => {
    offNotice();
    offLost();
    offReconnect();
    cache.setListening(false);
    await unlisten().catch(() => {});
  };
}
