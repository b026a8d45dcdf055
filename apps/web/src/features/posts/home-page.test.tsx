import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { POST_MESSAGES, type PostView } from '@bayclub/shared';
import { realtime } from '#/lib/realtime/realtime-client';
import { apiError, json, mockApi, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { ME, deferred, makeMyCommunity, makePost, page, stubIntersectionObserver } from './post-fixtures';

const LOAD = { timeout: 5000 };

function homeApi(feed: PostView[] | Handler, extra: Record<string, Handler> = {}) {
  return mockApi({
    ...signedInAs(ME),
    'GET /api/feed': typeof feed === 'function' ? feed : () => json(page(feed)),
    'GET /api/communities/mine': () =>
      json({ items: [makeMyCommunity('c1', 'Tampa Runners'), makeMyCommunity('c2', 'Waiting Room', 'pending')] }),
    ...extra,
  });
}

const calls = (fetchMock: ReturnType<typeof mockApi>, method: string, prefix: string) =>
  fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).startsWith(prefix));

const bodyOf = (call: unknown[] | undefined) => JSON.parse(String((call?.[1] as RequestInit).body)) as Record<string, unknown>;

const file = (name: string, type = 'image/png') => new File(['x'], name, { type });

async function openHome() {
  const utils = renderApp('/community');
  await screen.findByRole('heading', { level: 1, name: 'Home' }, LOAD);
  return utils;
}

describe('composer', () => {
  it('uploads photos one by one, skips a failed one with a notice and posts the rest', async () => {
    let n = 0;
    const fetchMock = homeApi([], {
      'POST /api/post-images': () => {
        n += 1;
        return n === 2 ? apiError(500, 'INTERNAL', 'boom') : json({ key: `k${n}`, url: `/media/k${n}.webp`, width: 10, height: 10 }, 201);
      },
      'POST /api/posts': () => json(makePost({ content: 'Sunset', author: { ...makePost().author, id: ME.user.id } }), 201),
    });
    const user = userEvent.setup();
    await openHome();
    await user.type(await screen.findByRole('textbox', { name: 'Write a post' }), 'Sunset');
    await user.upload(screen.getByTestId('post-photo-input'), [file('a.png'), file('b.png'), file('c.png')]);
    expect(await screen.findByText(POST_MESSAGES.imageSkipped('b.png'))).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByLabelText('Uploaded')).toHaveLength(2));
    expect(calls(fetchMock, 'POST', '/api/post-images')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/api/posts')).toHaveLength(1));
    expect(bodyOf(calls(fetchMock, 'POST', '/api/posts')[0])).toEqual({ communityId: null, content: 'Sunset', imageKeys: ['k1', 'k3'] });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Write a post' })).toHaveValue(''));
  });

  it('refuses files that are not images before uploading, and keeps Post disabled while empty or uploading', async () => {
    const upload = deferred();
    const fetchMock = homeApi([], { 'POST /api/post-images': () => upload.promise });
    const user = userEvent.setup({ applyAccept: false });
    await openHome();
    const post = await screen.findByRole('button', { name: 'Post' });
    expect(post).toBeDisabled();
    await user.upload(screen.getByTestId('post-photo-input'), [file('notes.txt', 'text/plain')]);
    expect(await screen.findByText(POST_MESSAGES.notImage('notes.txt'))).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/post-images')).toHaveLength(0);
    await user.upload(screen.getByTestId('post-photo-input'), [file('a.png')]);
    await user.type(screen.getByRole('textbox', { name: 'Write a post' }), 'Hi');
    expect(await screen.findByText('Uploading photo 1 of 1...')).toBeInTheDocument();
    expect(post).toBeDisabled();
    upload.resolve(json({ key: 'k1', url: '/media/k1.webp', width: 1, height: 1 }, 201));
    await waitFor(() => expect(post).toBeEnabled());
  });

  it('keeps the whole draft when the post fails', async () => {
    homeApi([], {
      'POST /api/post-images': () => json({ key: 'k1', url: '/media/k1.webp', width: 1, height: 1 }, 201),
      'POST /api/posts': () => apiError(500, 'INTERNAL', 'Server is down'),
    });
    const user = userEvent.setup();
    await openHome();
    await user.type(await screen.findByRole('textbox', { name: 'Write a post' }), 'Keep me');
    await user.upload(screen.getByTestId('post-photo-input'), [file('a.png')]);
    await screen.findByLabelText('Uploaded');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Server is down');
    expect(screen.getByRole('textbox', { name: 'Write a post' })).toHaveValue('Keep me');
    expect(within(screen.getByRole('list', { name: 'Photos to post' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('posts to a chosen community; pending requests are not offered', async () => {
    const fetchMock = homeApi([], { 'POST /api/posts': () => json(makePost(), 201) });
    const user = userEvent.setup();
    await openHome();
    const picker = await screen.findByRole('combobox', { name: 'Post to' });
    await waitFor(() => expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual([POST_MESSAGES.memberFeed, 'Tampa Runners']));
    await user.selectOptions(picker, 'Tampa Runners');
    await user.type(screen.getByRole('textbox', { name: 'Write a post' }), 'Run club');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/api/posts')).toHaveLength(1));
    expect(bodyOf(calls(fetchMock, 'POST', '/api/posts')[0])).toMatchObject({ communityId: 'c1', content: 'Run club' });
  });
});

describe('feed', () => {
  it('reads the next page when the end comes into view, without repeating or skipping', async () => {
    const io = stubIntersectionObserver();
    const [a, b, c, d] = [1, 2, 3, 4].map((i) => makePost({ content: `post ${i}` }));
    const fetchMock = homeApi(({ url }) => {
      const cursor = new URL(url, 'http://x').searchParams.get('cursor');
      return json(cursor === 'c2' ? page([c!, d!]) : page([a!, b!], 'c2'));
    });
    await openHome();
    await screen.findByText('post 2');
    act(() => io.intersectAll());
    await screen.findByText('post 4');
    const texts = within(screen.getByRole('list', { name: 'Posts' })).getAllByRole('article').map((el) => within(el).getByText(/^post \d$/).textContent);
    expect(texts).toEqual(['post 1', 'post 2', 'post 3', 'post 4']);
    expect(calls(fetchMock, 'GET', '/api/feed?cursor=c2')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Load more posts' })).not.toBeInTheDocument();
  });

  it('shows "N new posts" instead of moving the list, then puts them on top', async () => {
    const old = makePost({ content: 'old post' });
    const newer = [makePost({ content: 'new one' }), makePost({ content: 'new two' })];
    let top: PostView[] = [old];
    homeApi(() => json(page(top)));
    const user = userEvent.setup();
    await openHome();
    await screen.findByText('old post');
    // The server has them already: nothing may bring them in until the member asks.
    top = [newer[1]!, newer[0]!, old];
    act(() => realtime.emitForTest({ type: 'feed:new', postId: newer[0]!.id, communityId: null, authorId: 'someone' }));
    act(() => realtime.emitForTest({ type: 'feed:new', postId: newer[1]!.id, communityId: null, authorId: 'someone' }));
    act(() => realtime.emitForTest({ type: 'feed:new', postId: 'mine', communityId: null, authorId: ME.user.id }));
    const pill = await screen.findByRole('button', { name: POST_MESSAGES.newPosts(2) });
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByText('new one')).not.toBeInTheDocument();
    await user.click(pill);
    await screen.findByText('new one');
    const texts = within(screen.getByRole('list', { name: 'Posts' })).getAllByRole('article').map((el) => within(el).getByText(/post|new/).textContent);
    expect(texts).toEqual(['new two', 'new one', 'old post']);
    expect(screen.queryByRole('button', { name: /new post/ })).not.toBeInTheDocument();
  });

  it('updates counts and drops removed posts live', async () => {
    const kept = makePost({ content: 'kept' });
    const gone = makePost({ content: 'gone' });
    homeApi([kept, gone]);
    await openHome();
    await screen.findByText('gone');
    act(() => realtime.emitForTest({ type: 'post:counts', postId: kept.id, likeCount: 7, commentCount: 3 }));
    expect(await screen.findByRole('button', { name: 'Like, 7 likes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Comments, 3 comments' })).toBeInTheDocument();
    act(() => realtime.emitForTest({ type: 'post:removed', postId: gone.id }));
    await waitFor(() => expect(screen.queryByText('gone')).not.toBeInTheDocument());
  });

  it('shows the empty state and an error with Retry', async () => {
    let fail = true;
    homeApi(() => (fail ? apiError(403, 'FORBIDDEN', 'Not for you') : json(page([]))));
    const user = userEvent.setup();
    await openHome();
    expect(await screen.findByText(POST_MESSAGES.loadFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(POST_MESSAGES.emptyFeed)).toBeInTheDocument();
  });
});

describe('welcome', () => {
  it('moves focus to the Home heading when the welcome is dismissed', async () => {
    let dismissed = false;
    homeApi([], {
      'GET /api/me/welcome': () => json({ dismissed, checklist: { profile: false, communities: false, rsvp: false, notifications: false }, communities: [], events: [] }),
      'POST /api/me/welcome/dismiss': () => {
        dismissed = true;
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    await openHome();
    await user.click(await screen.findByRole('button', { name: 'Dismiss welcome' }, LOAD));
    await waitFor(() => expect(screen.queryByRole('heading', { name: /Welcome to the club/ })).toBeNull());
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toHaveFocus();
  });
});
