import { describe, expect, it } from 'vitest';
import { highlightParts } from './highlight';

describe('highlightParts', () => {
  it('marks every occurrence, case-insensitively, the longest term first', () => {
    expect(highlightParts('Sunset at Sunny Beach', ['sun', 'sunset'])).toEqual([
      { text: 'Sunset', match: true },
      { text: ' at ', match: false },
      { text: 'Sun', match: true },
      { text: 'ny Beach', match: false },
    ]);
  });

  it('takes terms literally (regex characters, %, _ and \\) and leaves text without terms whole', () => {
    expect(highlightParts('50% off (a_b) c\\d', ['50%', '(a_b)', 'c\\d'])).toEqual([
      { text: '50%', match: true },
      { text: ' off ', match: false },
      { text: '(a_b)', match: true },
      { text: ' ', match: false },
      { text: 'c\\d', match: true },
    ]);
    expect(highlightParts('nothing here', ['.*'])).toEqual([{ text: 'nothing here', match: false }]);
    expect(highlightParts('plain', [])).toEqual([{ text: 'plain', match: false }]);
    expect(highlightParts('', ['x'])).toEqual([]);
  });

  it('handles letters outside ASCII and emoji', () => {
    expect(highlightParts('Café 🙂 CAFÉ', ['café'])).toEqual([
      { text: 'Café', match: true },
      { text: ' 🙂 ', match: false },
      { text: 'CAFÉ', match: true },
    ]);
  });
});
