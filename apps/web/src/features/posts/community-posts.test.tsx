import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMMUNITY_MESSAGES, POST_MESSAGES, type CommunityViewerState } from '@bayclub/shared';
import { realtime } from '#/lib/realtime/realtime-client';
import { json, mockApi, signedInAs, type Handler } from '#/test/render-app';
import { CommunityPosts, ReportedPosts } from './community-posts';
import { ME, makePost, page, renderWithProviders } from './post-fixtures';

const LOAD = { timeout: 5000 };
const COMMUNITY = { id: 'c1', name: 'Tampa Runners', urlSlug: 'tampa-runners' };

const viewer = (overrides: Partial<CommunityViewerState> = {}): CommunityViewerState => ({
  status: 'active',
  role: 'member',
  canRead: true,
  canModerate: false,
  canEdit: false,
  canPost: true,
  ...overrides,
});

const calls = (fetchMock: ReturnType<typeof mockApi>, method: string, prefix: string) =>
  fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).startsWith(prefix));

function communityApi(extra: Record<string, Handler>) {
  return mockApi({ ...signedInAs(ME), 'GET /api/communities/mine': () => json({ items: [] }), ...extra });
}

describe("a community's Posts tab", () => {
  it('posts into the community without a picker and counts only its own new posts', async () => {
    const fetchMock = communityApi({
      'GET /api/communities/c1/posts': () => json(page([makePost({ content: 'club news', community: COMMUNITY })])),
      'POST /api/posts': () => json(makePost({ content: 'fresh', community: COMMUNITY }), 201),
    });
    const user = userEvent.setup();
    renderWithProviders(<CommunityPosts communityId="c1" viewer={viewer()} />);
    await screen.findByText('club news', {}, LOAD);
    expect(screen.queryByRole('combobox', { name: 'Post to' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Write a post in this community' }), 'fresh');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await screen.findByText('fresh');
    expect(JSON.parse(String(calls(fetchMock, 'POST', '/api/posts')[0]![1]!.body))).toMatchObject({ communityId: 'c1' });

    act(() => realtime.emitForTest({ type: 'feed:new', postId: 'p-other', communityId: 'c2', authorId: 'x' }));
    act(() => realtime.emitForTest({ type: 'feed:new', postId: 'p-here', communityId: 'c1', authorId: 'x' }));
    expect(await screen.findByRole('button', { name: POST_MESSAGES.newPosts(1) })).toBeInTheDocument();
  });

  it('has no composer for readers who may not post, and nothing for those who may not read', async () => {
    communityApi({ 'GET /api/communities/c1/posts': () => json(page([makePost({ content: 'public post' })])) });
    const { unmount } = renderWithProviders(<CommunityPosts communityId="c1" viewer={viewer({ status: 'none', canPost: false })} />);
    await screen.findByText('public post', {}, LOAD);
    expect(screen.queryByRole('form', { name: 'New post' })).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<CommunityPosts communityId="c1" viewer={viewer({ status: 'none', canRead: false, canPost: false })} />);
    expect(await screen.findByText(COMMUNITY_MESSAGES.privateNotice)).toBeInTheDocument();
  });
});

describe('reported posts (moderators)', () => {
  it('shows report counts and restores or deletes', async () => {
    const hidden = makePost({ content: 'hidden one', hidden: true, reportCount: 3, canDelete: true, community: COMMUNITY });
    const reported = makePost({ content: 'reported one', reportCount: 1, canDelete: true, community: COMMUNITY });
    let queue = [hidden, reported];
    const fetchMock = communityApi({
      'GET /api/communities/c1/reported': () => json(page(queue)),
      [`POST /api/posts/${hidden.id}/restore`]: () => {
        queue = queue.filter((p) => p.id !== hidden.id);
        return json({ ...hidden, hidden: false, reportCount: 0 });
      },
      [`DELETE /api/posts/${reported.id}`]: () => {
        queue = queue.filter((p) => p.id !== reported.id);
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ReportedPosts communityId="c1" />);
    const list = await screen.findByRole('list', { name: 'Reported posts' }, LOAD);
    const hiddenCard = within(list).getByText('hidden one').closest('article')!;
    expect(hiddenCard).toHaveTextContent('Reported by 3 members · hidden');
    expect(hiddenCard).toHaveTextContent(POST_MESSAGES.hiddenNotice);
    await user.click(within(hiddenCard).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(screen.queryByText('hidden one')).not.toBeInTheDocument());
    expect(calls(fetchMock, 'POST', `/api/posts/${hidden.id}/restore`)).toHaveLength(1);

    const reportedCard = screen.getByText('reported one').closest('article')!;
    expect(reportedCard).toHaveTextContent('Reported by 1 member');
    await user.click(within(reportedCard).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this post?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('reported one')).not.toBeInTheDocument());
    expect(calls(fetchMock, 'DELETE', `/api/posts/${reported.id}`)).toHaveLength(1);
    expect(await screen.findByText('Nothing to review')).toBeInTheDocument();
  });
});
