import type * as React from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import {
  DEFAULT_LIMITED_USER_FLAGS,
  MESSAGING_MESSAGES as SHARED_MESSAGING_MESSAGES,
  PROFILE_VIEW_MESSAGES,
  type MeView,
  type RelationshipView,
} from '@bayclub/shared';
import { Providers } from '#/app/providers';
import { sessionKeys } from '#/lib/session/api';
import { createQueryClient } from '#/lib/query-client';
import { apiError, json, mockApi, type Handler } from '#/test/render-app';
import { makeFlags, makeMe } from '#/test/fixtures';
import { chatHandlers, CONVERSATION_ID, makeConversation, makeMessage, OTHER_ID } from '#/features/messaging/messaging-fixtures';
import { MessageTab, OwnMessagesTab } from './message-tab';
import { MESSAGING_MESSAGES } from '@bayclub/shared';

const LOAD = { timeout: 5000 };

function relationship(overrides: Partial<RelationshipView> = {}): RelationshipView {
  return {
    userId: OTHER_ID,
    matchId: null,
    matched: false,
    conversationId: null,
    helloSent: null,
    helloReceived: null,
    blocked: false,
    ...overrides,
  };
}

function renderTab(element: React.ReactNode, me: MeView = makeMe(), flags = makeFlags()) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(sessionKeys.me, me);
  queryClient.setQueryData(sessionKeys.permissions, flags);
  const router = createMemoryRouter([{ path: '/view-profile/:userId', element }], { initialEntries: [`/view-profile/${OTHER_ID}`] });
  render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

const calls = (fetchMock: ReturnType<typeof mockApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).split('?')[0] === path);

function tabApi(rel: Handler, extra: Record<string, Handler> = {}) {
  return mockApi({
    [`GET /api/connections/with/${OTHER_ID}`]: rel,
    'POST /api/conversations': () => json(makeConversation()),
    ...chatHandlers(makeConversation(), [makeMessage({ content: 'Hello from Alex' })]),
    ...extra,
  });
}

describe("another member's Message tab", () => {
  it('opens the conversation once the match is confirmed, and shows the chat with a composer', async () => {
    const fetchMock = tabApi(() => json(relationship({ matched: true, matchId: 'm-1' })));
    renderTab(<MessageTab isOwn={false} name="Alex" />);
    expect(await screen.findByText('Hello from Alex', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    const opens = calls(fetchMock, 'POST', '/api/conversations');
    expect(opens).toHaveLength(1);
    expect(JSON.parse(String(opens[0]![1]!.body))).toEqual({ userId: OTHER_ID });
    // The relationship was asked first.
    const order = fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url).split('?')[0]}`);
    expect(order.indexOf(`GET /api/connections/with/${OTHER_ID}`)).toBeLessThan(order.indexOf('POST /api/conversations'));
    expect(calls(fetchMock, 'GET', `/api/conversations/${CONVERSATION_ID}/messages`)).toHaveLength(1);
  });

  it('fetches no conversation without a match, and says why', async () => {
    const fetchMock = tabApi(() => json(relationship({ helloSent: 'pending' })));
    renderTab(<MessageTab isOwn={false} name="Alex" userId={OTHER_ID} />);
    expect(await screen.findByRole('heading', { name: SHARED_MESSAGING_MESSAGES.noMatch }, LOAD)).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/conversations')).toHaveLength(0);
  });

  it('says why when the server finds no match after all (403 NO_MATCH)', async () => {
    tabApi(() => json(relationship({ matched: true })), {
      'POST /api/conversations': () => apiError(403, 'NO_MATCH', SHARED_MESSAGING_MESSAGES.noMatch),
    });
    renderTab(<MessageTab isOwn={false} name="Alex" />);
    expect(await screen.findByRole('heading', { name: SHARED_MESSAGING_MESSAGES.noMatch }, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
  });

  it("shows 'Messaging Not Available' to a community_only viewer without the message flag, asking nothing", async () => {
    const fetchMock = tabApi(() => json(relationship({ matched: true })));
    renderTab(<MessageTab isOwn={false} name="Alex" />, makeMe({ accountType: 'community_only' }), DEFAULT_LIMITED_USER_FLAGS);
    expect(await screen.findByRole('heading', { name: MESSAGING_MESSAGES.notAvailableTitle }, LOAD)).toBeInTheDocument();
    expect(screen.getByText(MESSAGING_MESSAGES.notAvailableBody)).toBeInTheDocument();
    expect(calls(fetchMock, 'GET', `/api/connections/with/${OTHER_ID}`)).toHaveLength(0);
  });

  it("says 'This is your own profile' on one's own id", async () => {
    tabApi(() => json(relationship()));
    renderTab(<MessageTab isOwn name="Sam" />);
    expect(await screen.findByRole('heading', { name: PROFILE_VIEW_MESSAGES.ownProfile }, LOAD)).toBeInTheDocument();
  });
});

describe("the own profile's Messages tab", () => {
  it('shows the inbox', async () => {
    mockApi({ 'GET /api/conversations': () => json({ items: [makeConversation()], nextCursor: null }) });
    renderTab(<OwnMessagesTab />);
    const list = await screen.findByRole('list', { name: 'Conversations' }, LOAD);
    expect(list).toHaveTextContent('Alex Moreno');
  });

  it('is not available to community members without the message flag', async () => {
    const fetchMock = mockApi({ 'GET /api/conversations': () => json({ items: [], nextCursor: null }) });
    renderTab(<OwnMessagesTab />, makeMe({ accountType: 'community_only' }), DEFAULT_LIMITED_USER_FLAGS);
    expect(await screen.findByRole('heading', { name: MESSAGING_MESSAGES.notAvailableTitle }, LOAD)).toBeInTheDocument();
    await waitFor(() => expect(calls(fetchMock, 'GET', '/api/conversations')).toHaveLength(0));
  });

  it('shows the inbox to community members the admins let message', async () => {
    mockApi({ 'GET /api/conversations': () => json({ items: [makeConversation()], nextCursor: null }) });
    renderTab(<OwnMessagesTab />, makeMe({ accountType: 'community_only' }), makeFlags({ message: true }));
    expect(await screen.findByRole('list', { name: 'Conversations' }, LOAD)).toBeInTheDocument();
  });
});
