import { describe, expect, it } from 'vitest';
import { createSessionCache, HOLD_MS } from './session-cache.js';
import type { Actor } from './policy.js';

/** The cache's own rules, on a clock the test moves (the database side is in actor-invalidation.test.ts). */
function setup(opts: { ttlMs?: number; maxEntries?: number } = {}) {
  let time = 1_000_000;
  const cache = createSessionCache({ ttlMs: opts.ttlMs ?? 30_000, maxEntries: opts.maxEntries ?? 100, now: () => time });
  cache.setListening(true);
  const later = new Date(time + 24 * 3600_000);
  return { cache, later, tick: (ms: number) => void (time += ms), now: () => time };
}
const actor = (userId: string): Actor => ({ userId, email: `${userId}@x.test`, sessionId: `s-${userId}`, language: null, profile: null, roles: [], communityRoles: [] });

describe('session cache', () => {
  it('serves an entry until the TTL or the session expiry, whichever comes first', () => {
    const { cache, later, tick, now } = setup({ ttlMs: 1000 });
    cache.set('a', actor('u1'), later, cache.generation());
    cache.set('b', actor('u2'), new Date(now() + 500), cache.generation());
    expect(cache.get('a')?.userId).toBe('u1');
    tick(500);
    expect(cache.get('b')).toBeUndefined();
    tick(499);
    expect(cache.get('a')?.userId).toBe('u1');
    tick(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('stores nothing for a session that already ended, or for an overlong Cookie header', () => {
    const { cache, later, now } = setup();
    cache.set('a', actor('u1'), new Date(now()), cache.generation());
    cache.set('x'.repeat(5000), actor('u1'), later, cache.generation());
    expect(cache.size).toBe(0);
  });

  it('keeps at most maxEntries, dropping the oldest', () => {
    const { cache, later } = setup({ maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) cache.set(key, actor(key), later, cache.generation());
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')?.userId).toBe('c');
  });

  it('forgets every entry of a changed member and only theirs', () => {
    const { cache, later } = setup();
    cache.set('a1', actor('u1'), later, cache.generation());
    cache.set('a2', actor('u1'), later, cache.generation());
    cache.set('b', actor('u2'), later, cache.generation());
    cache.changed('u1', 'tx1');
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('a2')).toBeUndefined();
    expect(cache.get('b')?.userId).toBe('u2');
  });

  it('does not store a fill that started before a change was heard (it may hold the old rows)', () => {
    const { cache, later } = setup();
    const generation = cache.generation();
    cache.changed('u9', 'tx1');
    cache.set('a', actor('u1'), later, generation);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', actor('u1'), later, cache.generation());
    expect(cache.get('a')?.userId).toBe('u1');
  });

  it("holds a member changed by this process's statement until that transaction's COMMIT is heard", () => {
    const { cache, later } = setup();
    cache.set('a', actor('u1'), later, cache.generation());
    cache.changing('u1', 'tx1');
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', actor('u1'), later, cache.generation());
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', actor('u2'), later, cache.generation());
    expect(cache.get('b')?.userId).toBe('u2');
    cache.changed('u1', 'tx1');
    cache.set('a', actor('u1'), later, cache.generation());
    expect(cache.get('a')?.userId).toBe('u1');
  });

  it('lets a hold go after HOLD_MS when no COMMIT comes (the transaction rolled back)', () => {
    const { cache, later, tick } = setup();
    cache.changing('u1', 'tx1');
    tick(HOLD_MS - 1);
    cache.set('a', actor('u1'), later, cache.generation());
    expect(cache.get('a')).toBeUndefined();
    tick(1);
    cache.set('a', actor('u1'), later, cache.generation());
    expect(cache.get('a')?.userId).toBe('u1');
  });

  it('holds nothing for a statement whose COMMIT was heard first (an autocommit NOTICE read late)', () => {
    const { cache, later } = setup();
    cache.changed('u1', 'tx1');
    cache.changing('u1', 'tx1');
    cache.set('a', actor('u1'), later, cache.generation());
    expect(cache.get('a')?.userId).toBe('u1');
  });

  it("says a change of this process is pending until its COMMIT is heard, for answers that started before it", async () => {
    const { cache, tick, now } = setup();
    const requestStart = now();
    tick(5);
    cache.changing('u1', 'tx1');
    expect(cache.changesPending(requestStart)).toBe(true);
    expect(cache.changesPending(now() + 1)).toBe(false);
    const settled = cache.settled(requestStart, 1000);
    cache.changed('u1', 'tx1');
    await settled;
    expect(cache.changesPending(requestStart)).toBe(false);
  });

  it('stops waiting for a change that never commits', async () => {
    const { cache, now } = setup();
    cache.changing('u1', 'tx1');
    const started = Date.now();
    await cache.settled(now(), 30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    expect(cache.changesPending(now())).toBe(true);
  });

  it('serves and stores nothing while it cannot hear changes, and starts empty again', () => {
    const { cache, later } = setup();
    cache.set('a', actor('u1'), later, cache.generation());
    cache.setListening(false);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', actor('u1'), later, cache.generation());
    cache.setListening(true);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
