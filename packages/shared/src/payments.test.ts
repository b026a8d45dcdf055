import { describe, expect, it } from 'vitest';
import { formatMoney } from './payments';

describe('formatMoney', () => {
  it('writes minor units in their currency, the way the reader’s locale writes money', () => {
    expect(formatMoney(2500, 'usd')).toBe('$25.00');
    expect(formatMoney(123450, 'eur')).toBe('€1,234.50');
    expect(formatMoney(2500, 'usd', 'es-US')).toBe('$25.00');
    // A currency that is not the locale's own is named by its code in Spanish (CLDR's es-US).
    expect(formatMoney(123450, 'eur', 'es-US')).toBe('EUR\u00a01,234.50');
  });
});
