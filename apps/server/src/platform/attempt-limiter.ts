/** Keys kept at most; past it the oldest keys are forgotten first (memory stays bounded under a flood of new keys). */
const MAX_KEYS = 50_000;

/**
 * Counts attempts per key in a sliding window, in memory and per process (several processes each allow the limit,
 * which still bounds guessing). An attempt is recorded when it starts, so parallel requests cannot slip past the
 * limit while they are in flight; `forget` takes one back once it turned out not to count.
 */
export function createAttemptLimiter({ max, windowMs }: { max: number; windowMs: number }) {
  const hits = new Map<string, number[]>();

  function recent(key: string, now: number): number[] {
    const list = (hits.get(key) ?? []).filter((t) => now - t < windowMs);
    if (list.length) hits.set(key, list);
    else hits.delete(key);
    return list;
  }

  function prune(now: number) {
    for (const [k, v] of hits) if (v.every((t) => now - t >= windowMs)) hits.delete(k);
    for (const k of hits.keys()) {
      if (hits.size <= MAX_KEYS) break;
      hits.delete(k);
    }
  }

  return {
    /** True while the key has fewer than `max` attempts in the window. */
    allows(key: string, now = Date.now()): boolean {
      return recent(key, now).length < max;
    },

    /** Record an attempt at `now`. */
    record(key: string, now = Date.now()): void {
      const list = recent(key, now);
      list.push(now);
      hits.set(key, list);
      if (hits.size > MAX_KEYS) prune(now);
    },

    /** Take back the attempt recorded at `at` (it did not count after all). */
    forget(key: string, at: number): void {
      const list = hits.get(key);
      const i = list?.indexOf(at) ?? -1;
      if (i >= 0) list!.splice(i, 1);
      if (list && !list.length) hits.delete(key);
    },

    /** Forget every attempt of the key. */
    clear(key: string): void {
      hits.delete(key);
    },
  };
}
