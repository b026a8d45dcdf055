import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { createOfflinePersister, PERSIST_KEY, selectForStorage, shouldPersistQuery, KEPT_MESSAGES } from './persister';
import { memoryStorage } from './storage';

type Q = PersistedClient['clientState']['queries'][number];
const query = (queryKey: unknown[], data: unknown): Q =>
  ({ queryKey, queryHash: JSON.stringify(queryKey), state: { status: 'success', data, dataUpdatedAt: 1 } }) as unknown as Q;
const client = (queries: Q[]): PersistedClient => ({ timestamp: 1, buster: 'b', clientState: { mutations: [], queries } });
const paged = (...pages: unknown[]) => ({ pages, pageParams: pages.map((_, i) => i) });

describe('what the offline cache keeps', () => {
  it('keeps the session of a member, the Going events and the feed; nothing else of the API', () => {
    const ok = (queryKey: unknown[], data: unknown = {}) => shouldPersistQuery({ queryKey, state: { status: 'success', data } } as never);
    expect(ok(['me'], { user: { id: 'm' } })).toBe(true);
    expect(ok(['me'], null)).toBe(false);
    // Only the session itself: a member's other reads never reach the disk.
    expect(ok(['me', 'mail-preferences'], { digest: true })).toBe(false);
    expect(ok(['events', 'list', { going: 'true' }])).toBe(true);
    expect(ok(['events', 'list', { going: 'true', zone: 'tampa' }])).toBe(false);
    expect(ok(['events', 'list', {}])).toBe(false);
    expect(ok(['posts', 'list', 'feed'])).toBe(true);
    expect(ok(['search', 'people', 'al'])).toBe(false);
    expect(shouldPersistQuery({ queryKey: ['me'], state: { status: 'error', data: undefined } } as never)).toBe(false);
  });

  it('trims lists to their first page, events to those with a ticket, chats to the newest of the inbox', () => {
    const conversations = Array.from({ length: 12 }, (_, i) => ({ id: `c${i}` }));
    const messages = Array.from({ length: KEPT_MESSAGES + 5 }, (_, i) => ({ seq: i }));
    const kept = selectForStorage(
      client([
        query(['posts', 'list', 'feed'], paged({ items: [1] }, { items: [2] })),
        query(['events', 'ticket', 'e1'], {}),
        query(['events', 'detail', 'e1'], { id: 'e1' }),
        query(['events', 'detail', 'e2'], { id: 'e2' }),
        query(['messaging', 'conversations'], paged({ items: conversations })),
        query(['messaging', 'messages', 'c0'], { items: messages, hasMore: false }),
        query(['messaging', 'messages', 'c11'], { items: [], hasMore: false }),
      ]),
    ).clientState.queries;
    const keys = kept.map((q) => JSON.stringify(q.queryKey));
    expect(keys).not.toContain(JSON.stringify(['events', 'detail', 'e2']));
    expect(keys).not.toContain(JSON.stringify(['messaging', 'messages', 'c11']));
    expect(keys).toContain(JSON.stringify(['events', 'detail', 'e1']));
    const feed = kept.find((q) => q.queryKey[2] === 'feed')!.state.data as ReturnType<typeof paged>;
    expect(feed.pages).toEqual([{ items: [1] }]);
    const chat = kept.find((q) => q.queryKey[2] === 'c0')!.state.data as { items: Array<{ seq: number }>; hasMore: boolean };
    expect(chat.items).toHaveLength(KEPT_MESSAGES);
    expect(chat.items.at(-1)!.seq).toBe(KEPT_MESSAGES + 4);
    expect(chat.hasMore).toBe(true);
  });
});

describe('the persister', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('restores the kept session only offline, and says which queries came back', async () => {
    const storage = memoryStorage();
    await storage.set(PERSIST_KEY, client([query(['me'], { user: { id: 'm' } }), query(['posts', 'list', 'feed'], paged({}))]));
    const persister = createOfflinePersister(storage);

    vi.stubGlobal('navigator', { ...navigator, onLine: true });
    const online = await persister.restoreClient();
    expect(online!.clientState.queries.map((q) => q.queryKey)).toEqual([['posts', 'list', 'feed']]);
    expect([...persister.restored()]).toEqual([JSON.stringify(['posts', 'list', 'feed'])]);

    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    const offline = await persister.restoreClient();
    expect(offline!.clientState.queries).toHaveLength(2);
    expect(persister.restored().size).toBe(2);
  });

  it('writes throttled, the last snapshot wins, and nothing lands after removeClient', async () => {
    const storage = memoryStorage();
    const persister = createOfflinePersister(storage, 10_000);
    await persister.persistClient(client([query(['posts', 'list', 'feed'], paged({ n: 1 }))]));
    await persister.persistClient(client([query(['posts', 'list', 'feed'], paged({ n: 2 }))]));
    expect(storage.data.has(PERSIST_KEY)).toBe(false);
    await persister.flush();
    const written = storage.data.get(PERSIST_KEY) as PersistedClient;
    expect((written.clientState.queries[0]!.state.data as ReturnType<typeof paged>).pages).toEqual([{ n: 2 }]);

    await persister.persistClient(client([query(['posts', 'list', 'feed'], paged({ n: 3 }))]));
    await persister.removeClient();
    await persister.flush();
    expect(storage.data.has(PERSIST_KEY)).toBe(false);
  });
});
