import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CommentView } from '@bayclub/shared';
import { realtime } from '#/lib/realtime/realtime-client';
import { apiError, json, mockApi, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeFlags, makeMe } from '#/test/fixtures';
import { ME, ME_MEMBER, makeComment, makeMember, makePost, page } from './post-fixtures';

const LOAD = { timeout: 5000 };
const POST = makePost({ content: 'The permalink post', commentCount: 3 });
const BEA = makeMember({ fullName: 'Bea Park' });

function postApi(comments: (cursor: string | null) => CommentView[] | { items: CommentView[]; nextCursor: string | null }, extra: Record<string, Handler> = {}, me = ME) {
  return mockApi({
    ...signedInAs(me),
    [`GET /api/posts/${POST.id}`]: () => json(POST),
    [`GET /api/posts/${POST.id}/comments`]: ({ url }) => {
      const answer = comments(new URL(url, 'http://x').searchParams.get('cursor'));
      return json(Array.isArray(answer) ? page(answer) : answer);
    },
    ...extra,
  });
}

const calls = (fetchMock: ReturnType<typeof mockApi>, method: string, prefix: string) =>
  fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).startsWith(prefix));

async function openPostPage(id = POST.id) {
  renderApp(`/community/posts/${id}`);
  return screen.findByRole('region', { name: 'Comments' }, LOAD);
}

describe('post page and comments', () => {
  it('shows the post with its comments and replies, newest last, and loads more', async () => {
    const first = makeComment({ content: 'first comment', author: BEA, replyCount: 1, replies: [makeComment({ content: 'a reply', parentId: 'x' })] });
    const second = makeComment({ content: 'second comment' });
    const third = makeComment({ content: 'third comment' });
    const fetchMock = postApi((cursor) => (cursor === 'p2' ? [third] : { items: [first, second], nextCursor: 'p2' }));
    const user = userEvent.setup();
    const region = await openPostPage();
    expect(screen.getByText('The permalink post')).toBeInTheDocument();
    await within(region).findByText('first comment');
    expect(within(region).getByRole('list', { name: 'Replies to Bea Park' })).toHaveTextContent('a reply');
    await user.click(within(region).getByRole('button', { name: 'Load more comments' }));
    await within(region).findByText('third comment');
    const order = ['first comment', 'second comment', 'third comment'].map((t) => within(region).getByText(t));
    expect(order[0]!.compareDocumentPosition(order[2]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(calls(fetchMock, 'GET', `/api/posts/${POST.id}/comments?cursor=p2`)).toHaveLength(1);
  });

  it('replies to a top-level comment (one level: replies have no Reply)', async () => {
    const top = makeComment({ content: 'top level', author: BEA, replyCount: 1, replies: [makeComment({ content: 'old reply', parentId: 'p' })] });
    const fetchMock = postApi(() => [top], {
      [`POST /api/posts/${POST.id}/comments`]: ({ body }) =>
        json(makeComment({ content: (body as { content: string }).content, parentId: top.id, author: ME_MEMBER }), 201),
    });
    const user = userEvent.setup();
    const region = await openPostPage();
    await within(region).findByText('top level');
    expect(within(region).getAllByRole('button', { name: /^Reply to/ })).toHaveLength(1);
    await user.click(within(region).getByRole('button', { name: 'Reply to Bea Park' }));
    await user.type(within(region).getByRole('textbox', { name: 'Reply to Bea Park' }), 'my answer');
    await user.click(within(region).getByRole('button', { name: 'Reply' }));
    const replies = await within(region).findByRole('list', { name: 'Replies to Bea Park' });
    await within(replies).findByText('my answer');
    const body = JSON.parse(String(calls(fetchMock, 'POST', `/api/posts/${POST.id}/comments`)[0]![1]!.body)) as unknown;
    expect(body).toEqual({ content: 'my answer', parentId: top.id });
    expect(screen.getByRole('button', { name: 'Comments, 4 comments' })).toBeInTheDocument();
  });

  it('adds a comment at the end and keeps the text when sending fails', async () => {
    let fail = true;
    postApi(() => [makeComment({ content: 'earlier' })], {
      [`POST /api/posts/${POST.id}/comments`]: ({ body }) =>
        fail ? apiError(503, 'UNAVAILABLE', 'Try later') : json(makeComment({ content: (body as { content: string }).content, author: ME_MEMBER }), 201),
    });
    const user = userEvent.setup();
    const region = await openPostPage();
    await within(region).findByText('earlier');
    const box = within(region).getByRole('textbox', { name: 'Write a comment' });
    await user.type(box, 'hello there');
    await user.click(within(region).getByRole('button', { name: 'Comment' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent('Try later');
    expect(box).toHaveValue('hello there');
    expect(screen.getByRole('button', { name: 'Comments, 3 comments' })).toBeInTheDocument();
    fail = false;
    await user.click(within(region).getByRole('button', { name: 'Comment' }));
    await within(region).findByText('hello there');
    expect(box).toHaveValue('');
  });

  it('edits and deletes own comments', async () => {
    const mine = makeComment({ content: 'typo here', author: ME_MEMBER, canEdit: true, canDelete: true });
    const fetchMock = postApi(() => [mine], {
      'PATCH /api/comments/*': ({ body }) => json({ ...mine, content: (body as { content: string }).content, editedAt: '2025-03-02T12:00:00.000Z' }),
      'DELETE /api/comments/*': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    const region = await openPostPage();
    await within(region).findByText('typo here');
    await user.click(within(region).getByRole('button', { name: 'More actions for the comment by Sam Rivera' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const box = within(region).getByRole('textbox', { name: 'Edit comment' });
    await user.clear(box);
    await user.type(box, 'fixed');
    await user.click(within(region).getByRole('button', { name: 'Save' }));
    await within(region).findByText('fixed');
    await user.click(within(region).getByRole('button', { name: 'More actions for the comment by Sam Rivera' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(region).queryByText('fixed')).not.toBeInTheDocument());
    expect(calls(fetchMock, 'DELETE', `/api/comments/${mine.id}`)).toHaveLength(1);
  });

  it("the server's exact count, arriving before the answer to one's own comment, is not moved again", async () => {
    // The server sends post:counts and post:comment from the transaction that saves the comment: over the socket
    // they can overtake the HTTP answer. The count must stay the server's, and the comment must show once.
    let list = [makeComment({ content: 'earlier' })];
    let answer: (response: Response) => void = () => {};
    postApi(() => list, { [`POST /api/posts/${POST.id}/comments`]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const user = userEvent.setup();
    const region = await openPostPage();
    await within(region).findByText('earlier');
    const box = within(region).getByRole('textbox', { name: 'Write a comment' });
    await user.type(box, 'hello there');
    await user.click(within(region).getByRole('button', { name: 'Comment' }));
    const saved = makeComment({ content: 'hello there', author: ME_MEMBER });
    list = [...list, saved];
    act(() => {
      realtime.emitForTest({ type: 'post:counts', postId: POST.id, likeCount: POST.likeCount, commentCount: 4 });
      realtime.emitForTest({ type: 'post:comment', postId: POST.id, commentId: saved.id });
    });
    await within(region).findByText('hello there');
    answer(json(saved, 201));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(screen.getByRole('button', { name: 'Comments, 4 comments' })).toBeInTheDocument();
    expect(within(region).getAllByText('hello there')).toHaveLength(1);
  });

  it("the server's exact count, arriving before the answer to deleting one's own comment, is not moved again", async () => {
    const mine = makeComment({ content: 'going away', author: ME_MEMBER, canEdit: true, canDelete: true });
    let answer: (response: Response) => void = () => {};
    postApi(() => [mine], { 'DELETE /api/comments/*': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const user = userEvent.setup();
    const region = await openPostPage();
    await within(region).findByText('going away');
    await user.click(within(region).getByRole('button', { name: 'More actions for the comment by Sam Rivera' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    act(() => realtime.emitForTest({ type: 'post:counts', postId: POST.id, likeCount: POST.likeCount, commentCount: 2 }));
    expect(await screen.findByRole('button', { name: 'Comments, 2 comments' })).toBeInTheDocument();
    answer(new Response(null, { status: 204 }));
    await waitFor(() => expect(within(region).queryByText('going away')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Comments, 2 comments' })).toBeInTheDocument();
  });

  it('reads the comments again when someone comments on the open post', async () => {
    let list = [makeComment({ content: 'before' })];
    postApi(() => list);
    const region = await openPostPage();
    await within(region).findByText('before');
    list = [...list, makeComment({ content: 'live comment' })];
    act(() => realtime.emitForTest({ type: 'post:comment', postId: POST.id, commentId: 'x' }));
    expect(await within(region).findByText('live comment')).toBeInTheDocument();
  });

  it('shows the not-found page for a post the member cannot read', async () => {
    mockApi({ ...signedInAs(ME), 'GET /api/posts/*': () => apiError(404, 'NOT_FOUND', 'This post is not available') });
    renderApp('/community/posts/4d5e6f70-0000-4000-8000-000000000999');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, LOAD)).toBeInTheDocument();
  });

  it('is not there for a limited member without see_feed_nav or see_communities_nav', async () => {
    const limited = makeMe({ accountType: 'community_only', applicationStatus: 'approved' });
    const fetchMock = postApi(() => [], {
      'GET /api/permissions': () => json({ flags: makeFlags({ see_feed_nav: false, see_communities_nav: false }) }),
    }, limited);
    renderApp(`/community/posts/${POST.id}`);
    expect(await screen.findByRole('heading', { name: 'Page not found' }, LOAD)).toBeInTheDocument();
    expect(calls(fetchMock, 'GET', `/api/posts/${POST.id}`)).toHaveLength(0);
  });
});
