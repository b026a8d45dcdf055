import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMMUNITY_MESSAGES, DEFAULT_LIMITED_USER_FLAGS, type MeView, type MyCommunityView } from '@bayclub/shared';
import { apiError, json, mockApi, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { fileInputBeside } from '#/test/file-input';
import { makeCommunity, makeSummary } from './community-fixtures';

vi.mock('#/features/posts/community-posts', () => ({ CommunityPosts: () => null, ReportedPosts: () => null }));

const LOAD = { timeout: 5000 };
const RUNNERS = makeSummary({ name: 'Tampa Bay Runners' });
const READERS = makeSummary({ name: 'St Pete Readers', joinPolicy: 'request' });
const COOKS = makeSummary({ name: 'Brandon Cooks' });

const mine: MyCommunityView[] = [
  { community: RUNNERS, status: 'active', role: 'creator' },
  { community: READERS, status: 'pending', role: 'member' },
];

function groupsApi(me: MeView, extra: Record<string, Handler> = {}) {
  return mockApi({
    ...signedInAs(me),
    'GET /api/communities/mine': () => json({ items: mine }),
    'GET /api/communities/discover': () => json({ items: [COOKS] }),
    ...extra,
  });
}

const limitedWith = (flags: Partial<typeof DEFAULT_LIMITED_USER_FLAGS>): Record<string, Handler> => ({
  'GET /api/permissions': () => json({ flags: { ...DEFAULT_LIMITED_USER_FLAGS, ...flags } }),
});

describe('/groups', () => {
  it('shows your communities (requests marked Requested, roles) and Discover', async () => {
    groupsApi(makeMe());
    renderApp('/groups');
    const yours = await screen.findByRole('list', { name: 'Your communities' }, LOAD);
    const [runners, readers] = within(yours).getAllByRole('listitem');
    expect(runners).toHaveTextContent('Tampa Bay Runners');
    expect(runners).toHaveTextContent('Creator');
    expect(readers).toHaveTextContent('St Pete Readers');
    expect(readers).toHaveTextContent(COMMUNITY_MESSAGES.requested);
    const discover = await screen.findByRole('list', { name: 'Suggested communities' });
    expect(within(discover).getByRole('link', { name: 'Brandon Cooks' })).toHaveAttribute('href', `/community/${COOKS.id}`);
    expect(screen.getByRole('button', { name: 'Create' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all' })).toHaveAttribute('href', '/communities');
  });

  it('shows the empty states', async () => {
    groupsApi(makeMe(), {
      'GET /api/communities/mine': () => json({ items: [] }),
      'GET /api/communities/discover': () => json({ items: [] }),
    });
    renderApp('/groups');
    expect(await screen.findByText(COMMUNITY_MESSAGES.noneJoined, {}, LOAD)).toBeInTheDocument();
    expect(await screen.findByText(COMMUNITY_MESSAGES.noSuggestions)).toBeInTheDocument();
  });

  it('shows an error with Retry for each list', async () => {
    groupsApi(makeMe(), { 'GET /api/communities/mine': () => apiError(400, 'BAD', 'Your list broke') });
    renderApp('/groups');
    expect(await screen.findByText('Your list broke', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Brandon Cooks' })).toBeInTheDocument();
  });

  it('a community member without create_communities gets no Create; with it, Create', async () => {
    groupsApi(makeMe({ accountType: 'community_only' }), limitedWith({ create_communities: false }));
    renderApp('/groups');
    await screen.findByRole('list', { name: 'Your communities' }, LOAD);
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
  });

  it('a community member with create_communities gets Create', async () => {
    groupsApi(makeMe({ accountType: 'community_only' }), limitedWith({ create_communities: true }));
    renderApp('/groups');
    expect(await screen.findByRole('button', { name: 'Create' }, LOAD)).toBeInTheDocument();
  });

  it('without see_communities_nav there is no Browse all link', async () => {
    groupsApi(makeMe({ accountType: 'community_only' }), limitedWith({ see_communities_nav: false }));
    renderApp('/groups');
    await screen.findByRole('list', { name: 'Your communities' }, LOAD);
    expect(screen.queryByRole('link', { name: 'Browse all' })).not.toBeInTheDocument();
  });

  it('an applicant sees a note instead of lists, and is never asked for member data', async () => {
    const fetchMock = groupsApi(makeMe({ accountType: 'community_only', applicationStatus: 'pending' }), limitedWith({ create_communities: true }));
    renderApp('/groups');
    expect(await screen.findByText(/once your membership application is approved/, {}, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/communities/mine'))).toBe(false);
  });
});

describe('create a community', () => {
  const slugAvailability: Handler = ({ url }) => {
    const slug = new URL(url, 'http://localhost').searchParams.get('slug') ?? '';
    return slug === 'taken-club'
      ? json({ slug, available: false, error: COMMUNITY_MESSAGES.slugTakenByMember })
      : json({ slug, available: true });
  };

  it('suggests the address from the name, checks it live, and says when a member uses it', async () => {
    groupsApi(makeMe(), { 'GET /api/communities/slug-availability': slugAvailability });
    const user = userEvent.setup();
    renderApp('/groups');
    await user.click(await screen.findByRole('button', { name: 'Create' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Create a community' }, LOAD);
    await user.type(within(dialog).getByLabelText('Name'), 'Tampa Bay Runners!');
    expect(within(dialog).getByLabelText('Address')).toHaveValue('tampa-bay-runners');
    expect(await within(dialog).findByText('This address is available', {}, LOAD)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Address'));
    await user.type(within(dialog).getByLabelText('Address'), 'taken-club');
    expect(await within(dialog).findByText(COMMUNITY_MESSAGES.slugTakenByMember, {}, LOAD)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create community' })).toBeDisabled();
    // Edited by hand, the address no longer follows the name.
    await user.type(within(dialog).getByLabelText('Name'), ' Club');
    expect(within(dialog).getByLabelText('Address')).toHaveValue('taken-club');
  });

  it('shows the shared schema messages', async () => {
    groupsApi(makeMe(), { 'GET /api/communities/slug-availability': slugAvailability });
    const user = userEvent.setup();
    renderApp('/groups');
    await user.click(await screen.findByRole('button', { name: 'Create' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Create a community' }, LOAD);
    await user.type(within(dialog).getByLabelText('Name'), 'ab');
    await user.click(within(dialog).getByRole('button', { name: 'Create community' }));
    expect(await within(dialog).findByText(COMMUNITY_MESSAGES.nameTooShort)).toBeInTheDocument();
  });

  it('creates with the chosen details, then offers images with client checks, then opens the community', async () => {
    const created = makeCommunity({ name: 'Sunset Paddlers', urlSlug: 'sunset-paddlers' });
    let body: unknown;
    groupsApi(makeMe(), {
      'GET /api/communities/slug-availability': slugAvailability,
      'POST /api/communities': (req) => {
        body = req.body;
        return json(created, 201);
      },
      [`GET /api/communities/${created.id}`]: () => json(created),
      [`POST /api/communities/${created.id}/cover`]: () => apiError(400, 'BAD_REQUEST', 'File is not an image'),
    });
    const user = userEvent.setup({ applyAccept: false });
    const { router } = renderApp('/groups');
    await user.click(await screen.findByRole('button', { name: 'Create' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Create a community' }, LOAD);
    await user.type(within(dialog).getByLabelText('Name'), 'Sunset Paddlers');
    await user.type(within(dialog).getByLabelText(/Description/), 'Evening paddles.');
    await user.click(within(dialog).getByRole('radio', { name: /Private/ }));
    await user.click(within(dialog).getByRole('radio', { name: /Members ask to join/ }));
    await user.selectOptions(within(dialog).getByLabelText('City'), 'sarasota');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Swimming' }));
    await within(dialog).findByText('This address is available', {}, LOAD);
    await user.click(within(dialog).getByRole('button', { name: 'Create community' }));

    const images = await screen.findByRole('dialog', { name: 'Add images' }, LOAD);
    expect(body).toEqual({
      name: 'Sunset Paddlers',
      urlSlug: 'sunset-paddlers',
      description: 'Evening paddles.',
      visibility: 'private',
      joinPolicy: 'request',
      city: 'sarasota',
      interests: ['Swimming'],
    });
    // Client check: not an image.
    await user.upload(fileInputBeside(within(images).getByRole('button', { name: 'Avatar' })), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(images).findByText('Choose a JPEG, PNG, WebP, GIF or AVIF image')).toBeInTheDocument();
    // The server refuses: the reason is shown, the community stands.
    await user.upload(fileInputBeside(within(images).getByRole('button', { name: 'Cover image' })), new File(['x'], 'c.png', { type: 'image/png' }));
    expect(await within(images).findByText('Upload failed: File is not an image')).toBeInTheDocument();
    await user.click(within(images).getByRole('button', { name: 'Go to the community' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/community/${created.id}`));
  });
});
