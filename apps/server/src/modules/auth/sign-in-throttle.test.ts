import { describe, expect, it } from 'vitest';
import { clientKey, createSignInThrottle, SIGN_IN_LIMITS } from './sign-in-throttle.js';

const A = '203.0.113.1';
const B = '198.51.100.2';
const MIN = 60_000;

/** n attempts that all fail (401); answers how many were let through. */
function fail(throttle: ReturnType<typeof createSignInThrottle>, n: number, email: string, ip: string, now = 0) {
  let allowed = 0;
  for (let i = 0; i < n; i++) {
    const attempt = throttle.begin(email, ip, now);
    if (!attempt) continue;
    allowed++;
    attempt.settle(401);
  }
  return allowed;
}

describe('sign-in throttle', () => {
  it('allows 10 failures per account and address in 15 minutes, then refuses that address only', () => {
    const throttle = createSignInThrottle();
    expect(fail(throttle, 20, 'ada@example.com', A)).toBe(10);
    expect(throttle.begin('ada@example.com', A, 1)).toBeNull();
    expect(throttle.begin('ADA@example.com ', A, 1)).toBeNull(); // the same account, however written
    expect(throttle.begin('ada@example.com', B, 1)).not.toBeNull();
    expect(throttle.begin('bo@example.com', A, 1)).not.toBeNull();
    // The window slides: 15 minutes after the failures, the address may try again.
    expect(throttle.begin('ada@example.com', A, 15 * MIN)).not.toBeNull();
  });

  it('only failures count: successful and refused-for-other-reasons attempts are taken back', () => {
    const throttle = createSignInThrottle();
    for (let i = 0; i < 50; i++) throttle.begin('ada@example.com', A, i)!.settle(i % 2 ? 200 : 400);
    expect(fail(throttle, 10, 'ada@example.com', A, 100)).toBe(10);
  });

  it("a success clears that address's failures for the account", () => {
    const throttle = createSignInThrottle();
    expect(fail(throttle, 9, 'ada@example.com', A)).toBe(9);
    throttle.begin('ada@example.com', A, 1)!.settle(200);
    expect(fail(throttle, 10, 'ada@example.com', A, 2)).toBe(10);
  });

  it('counts attempts in flight, so parallel guesses cannot pass the limit', () => {
    const throttle = createSignInThrottle();
    const started = Array.from({ length: 30 }, () => throttle.begin('ada@example.com', A, 0));
    expect(started.filter(Boolean)).toHaveLength(10);
  });

  it(`stops spread-out guessing at ${SIGN_IN_LIMITS.perAccount.max} failures an hour per account, from every address`, () => {
    const throttle = createSignInThrottle();
    let allowed = 0;
    for (let i = 0; i < 300; i++) allowed += fail(throttle, 1, 'ada@example.com', `10.0.${i >> 8}.${i & 255}`, i);
    expect(allowed).toBe(100);
    expect(throttle.begin('ada@example.com', B, 1000)).toBeNull();
    expect(throttle.begin('bo@example.com', B, 1000)).not.toBeNull();
    expect(throttle.begin('ada@example.com', B, 60 * MIN)).not.toBeNull();
  });
});

describe('clientKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::198.51.100.1', '64:ff9b:0:0::/64'],
  ])('%s -> %s', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });
});
