import { describe, expect, it } from 'vitest';
import { moneyInputText, parseMoneyInput, timeUntil } from './money';

describe('price input', () => {
  it('turns major units into whole minor units, without floats', () => {
    expect(parseMoneyInput('25')).toBe(2500);
    expect(parseMoneyInput('25.5')).toBe(2550);
    expect(parseMoneyInput(' 25.50 ')).toBe(2550);
    expect(parseMoneyInput('0.29')).toBe(29);
    expect(parseMoneyInput('1,000.05')).toBe(100005);
    expect(parseMoneyInput('')).toBeNull();
    expect(parseMoneyInput('25.')).toBe(2500);
    for (const bad of ['abc', '25.555', '-5', '.5', '1e3']) expect(parseMoneyInput(bad), bad).toBeNaN();
  });

  it('shows minor units as typed prices', () => {
    expect(moneyInputText(2500)).toBe('25');
    expect(moneyInputText(2550)).toBe('25.50');
    expect(moneyInputText(2505)).toBe('25.05');
    expect(moneyInputText(null)).toBe('');
    expect(moneyInputText(Number.NaN)).toBe('');
  });
});

describe('timeUntil', () => {
  it('says the time alone on the same day in the event’s zone, and the day too otherwise', () => {
    const now = new Date('2026-12-04T20:30:00.000Z');
    expect(timeUntil('2026-12-04T20:45:00.000Z', 'America/New_York', now)).toBe('3:45 PM');
    expect(timeUntil('2026-12-05T08:00:00.000Z', 'America/New_York', now)).toBe('Sat, Dec 5, 3:00 AM');
  });
});
