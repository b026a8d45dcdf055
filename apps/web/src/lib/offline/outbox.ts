import { useMemo, useSyncExternalStore } from 'react';
import { onlineManager, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { api, errorMessage, isApiError } from '#/lib/api';
import { useMe } from '#/lib/session/use-session';
import { idbStorage, type KeyValueStorage } from './storage';

/** Where a queued send stands, as shown next to it. */
export type OutboxStatus = 'waiting' | 'sending' | 'failed';

/**
 * A send written offline (a message, a post, a comment), kept on the device until the connection returns. It
 * carries its own request, so it goes out from any page, whether or not the feature that wrote it has loaded.
 */
export interface OutboxEntry {
  /** For a message, its clientId (the server's idempotency key). */
  id: string;
  memberId: string;
  kind: 'message' | 'post' | 'comment';
  /** Where it was written: a conversation, a post, 'home' or a community. */
  place: string;
  /** What to show while it waits. */
  text: string;
  path: string;
  body: Record<string, unknown>;
  /** The server stores it once however often it is sent (messages' clientId). */
  idempotent: boolean;
  /** Refreshed once it is sent. */
  invalidate: QueryKey[];
  status: OutboxStatus;
  error?: string;
  createdAt: string;
}

type Sent = (entry: OutboxEntry, answer: unknown, queryClient: QueryClient | null) => void;

const OUTBOX_KEY = 'bayclub-outbox';
const FIRST_RETRY_MS = 2_000;
const LAST_RETRY_MS = 60_000;
/**
 * A post or comment whose sending was cut off: the member decides whether to send it again. Kept as the lib
 * catalogue's id (the entry may outlive a language switch), which QueuedStatus translates when it shows it.
 */
export const INTERRUPTED = 'lib.outbox.interrupted';

/**
 * The queue of sends waiting for a connection, kept in IndexedDB so a reload does not lose them. Sent one at a
 * time when the browser comes back online (and on start when online), each exactly once:
 * - an entry leaves the queue only after the server's 2xx;
 * - a network failure puts a message back to waiting (tried again by itself, and when the connection returns); a
 *   post or comment becomes failed instead, as it may have reached the server (it has no idempotency key); any other
 *   refusal marks it failed (the member retries or removes it);
 * - an entry found half-sent after a reload is sent again only if it is idempotent (a message); a post or comment
 *   becomes "Failed, retry" instead, so the member decides rather than the app posting it twice.
 * Tabs of one browser take turns through a Web Lock, so two tabs never send the same entry at once.
 */
export class Outbox {
  private entries: OutboxEntry[] = [];
  private listeners = new Set<() => void>();
  private sentHandlers = new Map<OutboxEntry['kind'], Sent>();
  private flushing: Promise<void> | null = null;
  private loaded: Promise<void> | null = null;
  private memberId: string | null = null;
  /** Entries written in this tab (the others came from storage, and another tab may have sent them meanwhile). */
  private writtenHere = new Set<string>();
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retryDelay = FIRST_RETRY_MS;
  queryClient: QueryClient | null = null;

  constructor(
    private storage: KeyValueStorage,
    private send: (entry: OutboxEntry) => Promise<unknown> = (entry) => api.post(entry.path, entry.body),
    private isOnline: () => boolean = () => onlineManager.isOnline(),
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  list = () => this.entries;

  /** Read the queue of `memberId` (another member's entries are dropped: the queue belongs to who is signed in). */
  load(memberId: string): Promise<void> {
    if (this.memberId === memberId && this.loaded) return this.loaded;
    this.memberId = memberId;
    this.loaded = (async () => {
      const stored = (await this.storage.get<OutboxEntry[]>(OUTBOX_KEY).catch(() => undefined)) ?? [];
      const mine = stored
        .filter((e) => e.memberId === memberId)
        .map((e): OutboxEntry => (e.status === 'sending' ? { ...e, status: e.idempotent ? 'waiting' : 'failed' } : e));
      // Entries added while reading stay, after the stored ones.
      const added = this.entries.filter((e) => !mine.some((m) => m.id === e.id));
      this.set([...mine, ...added]);
    })();
    return this.loaded.then(() => this.flush());
  }

  /** Queue a send; it goes out at once when online. */
  add(entry: Omit<OutboxEntry, 'status' | 'createdAt'>) {
    this.writtenHere.add(entry.id);
    this.set([...this.entries, { ...entry, status: 'waiting', createdAt: new Date().toISOString() }]);
    void this.flush();
  }

  retry(id: string) {
    this.patch(id, { status: 'waiting', error: undefined });
    void this.flush();
  }

  remove(id: string) {
    this.set(this.entries.filter((e) => e.id !== id));
  }

  /** Sign-out, or another member signed in: nothing of theirs stays queued. */
  clear() {
    clearTimeout(this.retryTimer);
    this.retryDelay = FIRST_RETRY_MS;
    this.writtenHere.clear();
    this.memberId = null;
    this.loaded = null;
    this.set([]);
  }

  /** What a feature does with the server's answer (put the new message in its caches...), when it is loaded. */
  onSent(kind: OutboxEntry['kind'], handler: Sent) {
    this.sentHandlers.set(kind, handler);
  }

  /** Send every waiting entry, oldest first. Resolves when done or when the connection drops again. */
  flush(): Promise<void> {
    if (!this.isOnline() || !this.entries.some((e) => e.status === 'waiting')) return Promise.resolve();
    this.flushing ??= this.locked(() => this.sendAll()).finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private locked(run: () => Promise<void>): Promise<void> {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    return locks ? locks.request('bayclub-outbox', run).then(() => undefined) : run();
  }

  private async sendAll() {
    // Another tab may have sent some while this one waited for the lock.
    const stored = (await this.storage.get<OutboxEntry[]>(OUTBOX_KEY).catch(() => undefined)) ?? this.entries;
    const stillQueued = new Set(stored.map((e) => e.id));
    this.set(this.entries.filter((e) => stillQueued.has(e.id) || this.writtenHere.has(e.id)));
    for (;;) {
      const next = this.entries.find((e) => e.status === 'waiting');
      if (!next || !this.isOnline()) return;
      await this.patchAndStore(next.id, { status: 'sending' });
      try {
        const answer = await this.send(next);
        this.retryDelay = FIRST_RETRY_MS;
        // The feature shows the sent copy first, then the queued one goes: never a moment with neither.
        this.sentHandlers.get(next.kind)?.(next, answer, this.queryClient);
        this.set(this.entries.filter((e) => e.id !== next.id));
        await this.store();
        for (const key of next.invalidate) void this.queryClient?.invalidateQueries({ queryKey: key });
      } catch (error) {
        if (isApiError(error) && error.isNetwork) {
          if (!next.idempotent) {
            // The server may have stored it before the connection dropped: sending again could post it twice.
            await this.patchAndStore(next.id, { status: 'failed', error: INTERRUPTED });
            continue;
          }
          await this.patchAndStore(next.id, { status: 'waiting' });
          this.retryLater();
          return;
        }
        await this.patchAndStore(next.id, { status: 'failed', error: errorMessage(error) });
      }
    }
  }

  /**
   * The browser says online but the server was not reached (it restarted, a captive portal): no 'online' event will
   * come, so try again by itself, waiting longer each time (2 s, doubling, at most a minute).
   */
  private retryLater() {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.flush(), this.retryDelay);
    this.retryDelay = Math.min(this.retryDelay * 2, LAST_RETRY_MS);
  }

  private patch(id: string, change: Partial<OutboxEntry>) {
    this.set(this.entries.map((e) => (e.id === id ? { ...e, ...change } : e)));
  }

  private async patchAndStore(id: string, change: Partial<OutboxEntry>) {
    this.patch(id, change);
    await this.store();
  }

  private set(entries: OutboxEntry[]) {
    this.entries = entries;
    void this.store();
    for (const l of this.listeners) l();
  }

  private store(): Promise<void> {
    return this.storage.set(OUTBOX_KEY, this.entries).catch(() => undefined);
  }
}

export const outbox = new Outbox(idbStorage());

/** The queued sends written at `place` (of `kind`), oldest first. */
export function useOutbox(kind: OutboxEntry['kind'], place: string): OutboxEntry[] {
  const all = useSyncExternalStore(outbox.subscribe, outbox.list, outbox.list);
  return useMemo(() => all.filter((e) => e.kind === kind && e.place === place), [all, kind, place]);
}

/** Should a send written now wait in the outbox? Only when the browser knows it is offline. */
export const shouldQueue = () => !onlineManager.isOnline();


/**
 * For a composer: `queue(send)` puts the send in the outbox and returns true when the browser is offline (the
 * composer then clears itself as after a send); online it returns false and the composer sends as usual.
 */
export function useQueueWhenOffline() {
  const memberId = useMe()?.user.id ?? null;
  return (send: Omit<OutboxEntry, 'id' | 'memberId' | 'status' | 'createdAt' | 'idempotent'>): boolean => {
    if (!shouldQueue() || !memberId) return false;
    outbox.add({ ...send, id: crypto.randomUUID(), memberId, idempotent: false });
    return true;
  };
}
