import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clockTime, inboxTimeLabel, MESSAGING_MESSAGES, type ConversationView } from '@bayclub/shared';
import { realtime } from '#/lib/realtime/realtime-client';
import { apiError, json, mockApi, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import {
  CONVERSATION_ID,
  makeConversation,
  makeMember,
  makeMessage,
  OTHER_CONVERSATION_ID,
  OTHER_ID,
  OWN_ID,
} from './messaging-fixtures';

const LOAD = { timeout: 5000 };
const hoursAgo = (h: number) => new Date(Date.now() - h * 60 * 60_000).toISOString();

function inboxApi(items: ConversationView[], extra: Record<string, Handler> = {}) {
  return mockApi({
    ...signedInAs(makeMe()),
    'GET /api/conversations': () => json({ items, nextCursor: null }),
    'GET /api/messages/unread-count': () => json({ count: 0 }),
    ...extra,
  });
}

async function openInbox() {
  const utils = renderApp('/inbox');
  const list = await screen.findByRole('list', { name: 'Conversations' }, LOAD);
  return { ...utils, list };
}

const rowNames = (list: HTMLElement) => within(list).getAllByRole('link').map((a) => a.querySelector('.truncate')?.textContent);
const listCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === 'GET' && String(url).split('?')[0] === '/api/conversations');

describe('inbox', () => {
  it("shows each conversation's name (with the lookup fallbacks), last message and time", async () => {
    const recent = hoursAgo(2);
    const old = hoursAgo(24 * 3);
    inboxApi([
      makeConversation({ lastMessage: { senderId: OTHER_ID, content: 'See you at the dock', messageType: 'text', createdAt: recent } }),
      makeConversation({
        id: OTHER_CONVERSATION_ID,
        member: null,
        lastMessage: { senderId: OWN_ID, content: 'Thanks!', messageType: 'text', createdAt: old },
      }),
      makeConversation({
        id: 'c0c0c0c0-0000-4000-8000-000000000003',
        member: makeMember({ id: 'b0b0b0b0-0000-4000-8000-000000000003', fullName: null }),
        lastMessage: { senderId: OTHER_ID, content: '', messageType: 'gif', createdAt: old },
      }),
      makeConversation({ id: 'c0c0c0c0-0000-4000-8000-000000000004', member: makeMember({ fullName: '   ' }), lastMessage: null }),
    ]);
    const { list } = await openInbox();
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    expect(rowNames(list)).toEqual(['Alex Moreno', MESSAGING_MESSAGES.lookupFailed, MESSAGING_MESSAGES.unknownUser, MESSAGING_MESSAGES.unknownUser]);

    const [first, second, third, fourth] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('See you at the dock');
    expect(first!.querySelector('time')).toHaveTextContent(clockTime(new Date(recent)));
    expect(second).toHaveTextContent('You: Thanks!');
    // Older than a day: the date, not the time.
    expect(second!.querySelector('time')!.textContent).toBe(inboxTimeLabel(old));
    expect(second!.querySelector('time')!.textContent).not.toBe(clockTime(new Date(old)));
    expect(third).toHaveTextContent('GIF');
    expect(fourth).toHaveTextContent(MESSAGING_MESSAGES.empty);
    expect(within(list).getAllByRole('link')[0]).toHaveAttribute('href', `/chat/${CONVERSATION_ID}`);
  });

  it('labels media by kind and marks unread conversations in bold with an accessible count', async () => {
    inboxApi([
      makeConversation({ unreadCount: 3, lastMessage: { senderId: OTHER_ID, content: '', messageType: 'image', createdAt: hoursAgo(1) } }),
      makeConversation({ id: OTHER_CONVERSATION_ID, lastMessage: { senderId: OWN_ID, content: '', messageType: 'video', createdAt: hoursAgo(2) } }),
    ]);
    const { list } = await openInbox();
    const [unread, read] = within(list).getAllByRole('link');
    expect(unread).toHaveTextContent('Photo');
    expect(unread).toHaveAccessibleDescription('3 unread messages');
    expect(within(unread!).getByText('Alex Moreno')).toHaveClass('font-semibold');
    expect(read).toHaveTextContent('You: Video');
    expect(read).not.toHaveAccessibleDescription();
    expect(within(read!).getByText('Alex Moreno')).not.toHaveClass('font-semibold');
  });

  it("says 'Failed to load conversations' with Retry when the list cannot be loaded", async () => {
    let fail = true;
    inboxApi([], {
      'GET /api/conversations': () => (fail ? apiError(403, 'FORBIDDEN', 'No') : json({ items: [makeConversation()], nextCursor: null })),
    });
    const user = userEvent.setup();
    renderApp('/inbox');
    const alert = await screen.findByRole('alert', {}, LOAD);
    expect(alert).toHaveTextContent(MESSAGING_MESSAGES.loadFailed);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Conversations' })).toHaveTextContent('Alex Moreno');
  });

  it('says there are no conversations yet, with a way to Say Hi', async () => {
    inboxApi([]);
    renderApp('/inbox');
    expect(await screen.findByRole('heading', { name: MESSAGING_MESSAGES.noConversations }, LOAD)).toBeInTheDocument();
    expect(screen.getByText(MESSAGING_MESSAGES.noConversationsHint)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Say Hi to members' })).toHaveAttribute('href', '/say-hi');
  });

  it('loads more conversations by cursor and opens a chat on click', async () => {
    const fetchMock = inboxApi([], {
      'GET /api/conversations': ({ url }) =>
        new URL(url, 'http://x').searchParams.get('cursor') === 'next-1'
          ? json({ items: [makeConversation({ id: OTHER_CONVERSATION_ID, member: makeMember({ fullName: 'Blake Lee' }) })], nextCursor: null })
          : json({ items: [makeConversation()], nextCursor: 'next-1' }),
      [`GET /api/conversations/${OTHER_CONVERSATION_ID}`]: () => json(makeConversation({ id: OTHER_CONVERSATION_ID })),
    });
    const user = userEvent.setup();
    const { list, router } = await openInbox();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rowNames(list)).toEqual(['Alex Moreno', 'Blake Lee']));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(listCalls(fetchMock).map(([u]) => String(u))).toEqual(['/api/conversations', '/api/conversations?cursor=next-1']);
    await user.click(within(list).getByRole('link', { name: /Blake Lee/ }));
    expect(router.state.location.pathname).toBe(`/chat/${OTHER_CONVERSATION_ID}`);
  });
});

describe('inbox, live', () => {
  const two = () => [
    makeConversation({ lastMessage: { senderId: OTHER_ID, content: 'Newest', messageType: 'text', createdAt: hoursAgo(1) } }),
    makeConversation({
      id: OTHER_CONVERSATION_ID,
      member: makeMember({ id: 'b0b0b0b0-0000-4000-8000-000000000002', fullName: 'Blake Lee' }),
      lastMessage: { senderId: OTHER_ID, content: 'Older', messageType: 'text', createdAt: hoursAgo(5) },
    }),
  ];

  it('moves a conversation to the top with the new preview and one more unread, once per message', async () => {
    const fetchMock = inboxApi(two());
    const { list } = await openInbox();
    expect(rowNames(list)).toEqual(['Alex Moreno', 'Blake Lee']);
    const message = makeMessage({ conversationId: OTHER_CONVERSATION_ID, senderId: 'b0b0b0b0-0000-4000-8000-000000000002', content: 'Hey again' });
    act(() => realtime.emitForTest({ type: 'message', message }));
    await waitFor(() => expect(rowNames(list)).toEqual(['Blake Lee', 'Alex Moreno']));
    const top = within(list).getAllByRole('link')[0]!;
    expect(top).toHaveTextContent('Hey again');
    expect(top).toHaveAccessibleDescription('1 unread message');
    // A replayed event changes nothing.
    act(() => realtime.emitForTest({ type: 'message', message }));
    expect(within(list).getAllByRole('link')[0]).toHaveAccessibleDescription('1 unread message');
    // Updating the list from the event needs no refetch.
    expect(listCalls(fetchMock)).toHaveLength(1);
  });

  it("does not count one's own messages as unread", async () => {
    inboxApi(two());
    const { list } = await openInbox();
    act(() =>
      realtime.emitForTest({
        type: 'message',
        message: makeMessage({ conversationId: OTHER_CONVERSATION_ID, senderId: OWN_ID, content: 'Sent from my phone' }),
      }),
    );
    await waitFor(() => expect(within(list).getAllByRole('link')[0]).toHaveTextContent('You: Sent from my phone'));
    expect(within(list).getAllByRole('link')[0]).not.toHaveAccessibleDescription();
  });

  it('asks for the list again when a message arrives for a conversation it does not hold', async () => {
    let items = two();
    const fetchMock = inboxApi([], { 'GET /api/conversations': () => json({ items, nextCursor: null }) });
    const { list } = await openInbox();
    const fresh = makeConversation({ id: 'c0c0c0c0-0000-4000-8000-000000000009', member: makeMember({ fullName: 'Casey Park' }) });
    items = [fresh, ...items];
    act(() => realtime.emitForTest({ type: 'message', message: makeMessage({ conversationId: fresh.id, content: 'New match here' }) }));
    await waitFor(() => expect(rowNames(list)).toEqual(['Casey Park', 'Alex Moreno', 'Blake Lee']));
    expect(listCalls(fetchMock)).toHaveLength(2);
  });
});
