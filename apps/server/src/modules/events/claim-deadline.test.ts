import { describe, expect, it } from 'vitest';
import { claimDeadline } from './registrations.js';

const H = 3_600_000;
const now = new Date('2026-12-01T12:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms);

describe('claimDeadline (decision 028: the paid waitlist’s claim window)', () => {
  it('is the host’s window when the start is far', () => {
    expect(claimDeadline(now, at(10 * 24 * H), 12)).toEqual(at(12 * H));
  });

  it('is at most half the time left before the start', () => {
    expect(claimDeadline(now, at(10 * H), 12)).toEqual(at(5 * H));
  });

  it('is never shorter than 30 minutes', () => {
    expect(claimDeadline(now, at(40 * 60_000), 12)).toEqual(at(30 * 60_000));
  });
});
