/**
 * Counts attempts per key in a sliding window, in memory. Used per account on sign-in, so one
 * account cannot be brute-forced from many addresses. Per process: several processes each allow the
 * limit, which still bounds guessing to a few tries a minute.
 */
export function createAttemptLimiter({ max, windowMs }: { max: number; windowMs: number }) {
  const hits = new Map<string, number[]>();
  return {
    /** Record an attempt; false when the key is over its limit. */
    hit(key: string, now = Date.now()): boolean {
      const recent = (hits.get(key) ?? []).filter((t) => now - t < windowMs);
      recent.push(now);
      hits.set(key, recent);
      if (hits.size > 10_000) {
        for (const [k, v] of hits) if (v.every((t) => now - t >= windowMs)) hits.delete(k);
      }
      return recent.length <= max;
    },
  };
}
