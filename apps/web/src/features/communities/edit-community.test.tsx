import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMMUNITY_MESSAGES } from '@bayclub/shared';
import { apiError, json, mockApi, renderApp, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { CREATOR_VIEWER, makeCommunity } from './community-fixtures';

vi.mock('#/features/posts/community-posts', () => ({ CommunityPosts: () => null, ReportedPosts: () => null }));

const LOAD = { timeout: 5000 };

async function openEdit(community: ReturnType<typeof makeCommunity>) {
  const user = userEvent.setup();
  const utils = renderApp(`/community/${community.id}`);
  await user.click(await screen.findByRole('button', { name: 'Edit' }, LOAD));
  const dialog = await screen.findByRole('dialog', { name: 'Edit community' }, LOAD);
  return { ...utils, user, dialog };
}

describe('edit a community', () => {
  it('saves changed details without re-sending an unchanged address, and the page shows them', async () => {
    const community = makeCommunity({ name: 'Tampa Bay Runners', viewer: CREATOR_VIEWER });
    let body: unknown;
    mockApi({
      ...signedInAs(makeMe()),
      [`GET /api/communities/${community.id}`]: () => json(community),
      [`PATCH /api/communities/${community.id}`]: (req) => {
        body = req.body;
        return json({ ...community, name: 'Bay Runners' });
      },
    });
    const { user, dialog } = await openEdit(community);
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Bay Runners');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bay Runners' })).toBeInTheDocument();
    expect(body).toMatchObject({ name: 'Bay Runners', visibility: 'public' });
    expect(body).not.toHaveProperty('urlSlug');
  });

  it('puts the server’s field message on the field', async () => {
    const community = makeCommunity({ viewer: CREATOR_VIEWER });
    mockApi({
      ...signedInAs(makeMe()),
      [`GET /api/communities/${community.id}`]: () => json(community),
      'GET /api/communities/slug-availability': () => json({ slug: 'login', available: true }),
      [`PATCH /api/communities/${community.id}`]: () =>
        json({ error: { code: 'VALIDATION', message: 'Invalid', fields: { urlSlug: COMMUNITY_MESSAGES.slugTakenByCommunity } } }, 400),
    });
    const { user, dialog } = await openEdit(community);
    await user.clear(within(dialog).getByLabelText('Address'));
    await user.type(within(dialog).getByLabelText('Address'), 'other-club');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(COMMUNITY_MESSAGES.slugTakenByCommunity)).toBeInTheDocument();
  });

  it('deletes after a confirm and goes to /groups', async () => {
    const community = makeCommunity({ name: 'Tampa Bay Runners', viewer: CREATOR_VIEWER });
    let deleted = false;
    mockApi({
      ...signedInAs(makeMe()),
      [`GET /api/communities/${community.id}`]: () => (deleted ? apiError(404, 'NOT_FOUND', 'gone') : json(community)),
      [`DELETE /api/communities/${community.id}`]: () => {
        deleted = true;
        return new Response(null, { status: 204 });
      },
      'GET /api/communities/mine': () => json({ items: [] }),
      'GET /api/communities/discover': () => json({ items: [] }),
    });
    const { user, dialog, router } = await openEdit(community);
    await user.click(within(dialog).getByRole('button', { name: 'Delete community' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Tampa Bay Runners?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/groups'));
    expect(deleted).toBe(true);
    expect(await screen.findByText(COMMUNITY_MESSAGES.deleted)).toBeInTheDocument();
  });
});
