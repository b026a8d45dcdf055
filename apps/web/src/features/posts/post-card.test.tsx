import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { POST_MESSAGES, postPath, type PostView } from '@bayclub/shared';
import { apiError, json, mockApi, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeFlags, makeMe } from '#/test/fixtures';
import { ME, ME_MEMBER, deferred, makePost, page } from './post-fixtures';

const LOAD = { timeout: 5000 };

function feedApi(posts: PostView[], extra: Record<string, Handler> = {}, me = ME) {
  return mockApi({
    ...signedInAs(me),
    'GET /api/feed': () => json(page(posts)),
    'GET /api/communities/mine': () => json({ items: [] }),
    ...extra,
  });
}

const calls = (fetchMock: ReturnType<typeof mockApi>, method: string, prefix: string) =>
  fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).startsWith(prefix));

async function openPost(text: string) {
  renderApp('/community');
  const content = await screen.findByText(text, {}, LOAD);
  return content.closest('article')!;
}

const navigatorRestores: Array<() => void> = [];
function stubNavigator(props: Record<string, unknown>) {
  for (const [key, value] of Object.entries(props)) {
    const own = Object.getOwnPropertyDescriptor(navigator, key);
    Object.defineProperty(navigator, key, { value, configurable: true, writable: true });
    navigatorRestores.push(() => {
      if (own) Object.defineProperty(navigator, key, own);
      else delete (navigator as unknown as Record<string, unknown>)[key];
    });
  }
}
afterEach(() => {
  navigatorRestores.splice(0).reverse().forEach((restore) => restore());
});

describe('post card', () => {
  it('shows author, community, clickable links and photos that open the viewer', async () => {
    const post = makePost({
      content: 'Route map at https://example.com/run',
      community: { id: 'c1', name: 'Tampa Runners', urlSlug: 'tampa-runners' },
      author: { ...makePost().author, fullName: 'Ana Lopez', isVerified: true },
      images: [
        { url: '/media/posts/a.webp', width: 800, height: 600 },
        { url: '/media/posts/b.webp', width: 600, height: 800 },
      ],
    });
    feedApi([post]);
    const user = userEvent.setup();
    const card = await openPost('Route map at');
    expect(within(card).getByRole('link', { name: 'Ana Lopez' })).toHaveAttribute('href', `/view-profile/${post.author.id}`);
    expect(within(card).getByTestId('verified-badge')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Tampa Runners' })).toHaveAttribute('href', '/community/c1');
    const link = within(card).getByRole('link', { name: 'https://example.com/run' });
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    const photos = within(card).getByRole('list', { name: 'Photos' });
    expect(photos.querySelector('img')).toHaveAttribute('loading', 'lazy');
    await user.click(within(card).getByRole('button', { name: 'Open photo 2 of 2' }));
    expect(await screen.findByRole('dialog', { name: 'Photo 2 of 2' })).toBeInTheDocument();
  });

  it('likes at once and puts the like back when the server refuses', async () => {
    const post = makePost({ content: 'likeable', likeCount: 4 });
    const answer = deferred();
    feedApi([post], { 'POST /api/posts/*': () => answer.promise });
    const user = userEvent.setup();
    const card = await openPost('likeable');
    const like = within(card).getByRole('button', { name: 'Like, 4 likes' });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    await user.click(like);
    expect(within(card).getByRole('button', { name: 'Like, 5 likes' })).toHaveAttribute('aria-pressed', 'true');
    answer.resolve(apiError(503, 'UNAVAILABLE', 'Try later'));
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Like, 4 likes' })).toHaveAttribute('aria-pressed', 'false'));
    expect(await screen.findByText('Try later')).toBeInTheDocument();
  });

  it('keeps the server count after a like, and unlikes with DELETE', async () => {
    const post = makePost({ content: 'count me', likeCount: 1 });
    const fetchMock = feedApi([post], {
      'POST /api/posts/*': () => json({ liked: true, likeCount: 9 }),
      'DELETE /api/posts/*': () => json({ liked: false, likeCount: 8 }),
    });
    const user = userEvent.setup();
    const card = await openPost('count me');
    await user.click(within(card).getByRole('button', { name: 'Like, 1 like' }));
    const liked = await within(card).findByRole('button', { name: 'Like, 9 likes' });
    await user.click(liked);
    await within(card).findByRole('button', { name: 'Like, 8 likes' });
    expect(calls(fetchMock, 'DELETE', `/api/posts/${post.id}/like`)).toHaveLength(1);
  });

  it('copies the post link where there is no share sheet, and uses the share sheet where there is one', async () => {
    const post = makePost({ content: 'share me' });
    feedApi([post]);
    const user = userEvent.setup();
    stubNavigator({ share: undefined });
    const card = await openPost('share me');
    await user.click(within(card).getByRole('button', { name: 'Share' }));
    expect(await screen.findByText(POST_MESSAGES.linkCopied)).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}${postPath(post.id)}`);
    const share = vi.fn(() => Promise.resolve());
    stubNavigator({ share });
    await user.click(within(card).getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({ text: 'share me', url: `${window.location.origin}${postPath(post.id)}` });
  });

  it("offers Edit and Delete on one's own post and Report on others'", async () => {
    const own = makePost({ content: 'my post', author: ME_MEMBER, canEdit: true, canDelete: true });
    const other = makePost({ content: 'their post' });
    const fetchMock = feedApi([own, other], {
      'DELETE /api/posts/*': () => new Response(null, { status: 204 }),
      'POST /api/posts/*': () => json({ id: 'r1' }, 201),
      'PATCH /api/posts/*': () => json({ ...own, content: 'my edited post', editedAt: '2025-03-02T12:00:00.000Z' }),
    });
    const user = userEvent.setup();
    const ownCard = await openPost('my post');
    await user.click(within(ownCard).getByRole('button', { name: 'More actions for the post by Sam Rivera' }));
    expect(screen.queryByRole('menuitem', { name: 'Report' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const editor = await screen.findByRole('textbox', { name: 'Post text' });
    await user.clear(editor);
    await user.type(editor, 'my edited post');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('my edited post')).toBeInTheDocument();
    expect(screen.getByText(/edited$/)).toBeInTheDocument();

    const otherCard = screen.getByText('their post').closest('article')!;
    await user.click(within(otherCard).getByRole('button', { name: 'More actions for the post by Ana Lopez' }));
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this post' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Please choose a reason')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Spam or scam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(POST_MESSAGES.reported)).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', `/api/posts/${other.id}/report`)).toHaveLength(1);

    const edited = screen.getByText('my edited post').closest('article')!;
    await user.click(within(edited).getByRole('button', { name: 'More actions for the post by Sam Rivera' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('my edited post')).not.toBeInTheDocument());
    expect(calls(fetchMock, 'DELETE', `/api/posts/${own.id}`)).toHaveLength(1);
  });

  it('hides what a limited member may not do', async () => {
    const limited = makeMe({ accountType: 'community_only', applicationStatus: 'approved' });
    const post = makePost({ content: 'limited view', likeCount: 2, commentCount: 1 });
    feedApi([post], {
      'GET /api/permissions': () =>
        json({ flags: makeFlags({ see_feed_nav: true, like_posts: false, comment_posts: false, share_content: false, upload_images: false }) }),
      'GET /api/posts/*': () => json(page([])),
    }, limited);
    const user = userEvent.setup();
    const card = await openPost('limited view');
    expect(within(card).queryByRole('button', { name: /^Like/ })).not.toBeInTheDocument();
    expect(within(card).getByText('2 likes')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add photos' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Comments, 1 comment' }));
    await within(card).findByText('No comments yet.');
    expect(within(card).queryByRole('textbox', { name: 'Write a comment' })).not.toBeInTheDocument();
  });

  it('shows everything to a limited member whose flags allow it', async () => {
    const limited = makeMe({ accountType: 'community_only', applicationStatus: 'approved' });
    const post = makePost({ content: 'allowed view' });
    feedApi([post], {
      'GET /api/permissions': () =>
        json({ flags: makeFlags({ see_feed_nav: true, like_posts: true, comment_posts: true, share_content: true, upload_images: true }) }),
      'GET /api/posts/*': () => json(page([])),
    }, limited);
    const user = userEvent.setup();
    const card = await openPost('allowed view');
    expect(await within(card).findByRole('button', { name: 'Like, 0 likes' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add photos' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Comments, 0 comments' }));
    expect(await within(card).findByRole('textbox', { name: 'Write a comment' })).toBeInTheDocument();
  });
});
