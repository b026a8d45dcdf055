import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import type { PersistedClient, Persister, PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { idbStorage, type KeyValueStorage } from './storage';

/**
 * What is kept on the device to read offline (issue 21): who is signed in, Home's first page, the member's events
 * and tickets, the inbox and its conversations. Nothing else of the API is written to disk: every other answer
 * stays in memory only, as before.
 */
const KEPT: readonly QueryKey[] = [
  ['me'],
  ['permissions'],
  ['settings', 'public'],
  ['communities', 'mine'],
  ['posts', 'list', 'feed'],
  ['events', 'list'],
  ['events', 'ticket'],
  ['events', 'detail'],
  ['messaging', 'conversations'],
  ['messaging', 'conversation'],
  ['messaging', 'messages'],
];

/** Kept this long on the device (as long as the service worker keeps a ticket, decision 015). */
export const PERSIST_MAX_AGE = 30 * 24 * 60 * 60 * 1000;
/** Conversations kept: the most recent of the inbox's first page. */
export const KEPT_CONVERSATIONS = 10;
/** Messages kept per conversation: the newest. */
export const KEPT_MESSAGES = 50;

const startsWith = (key: QueryKey, prefix: QueryKey) => prefix.every((part, i) => key[i] === part);

/** Is this query one kind that is kept? The kinds need a longer life in memory too (`keepPersistedLonger`). */
export const isKeptKey = (key: QueryKey) => KEPT.some((prefix) => startsWith(key, prefix));

/**
 * A query worth writing: a kept kind, loaded, and (for the session) a member: a signed-out visitor has nothing to
 * keep. "My events" is the Going filter only; the whole upcoming list stays in memory.
 */
export function shouldPersistQuery(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  if (query.state.status !== 'success' || !isKeptKey(query.queryKey)) return false;
  const [root, kind, filters] = query.queryKey as [unknown, unknown, unknown];
  if (root === 'me') return isSessionKey(query.queryKey) && query.state.data != null;
  if (root === 'events' && kind === 'list') {
    const f = (filters ?? {}) as Record<string, unknown>;
    return f.going === 'true' && Object.keys(f).length === 1;
  }
  return true;
}

interface Paged {
  pages: unknown[];
  pageParams: unknown[];
}
const isPaged = (data: unknown): data is Paged =>
  typeof data === 'object' && data !== null && Array.isArray((data as Paged).pages) && Array.isArray((data as Paged).pageParams);

/**
 * Trim a snapshot to what is read offline: the first page of every list; an event's details only when the member
 * has its ticket; only the conversations on the inbox's first page (the most recent), each with its newest messages.
 */
export function selectForStorage(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.filter((q) => q.state.status === 'success');
  const key = (q: (typeof queries)[number]) => q.queryKey as unknown[];
  const ticketEvents = new Set(queries.filter((q) => startsWith(key(q), ['events', 'ticket'])).map((q) => key(q)[2]));
  const inbox = queries.find((q) => startsWith(key(q), ['messaging', 'conversations']))?.state.data;
  const firstInboxPage = isPaged(inbox) ? (inbox.pages[0] as { items?: Array<{ id: string }> } | undefined) : undefined;
  const recent = new Set((firstInboxPage?.items ?? []).slice(0, KEPT_CONVERSATIONS).map((c) => c.id));

  const kept = queries
    .filter((q) => {
      const k = key(q);
      if (startsWith(k, ['events', 'detail'])) return ticketEvents.has(k[2]);
      if (startsWith(k, ['messaging', 'conversation']) || startsWith(k, ['messaging', 'messages'])) return recent.has(k[2] as string);
      return true;
    })
    .map((q) => {
      const data = q.state.data;
      if (isPaged(data) && data.pages.length > 1) {
        return { ...q, state: { ...q.state, data: { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } } };
      }
      if (startsWith(key(q), ['messaging', 'messages'])) {
        const cache = data as { items: unknown[]; hasMore: boolean };
        if (cache.items.length > KEPT_MESSAGES) {
          return { ...q, state: { ...q.state, data: { items: cache.items.slice(-KEPT_MESSAGES), hasMore: true } } };
        }
      }
      return q;
    });
  return { ...client, clientState: { mutations: [], queries: kept } };
}

export const PERSIST_KEY = 'bayclub-query-cache';

/**
 * The query cache in IndexedDB. Writes are throttled (every change of the cache asks for one) and the last one
 * always lands; `removeClient` also cancels a write that is waiting, so nothing is written back after sign-out.
 */
export function createOfflinePersister(
  storage: KeyValueStorage = idbStorage(),
  throttleMs = 1000,
): Persister & { flush: () => Promise<void>; restored: () => ReadonlySet<string> } {
  let restored = new Set<string>();
  let waiting: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();
  const write = () => {
    timer = undefined;
    const next = waiting;
    waiting = null;
    // Stamped at write time: the member may have changed since the provider read its options.
    if (next) writing = writing.then(() => storage.set(PERSIST_KEY, { ...selectForStorage(next), buster: cacheBuster(cacheOwner()) })).catch(() => undefined);
    return writing;
  };
  return {
    persistClient(client) {
      waiting = client;
      timer ??= setTimeout(write, throttleMs);
    },
    // Online, the server says who is signed in: the kept session is restored only offline. (A session ended
    // elsewhere, or cookies cleared, would otherwise open the member's pages until GET /api/me answered.)
    async restoreClient() {
      const kept = await storage.get<PersistedClient>(PERSIST_KEY);
      const handedBack =
        !kept || !navigator.onLine
          ? kept
          : { ...kept, clientState: { ...kept.clientState, queries: kept.clientState.queries.filter((q) => !isSessionKey(q.queryKey)) } };
      restored = new Set(handedBack?.clientState.queries.map((q) => q.queryHash) ?? []);
      return handedBack;
    },
    // What came back from the device (and nothing fetched or set meanwhile): what to read again once online.
    restored: () => restored,
    async removeClient() {
      clearTimeout(timer);
      timer = undefined;
      waiting = null;
      await writing;
      await storage.del(PERSIST_KEY);
    },
    flush() {
      clearTimeout(timer);
      return write();
    },
  };
}

// ---- one member's cache ----

const OWNER_KEY = 'bayclub:offline-owner';
/**
 * Changes when the shape of what is kept may have changed (vite.config.ts hashes the files that decide it), so a
 * cache written by code that shaped it differently is never read back; other deploys keep it.
 */
const CACHE_SHAPE: string = (import.meta.env.VITE_CACHE_SHAPE as string | undefined) ?? 'dev';

export function cacheOwner(): string | null {
  try {
    return localStorage.getItem(OWNER_KEY);
  } catch {
    return null;
  }
}

function setCacheOwner(memberId: string | null) {
  try {
    if (memberId) localStorage.setItem(OWNER_KEY, memberId);
    else localStorage.removeItem(OWNER_KEY);
  } catch {
    // Storage refused (private mode): the cache simply does not restore next time.
  }
}

/** The cache is read back only by code that keeps the same shape, for the member that wrote it. */
export const cacheBuster = (memberId: string | null) => `${CACHE_SHAPE}:${memberId ?? 'nobody'}`;

export function persistOptions(persister: Persister): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister,
    maxAge: PERSIST_MAX_AGE,
    buster: cacheBuster(cacheOwner()),
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery, shouldDehydrateMutation: () => false },
  };
}

/**
 * Kept kinds stay in memory for a day, not 10 minutes: a query collected from memory drops off the disk at the next
 * write, and a ticket opened this morning must still be there tonight. Not the 30 days of PERSIST_MAX_AGE: a gcTime
 * past setTimeout's limit (about 24.8 days) fires at once, and every restored query vanished on arrival.
 */
export const KEPT_IN_MEMORY = 24 * 60 * 60 * 1000;
export function keepPersistedLonger(queryClient: QueryClient) {
  for (const prefix of KEPT) queryClient.setQueryDefaults(prefix, { gcTime: KEPT_IN_MEMORY });
}

interface MeLike {
  user: { id: string };
}

/** Whether a query key is the session's own, exactly ['me']. */
export const isSessionKey = (key: readonly unknown[]) => key.length === 1 && key[0] === 'me';

/**
 * The kept cache belongs to one member. When the session turns out to be someone else's, or no one's (signed out,
 * expired), everything kept on the device and in memory of the previous member goes, and `onOwnerChange` clears
 * what else is theirs (queued sends, drafts). Returns the unsubscribe.
 */
export function watchCacheOwner(queryClient: QueryClient, persister: Persister, onOwnerChange: (previous: string | null) => void) {
  return queryClient.getQueryCache().subscribe((event) => {
    // 'added' too: a session restored from the device arrives that way.
    // The session is the query ['me'] itself, nothing under it.
    if ((event.type !== 'updated' && event.type !== 'added') || !isSessionKey(event.query.queryKey) || event.query.state.status !== 'success') return;
    const me = event.query.state.data as MeLike | null | undefined;
    if (me === undefined) return;
    const memberId = me?.user.id ?? null;
    const previous = cacheOwner();
    if (memberId === previous) return;
    setCacheOwner(memberId);
    if (previous !== null) {
      queryClient.removeQueries({ predicate: (q) => !isSessionKey(q.queryKey) });
      void persister.removeClient();
      onOwnerChange(previous);
    }
  });
}
