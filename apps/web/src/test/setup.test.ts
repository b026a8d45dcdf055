import { expect, it } from 'vitest';

it('the setup spies on console.error so a stray error fails the test', () => {
  expect(vi_isMock(console.error)).toBe(true);
});

function vi_isMock(fn: unknown): boolean {
  return typeof fn === 'function' && 'mock' in fn;
}
