import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '#/lib/api';
import { INTERRUPTED, Outbox, type OutboxEntry } from './outbox';
import { memoryStorage } from './storage';

const entry = (id: string, over: Partial<OutboxEntry> = {}): Omit<OutboxEntry, 'status' | 'createdAt'> => ({
  id,
  memberId: 'me-1',
  kind: 'message',
  place: 'conv-1',
  text: `text ${id}`,
  path: '/api/conversations/conv-1/messages',
  body: { clientId: id },
  idempotent: true,
  invalidate: [],
  ...over,
});

/** An outbox whose connection the test switches, with a send the test controls. */
function setup(send: (e: OutboxEntry) => Promise<unknown> = async () => ({ ok: true })) {
  const storage = memoryStorage();
  let online = false;
  const sendMock = vi.fn(send);
  const box = new Outbox(storage, sendMock, () => online);
  return { storage, box, send: sendMock, goOnline: () => (online = true), goOffline: () => (online = false) };
}

const stored = (storage: ReturnType<typeof memoryStorage>) => storage.data.get('bayclub-outbox') as OutboxEntry[] | undefined;

describe('the outbox', () => {
  it('keeps sends written offline, in order, and sends each once when the connection returns', async () => {
    const { box, storage, send, goOnline } = setup();
    box.add(entry('a'));
    box.add(entry('b'));
    await box.flush();
    expect(send).not.toHaveBeenCalled();
    expect(box.list().map((e) => [e.id, e.status])).toEqual([
      ['a', 'waiting'],
      ['b', 'waiting'],
    ]);
    await vi.waitFor(() => expect(stored(storage)?.map((e) => e.id)).toEqual(['a', 'b']));

    goOnline();
    await Promise.all([box.flush(), box.flush()]);
    expect(send.mock.calls.map(([e]) => e.id)).toEqual(['a', 'b']);
    expect(box.list()).toEqual([]);
    expect(stored(storage)).toEqual([]);
  });

  it('puts a send back to waiting when the network fails, and marks it failed when the server refuses it', async () => {
    let answer: () => Promise<unknown> = () => Promise.reject(new ApiError(0, 'NETWORK', 'offline'));
    const { box, goOnline } = setup(() => answer());
    goOnline();
    box.add(entry('a'));
    await box.flush();
    expect(box.list()[0]).toMatchObject({ id: 'a', status: 'waiting' });

    answer = () => Promise.reject(new ApiError(422, 'VALIDATION', 'Message is too long'));
    await box.flush();
    expect(box.list()[0]).toMatchObject({ id: 'a', status: 'failed', error: 'Message is too long' });
    // A failed send waits for the member: flushing again does not resend it.
    await box.flush();
    expect(box.list()[0]!.status).toBe('failed');

    answer = async () => ({ ok: true });
    box.retry('a');
    await box.flush();
    expect(box.list()).toEqual([]);
  });

  it('a post cut off by the network is not sent again by itself (it may have been stored); a message is, after a pause', async () => {
    vi.useFakeTimers();
    try {
      let fail = true;
      const { box, send, goOnline } = setup(async () => {
        if (fail) throw new ApiError(0, 'NETWORK', 'offline');
        return {};
      });
      goOnline();
      box.add(entry('post', { kind: 'post', idempotent: false }));
      box.add(entry('msg'));
      await vi.waitFor(() => expect(box.list().map((e) => e.status)).toEqual(['failed', 'waiting']));
      expect(box.list()[0]!.error).toBe(INTERRUPTED);
      fail = false;
      await vi.advanceTimersByTimeAsync(2_000);
      await vi.waitFor(() => expect(box.list().map((e) => e.id)).toEqual(['post']));
      expect(send.mock.calls.map(([e]) => e.id)).toEqual(['post', 'msg', 'msg']);
    } finally {
      vi.useRealTimers();
    }
  });

  it("after a reload, resends a half-sent message (idempotent) but turns a half-sent post into 'failed'", async () => {
    const storage = memoryStorage();
    const half = (id: string, idempotent: boolean): OutboxEntry => ({ ...entry(id, { idempotent }), status: 'sending', createdAt: '2026-11-28T08:00:00.000Z' });
    await storage.set('bayclub-outbox', [half('msg', true), half('post', false), { ...half('other', true), memberId: 'someone-else' }]);
    const box = new Outbox(storage, async () => ({}), () => false);
    await box.load('me-1');
    expect(box.list().map((e) => [e.id, e.status])).toEqual([
      ['msg', 'waiting'],
      ['post', 'failed'],
    ]);
  });

  it('tells the feature what the server answered, and forgets everything on clear', async () => {
    const { box, goOnline } = setup(async (e) => ({ id: `server-${e.id}` }));
    const sent = vi.fn();
    box.onSent('message', sent);
    box.add(entry('a'));
    box.clear();
    expect(box.list()).toEqual([]);
    box.add(entry('b'));
    goOnline();
    await box.flush();
    expect(sent).toHaveBeenCalledTimes(1);
    expect(sent.mock.calls[0]![0].id).toBe('b');
    expect(sent.mock.calls[0]![1]).toEqual({ id: 'server-b' });
  });
});
