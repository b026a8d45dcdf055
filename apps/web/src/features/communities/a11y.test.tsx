import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { json, mockApi, renderApp, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { CREATOR_VIEWER, makeCommunity, makeMemberEntry, makePerson, makeSummary, page } from './community-fixtures';

vi.mock('#/features/posts/community-posts', () => ({ CommunityPosts: () => <p>posts</p>, ReportedPosts: () => null }));

/**
 * axe's structural rules (names, roles, labels, heading order, landmarks) on each page in jsdom. Colour contrast
 * needs a real browser: the Playwright journey runs axe in full at phone and desktop sizes.
 */
async function check() {
  const r = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`);
}
const c = makeCommunity({ viewer: CREATOR_VIEWER });
const api = {
  'GET /api/communities': () => json(page([makeSummary(), makeSummary({ name: 'B' })], 'x')),
  'GET /api/communities/mine': () => json({ items: [{ community: makeSummary(), status: 'pending', role: 'member' }] }),
  'GET /api/communities/discover': () => json({ items: [makeSummary({ name: 'D' })] }),
  [`GET /api/communities/${c.id}`]: () => json(c),
  [`GET /api/communities/${c.id}/members`]: () => json(page([makeMemberEntry({ role: 'creator', member: makePerson({ id: makeMe().user.id }) }), makeMemberEntry()])),
};
describe('communities pages: axe (without colour contrast)', () => {
  it('the Create dialog', async () => {
    mockApi({ ...signedInAs(makeMe()), ...api, 'GET /api/communities/slug-availability': () => json({ slug: 'ab', available: true }) });
    const user = userEvent.setup();
    renderApp('/groups');
    await user.click(await screen.findByRole('button', { name: 'Create' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a community' }, { timeout: 5000 });
    await user.type(within(dialog).getByLabelText('Name'), 'Bay Runners');
    expect(await check()).toEqual([]);
  });

  it.each(['/communities', '/groups', `/community/${c.id}`, `/community/${c.id}?tab=members`, `/community/${c.id}?tab=about`])('%s signed in', async (path) => {
    mockApi({ ...signedInAs(makeMe()), ...api });
    renderApp(path);
    await screen.findAllByRole('heading', { level: 1 }, { timeout: 5000 });
    await new Promise((r) => setTimeout(r, 500));
    expect(await check()).toEqual([]);
  });
  it.each(['/communities', `/community/${c.id}`, '/book-club/register'])('%s signed out', async (path) => {
    mockApi({
      ...api,
      [`GET /api/communities/${c.id}`]: () => json({ ...c, viewer: null }),
      'GET /api/slugs/book-club': () => json({ kind: 'community', id: c.id, name: c.name, urlSlug: 'book-club' }),
    });
    renderApp(path);
    await screen.findAllByRole('heading', { level: 1 }, { timeout: 5000 });
    await new Promise((r) => setTimeout(r, 500));
    expect(await check()).toEqual([]);
  });
});
