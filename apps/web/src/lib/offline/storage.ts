import { createStore, del, get, set, type UseStore } from 'idb-keyval';

/** The little the offline code needs of a key-value store: IndexedDB in the browser, a Map in unit tests. */
export interface KeyValueStorage {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
}

let store: UseStore | undefined;

/**
 * One IndexedDB database for everything kept offline (the query cache, the outbox). Opened on first use: opening
 * it at import time would cost the first screen a database open it does not need.
 */
export function idbStorage(): KeyValueStorage {
  // Private modes of some browsers, and the unit tests' jsdom, have no IndexedDB: keep in memory there (nothing
  // survives a reload, but nothing fails either).
  if (typeof indexedDB === 'undefined') return memoryStorage();
  const db = () => (store ??= createStore('bayclub-offline', 'keyval'));
  return {
    get: (key) => get(key, db()),
    set: (key, value) => set(key, value, db()),
    del: (key) => del(key, db()),
  };
}

/** An in-memory store (tests, and browsers where IndexedDB is unavailable). */
export function memoryStorage(): KeyValueStorage & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    get: async <T,>(key: string) => structuredClone(data.get(key)) as T | undefined,
    set: async (key, value) => void data.set(key, structuredClone(value)),
    del: async (key) => void data.delete(key),
  };
}
