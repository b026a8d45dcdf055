import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMMUNITY_MESSAGES, type CommunityView, type MembershipView } from '@bayclub/shared';
import { apiError, json, mockApi, never, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { CREATOR_VIEWER, MEMBER_VIEWER, makeCommunity, makeViewer } from './community-fixtures';

// The posts feature fills these; here they only show which tab is open.
vi.mock('#/features/posts/community-posts', () => ({
  CommunityPosts: ({ communityId }: { communityId: string }) => <p>Posts of {communityId}</p>,
  ReportedPosts: ({ communityId }: { communityId: string }) => <p>Reported posts of {communityId}</p>,
}));

const LOAD = { timeout: 5000 };

function communityApi(community: CommunityView, extra: Record<string, Handler> = {}, me = makeMe()) {
  return mockApi({
    ...signedInAs(me),
    [`GET /api/communities/${community.id}`]: () => json(community),
    [`GET /api/communities/${community.id}/members`]: () => json({ items: [], nextCursor: null }),
    ...extra,
  });
}

const membership = (community: CommunityView, over: Partial<MembershipView>): MembershipView => ({
  communityId: community.id,
  status: 'active',
  role: 'member',
  memberCount: community.memberCount + 1,
  ...over,
});

async function openPage(community: CommunityView, search = '') {
  const utils = renderApp(`/community/${community.id}${search}`);
  await screen.findByRole('heading', { level: 1, name: community.name }, LOAD);
  return utils;
}

describe('/community/{id}: visitors and applicants', () => {
  it('shows a visitor the About page and Apply through the community, without tabs or Join', async () => {
    const community = makeCommunity({ urlSlug: 'book-club', name: 'Book Club', viewer: null });
    mockApi({ [`GET /api/communities/${community.id}`]: () => json(community) });
    await openPage(community);
    expect(screen.getByText(COMMUNITY_MESSAGES.visitorApply)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apply to join' })).toHaveAttribute('href', '/book-club/register');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/book-club/login');
    expect(screen.getByText('Early runs along Bayshore.')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Topics' })).toHaveTextContent('Running');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
  });

  it('tells an applicant the community opens once they are approved (no Apply, no Join)', async () => {
    const community = makeCommunity({ viewer: null });
    communityApi(community, {}, makeMe({ accountType: 'community_only', applicationStatus: 'pending' }));
    await openPage(community);
    expect(screen.getByRole('status')).toHaveTextContent('once your membership application is approved');
    expect(screen.queryByRole('link', { name: 'Apply to join' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('shows the not-found page for an unknown community', async () => {
    mockApi({ 'GET /api/communities/nope': () => apiError(404, 'NOT_FOUND', COMMUNITY_MESSAGES.notFound) });
    renderApp('/community/nope');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, LOAD)).toBeInTheDocument();
  });

  it('shows an error with Retry when the community cannot load', async () => {
    const community = makeCommunity();
    let fail = true;
    communityApi(community, {
      [`GET /api/communities/${community.id}`]: () => (fail ? apiError(503, 'UNAVAILABLE', 'Try again soon') : json(community)),
    });
    const user = userEvent.setup();
    renderApp(`/community/${community.id}`);
    expect(await screen.findByText('Try again soon', {}, { timeout: 10_000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: community.name })).toBeInTheDocument();
  });
});

describe('/community/{id}: the header', () => {
  it('draws the name in white on a dark scrim at the foot of the cover, so it reads on any cover in both themes', async () => {
    const community = makeCommunity({ name: 'Light Cover Club', coverUrl: '/media/community-covers/c1.webp' });
    mockApi({ [`GET /api/communities/${community.id}`]: () => json(community) });
    await openPage(community);
    const name = screen.getByRole('heading', { level: 1, name: community.name });
    expect(name).toHaveClass('text-white');
    // The scrim and the name share the cover's box; the scrim comes first, so the name is drawn on it.
    const scrim = screen.getByTestId('community-cover-scrim');
    const coverBox = scrim.parentElement!;
    expect(coverBox).toContainElement(name);
    expect(coverBox).toContainElement(screen.getByRole('img', { name: `Cover image of ${community.name}` }));
    expect(scrim.className).toMatch(/from-black\/8\d/);
    expect(scrim.compareDocumentPosition(name) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('/community/{id}: joining', () => {
  it('a private community shows non-members its About page, the notice and Ask to join', async () => {
    const community = makeCommunity({ visibility: 'private', joinPolicy: 'request', viewer: makeViewer({ canRead: false }) });
    communityApi(community);
    await openPage(community);
    expect(screen.getByText(COMMUNITY_MESSAGES.privateNotice)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: COMMUNITY_MESSAGES.requestToJoin })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('Join shows Joined and the new count at once, before the server answers', async () => {
    const community = makeCommunity({ memberCount: 12 });
    let body: unknown;
    communityApi(community, {
      [`POST /api/communities/${community.id}/join`]: (req) => {
        body = req.body;
        return never();
      },
    });
    const user = userEvent.setup();
    await openPage(community);
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('button', { name: /^Joined/ })).toBeInTheDocument();
    expect(screen.getAllByText('13 members').length).toBeGreaterThan(0);
    expect(body).toEqual({});
  });

  it('Ask to join becomes Requested, and the request can be withdrawn', async () => {
    const community = makeCommunity({ joinPolicy: 'request' });
    const fetchMock = communityApi(community, {
      [`POST /api/communities/${community.id}/join`]: () => json(membership(community, { status: 'pending', memberCount: community.memberCount })),
      [`POST /api/communities/${community.id}/leave`]: () => json(membership(community, { status: 'none', role: null, memberCount: community.memberCount })),
    });
    const user = userEvent.setup();
    await openPage(community);
    await user.click(screen.getByRole('button', { name: 'Ask to join' }));
    await user.click(await screen.findByRole('button', { name: /^Requested/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Withdraw request' }));
    expect(await screen.findByRole('button', { name: 'Ask to join' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === `/api/communities/${community.id}/leave`)).toBe(true);
  });

  it('rolls Join back and says why when the server refuses (banned)', async () => {
    const community = makeCommunity({ memberCount: 12 });
    let reads = 0;
    communityApi(community, {
      // Only the first read answers: what shows afterwards is the rollback, not a refetch.
      [`GET /api/communities/${community.id}`]: () => (reads++ === 0 ? json(community) : never()),
      [`POST /api/communities/${community.id}/join`]: () => apiError(403, 'FORBIDDEN', COMMUNITY_MESSAGES.banned),
    });
    const user = userEvent.setup();
    await openPage(community);
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText(COMMUNITY_MESSAGES.banned)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Join' })).toBeInTheDocument();
    expect(screen.getAllByText('12 members').length).toBeGreaterThan(0);
  });

  it('Leave sits in the Joined menu; the creator has no Leave', async () => {
    const community = makeCommunity({ viewer: MEMBER_VIEWER, memberCount: 5 });
    communityApi(community, {
      [`POST /api/communities/${community.id}/leave`]: () => json(membership(community, { status: 'none', role: null, memberCount: 4 })),
    });
    const user = userEvent.setup();
    await openPage(community);
    await user.click(screen.getByRole('button', { name: /^Joined/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Leave' }));
    expect(await screen.findByRole('button', { name: 'Join' })).toBeInTheDocument();
    expect(screen.getAllByText('4 members').length).toBeGreaterThan(0);
  });

  it('shows the creator Joined without a menu', async () => {
    const community = makeCommunity({ viewer: CREATOR_VIEWER });
    communityApi(community);
    await openPage(community);
    expect(screen.getByRole('button', { name: 'Joined' })).toBeDisabled();
  });
});

describe('/community/{id}: tabs', () => {
  it('readers get Posts | Members | About, the tab in the URL; no Reported tab or Edit for plain members', async () => {
    const community = makeCommunity({ viewer: MEMBER_VIEWER });
    communityApi(community);
    const user = userEvent.setup();
    const { router } = await openPage(community);
    expect(screen.getByRole('tab', { name: 'Posts', selected: true })).toBeInTheDocument();
    expect(screen.getByText(`Posts of ${community.id}`)).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Reported' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'About' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=about'));
    expect(screen.getByText('Casey Park')).toBeInTheDocument();
  });

  it('moderators get the Reported tab, opened from the URL', async () => {
    const community = makeCommunity({ viewer: CREATOR_VIEWER });
    communityApi(community);
    await openPage(community, '?tab=reported');
    expect(screen.getByRole('tab', { name: 'Reported', selected: true })).toBeInTheDocument();
    expect(screen.getByText(`Reported posts of ${community.id}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('a ?tab= the viewer may not open falls back to Posts', async () => {
    const community = makeCommunity({ viewer: MEMBER_VIEWER });
    communityApi(community);
    await openPage(community, '?tab=reported');
    expect(screen.getByRole('tab', { name: 'Posts', selected: true })).toBeInTheDocument();
  });

  it('the header and lists are labelled: one h1, the tab list and its panel', async () => {
    const community = makeCommunity({ viewer: MEMBER_VIEWER });
    communityApi(community);
    await openPage(community);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('heading', { level: 2, name: 'Posts' })).toBeInTheDocument();
  });
});
