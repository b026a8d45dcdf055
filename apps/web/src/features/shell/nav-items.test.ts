import { describe, expect, it } from 'vitest';
import { isActivePath } from './nav-items';

describe('which menu entry a page marks', () => {
  it("marks Home on the feed and its posts, not on a community's page", () => {
    expect(isActivePath('/community', '/community')).toBe(true);
    expect(isActivePath('/community/posts/7d1f', '/community')).toBe(true);
    expect(isActivePath('/community/3f2a9c1e-0000-4000-8000-000000000001', '/community')).toBe(false);
  });

  it("marks Community (/groups) on a community's page and on the list of communities", () => {
    expect(isActivePath('/community/3f2a9c1e-0000-4000-8000-000000000001', '/groups')).toBe(true);
    expect(isActivePath('/communities', '/groups')).toBe(true);
    expect(isActivePath('/groups', '/groups')).toBe(true);
    expect(isActivePath('/community', '/groups')).toBe(false);
    expect(isActivePath('/community/posts/7d1f', '/groups')).toBe(false);
  });

  it('marks the other sections by their prefix', () => {
    expect(isActivePath('/events/abc', '/events')).toBe(true);
    expect(isActivePath('/eventsx', '/events')).toBe(false);
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/profile', '/')).toBe(false);
  });
});
