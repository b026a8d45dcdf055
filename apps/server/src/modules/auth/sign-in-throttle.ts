import net from 'node:net';
import { createAttemptLimiter } from '../../platform/attempt-limiter.js';

/**
 * Brute-force limits on signing in with a password. Only failed attempts count (wrong password or unknown
 * address), and per account AND client address: someone hammering an account from their address is refused there,
 * while the owner signing in from elsewhere is not (no lock-out by anyone who knows an email). The per-account
 * ceiling over all addresses keeps guessing from many addresses slow: at most 100 guesses an hour (2,400 a day) per
 * process, fewer than the 120 an hour the old per-account limit allowed; it takes 10 addresses failing to reach it.
 */
export const SIGN_IN_LIMITS = {
  perAddress: { max: 10, windowMs: 15 * 60_000 },
  perAccount: { max: 100, windowMs: 60 * 60_000 },
};

/**
 * The part of a client address one client controls: IPv4 as it is (IPv4-mapped IPv6 too), IPv6 by its /64, which
 * a single household or server usually gets whole (counting per /128 would hand it 2^64 fresh addresses).
 */
export function clientKey(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!net.isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('::');
  const groups = (s: string) => (s ? s.split(':') : []);
  // A trailing dotted quad stands for the last two groups; only the first four groups matter here anyway.
  const right = groups(tail).flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const left = groups(head).flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const full = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${full
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

export interface SignInAttempt {
  /** The answer's status: 401 keeps the attempt as a failure; a success also clears this address's failures. */
  settle(status: number): void;
}

export function createSignInThrottle(limits = SIGN_IN_LIMITS) {
  const byAddress = createAttemptLimiter(limits.perAddress);
  const byAccount = createAttemptLimiter(limits.perAccount);
  return {
    /**
     * Start a sign-in attempt, or null when it must be refused (429). It counts as failed from now on, so parallel
     * guesses cannot slip past the limits, until settle() learns it was not.
     */
    begin(email: string, ip: string, now = Date.now()): SignInAttempt | null {
      const account = email.trim().toLowerCase();
      const pair = `${account}\n${clientKey(ip)}`;
      if (!byAddress.allows(pair, now) || !byAccount.allows(account, now)) return null;
      byAddress.record(pair, now);
      byAccount.record(account, now);
      let settled = false;
      return {
        settle(status) {
          if (settled) return;
          settled = true;
          if (status === 401) return;
          byAddress.forget(pair, now);
          byAccount.forget(account, now);
          if (status >= 200 && status < 300) byAddress.clear(pair);
        },
      };
    },
  };
}
