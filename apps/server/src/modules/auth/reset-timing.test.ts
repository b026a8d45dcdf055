import { afterAll, describe, expect, it, vi } from 'vitest';
import { applyAs, buildTestApp, type TestUser } from '../../test/helpers.js';
import { startSmtpPeer } from '../../test/smtp-peer.js';

/**
 * A password reset must not tell whether an address has an account: not by its answer, and not by its timing. With
 * a slow SMTP server (300 ms per mail), a request that waited for the mail would take 300 ms longer for a member's
 * address than for an unknown one; through the outbox both answer alike and the mail still arrives.
 */

const SMTP_DELAY_MS = 300;
const ROUNDS = 9;

const peer = await startSmtpPeer({ delayMs: SMTP_DELAY_MS });
afterAll(() => peer.close());
const t = await buildTestApp({ SMTP_URL: peer.url });

const request = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email, redirectTo: '/reset-password' } });

async function timed(email: string) {
  const started = performance.now();
  const res = await request(email);
  return { ms: performance.now() - started, res };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

describe('password reset timing', () => {
  it(`answers known and unknown addresses alike within a few ms, with a ${SMTP_DELAY_MS} ms SMTP server; the mail arrives`, async () => {
    const members: TestUser[] = [];
    for (let i = 0; i < ROUNDS; i++) members.push(await applyAs(t));
    // Warm up both paths (first queries, better-auth's lazy set-up).
    await request(`warmup-${members[0]!.email}`);
    await request(members[0]!.email);
    await vi.waitFor(() => expect(peer.countTo(members[0]!.email)).toBe(1), { timeout: 10_000, interval: 20 });

    const known: number[] = [];
    const unknown: number[] = [];
    const bodies = new Set<string>();
    for (let i = 1; i < ROUNDS; i++) {
      // Alternate which goes first, so background work of one round weighs on both kinds alike.
      const pair = i % 2 ? [members[i]!.email, `nobody-${members[i]!.email}`] : [`nobody-${members[i]!.email}`, members[i]!.email];
      for (const email of pair) {
        const { ms, res } = await timed(email);
        expect(res.statusCode).toBe(200);
        bodies.add(res.body);
        (email.startsWith('nobody-') ? unknown : known).push(ms);
      }
    }
    const difference = Math.abs(median(known) - median(unknown));
    console.info(
      `reset request medians: known ${median(known).toFixed(1)} ms, unknown ${median(unknown).toFixed(1)} ms, difference ${difference.toFixed(1)} ms`,
    );
    expect(bodies.size).toBe(1);
    expect(difference).toBeLessThan(15);
    expect(median(known)).toBeLessThan(SMTP_DELAY_MS / 2);

    // Every member's mail was delivered by the worker, exactly once, with the link; nothing went to unknown addresses.
    for (const m of members) await vi.waitFor(() => expect(peer.countTo(m.email)).toBe(1), { timeout: 15_000, interval: 20 });
    const mail = peer.received.find((r) => r.to.includes(members[1]!.email))!;
    expect(mail.data.replace(/=\r\n/g, '')).toMatch(/reset-password\?token=(3D)?[A-Za-z0-9%_-]+/);
    expect(peer.received.some((r) => r.to.some((to) => to.startsWith('nobody-')))).toBe(false);
  });
});
