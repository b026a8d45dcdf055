import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CONNECTION_MESSAGES,
  MESSAGING_MESSAGES,
  SAFETY_MESSAGES,
  type BlockedMemberView,
  type HelloView,
  type MatchView,
} from '@bayclub/shared';
import { realtime } from '#/lib/realtime/realtime-client';
import { apiError, json, mockApi, never, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeFlags, makeMe } from '#/test/fixtures';
import {
  deferred,
  makeBlocked,
  makeHello,
  makeMatch,
  makeMember,
  noContent,
  page,
} from './connection-fixtures';

/** Whole-app renders can take a few seconds while other test files run. */
const LOAD = { timeout: 5000 };

const ALEX = makeMember({ fullName: 'Alex Moreno', city: 'clearwater', age: 28 });
const BLAKE = makeMember({ fullName: 'Blake Chen', city: 'tampa', age: 35 });

interface Lists {
  matches?: MatchView[];
  received?: HelloView[];
  sent?: HelloView[];
  blocks?: BlockedMemberView[];
}

/** The four lists, each answering one page; `extra` adds or overrides handlers. */
function connectionsApi(lists: Lists, extra: Record<string, Handler> = {}) {
  return mockApi({
    ...signedInAs(makeMe()),
    'GET /api/matches': () => json(page(lists.matches ?? [])),
    'GET /api/hellos': ({ url }) => {
      const direction = new URL(url, 'http://localhost').searchParams.get('direction');
      return json(page((direction === 'sent' ? lists.sent : lists.received) ?? []));
    },
    'GET /api/blocks': () => json(page(lists.blocks ?? [])),
    ...extra,
  });
}

const calls = (fetchMock: ReturnType<typeof mockApi>, method: string, prefix: string) =>
  fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).startsWith(prefix));

async function openTab(tab?: string) {
  const utils = renderApp(tab ? `/connections?tab=${tab}` : '/connections');
  await screen.findByRole('heading', { level: 1, name: 'Connections' }, LOAD);
  return utils;
}

describe('connections: matches', () => {
  it('lists matches with profile link, city, date and a Message button', async () => {
    const match = makeMatch({ member: ALEX, matchedAt: '2025-03-04T12:00:00.000Z' });
    connectionsApi({ matches: [match] });
    await openTab();
    const list = await screen.findByRole('list', { name: 'Matches' }, LOAD);
    const row = within(list).getAllByRole('listitem')[0]!;
    expect(within(row).getByRole('link', { name: 'Alex Moreno' })).toHaveAttribute('href', `/view-profile/${ALEX.id}`);
    expect(row).toHaveTextContent('Clearwater · 28 · Matched Mar 4, 2025');
    expect(within(row).getByRole('button', { name: 'Message Alex Moreno' })).toBeEnabled();
    expect(screen.getByRole('tab', { name: 'Matches', selected: true })).toBeInTheDocument();
  });

  it('shows the empty state with its hint', async () => {
    connectionsApi({});
    await openTab();
    expect(await screen.findByText(CONNECTION_MESSAGES.noMatches, {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText(CONNECTION_MESSAGES.noMatchesHint)).toBeInTheDocument();
  });

  it('shows an error with Retry', async () => {
    let fail = true;
    connectionsApi({}, {
      'GET /api/matches': () => (fail ? apiError(400, 'BAD_REQUEST', 'Matches are broken') : json(page([makeMatch({ member: ALEX })]))),
    });
    const user = userEvent.setup();
    await openTab();
    expect(await screen.findByText('Matches are broken', {}, LOAD)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Alex Moreno' })).toBeInTheDocument();
  });

  it('loads more while there is a next page', async () => {
    const first = makeMatch({ member: ALEX });
    const second = makeMatch({ member: BLAKE });
    connectionsApi({}, {
      'GET /api/matches': ({ url }) => {
        const cursor = new URL(url, 'http://localhost').searchParams.get('cursor');
        return json(cursor === 'p2' ? page([second]) : page([first], 'p2'));
      },
    });
    const user = userEvent.setup();
    await openTab();
    await screen.findByRole('link', { name: 'Alex Moreno' }, LOAD);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Blake Chen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('Message goes straight to an existing conversation', async () => {
    const conversationId = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';
    const fetchMock = connectionsApi({ matches: [makeMatch({ member: ALEX, conversationId })] });
    const user = userEvent.setup();
    const { router } = await openTab();
    await user.click(await screen.findByRole('button', { name: 'Message Alex Moreno' }, LOAD));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${conversationId}`));
    expect(calls(fetchMock, 'POST', '/api/conversations')).toHaveLength(0);
  });

  it('Message opens the conversation first when there is none yet', async () => {
    const conversationId = '8c7b6a5f-4e3d-4c2b-9a1f-0e9d8c7b6a5f';
    let body: unknown;
    connectionsApi({ matches: [makeMatch({ member: ALEX })] }, {
      'POST /api/conversations': (req) => {
        body = req.body;
        return json({ id: conversationId });
      },
    });
    const user = userEvent.setup();
    const { router } = await openTab();
    await user.click(await screen.findByRole('button', { name: 'Message Alex Moreno' }, LOAD));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${conversationId}`));
    expect(body).toEqual({ userId: ALEX.id });
  });

  it('Message says it failed when the conversation cannot be opened (403)', async () => {
    connectionsApi({ matches: [makeMatch({ member: ALEX })] }, {
      'POST /api/conversations': () => apiError(403, 'NO_MATCH', MESSAGING_MESSAGES.noMatch),
    });
    const user = userEvent.setup();
    const { router } = await openTab();
    await user.click(await screen.findByRole('button', { name: 'Message Alex Moreno' }, LOAD));
    expect(await screen.findByText(MESSAGING_MESSAGES.sendFailed)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/connections');
  });

  it('Unmatch asks first, removes the match at once and calls DELETE', async () => {
    const match = makeMatch({ member: ALEX });
    const answer = deferred();
    const fetchMock = connectionsApi({ matches: [match] }, { 'DELETE /api/matches/*': () => answer.promise });
    const user = userEvent.setup();
    await openTab();
    await user.click(await screen.findByRole('button', { name: 'More actions for Alex Moreno' }, LOAD));
    await user.click(screen.getByRole('menuitem', { name: 'Unmatch' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unmatch Alex Moreno?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unmatch' }));
    // Optimistic: gone before the server answers.
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Alex Moreno' })).not.toBeInTheDocument());
    expect(calls(fetchMock, 'DELETE', '/api/matches/').map(([url]) => url)).toEqual([`/api/matches/${match.id}`]);
    answer.resolve(noContent());
    expect(await screen.findByText(CONNECTION_MESSAGES.unmatched)).toBeInTheDocument();
  });

  it('Cancel keeps the match and gives focus back to its menu button', async () => {
    const fetchMock = connectionsApi({ matches: [makeMatch({ member: ALEX })] });
    const user = userEvent.setup();
    await openTab();
    await user.click(await screen.findByRole('button', { name: 'More actions for Alex Moreno' }, LOAD));
    await user.click(screen.getByRole('menuitem', { name: 'Unmatch' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'More actions for Alex Moreno' })).toHaveFocus());
    expect(calls(fetchMock, 'DELETE', '/api/matches/')).toHaveLength(0);
  });

  it('puts the match back and says why when Unmatch fails', async () => {
    const match = makeMatch({ member: ALEX });
    let loaded = false;
    connectionsApi({}, {
      // After the first load the list never answers again: only the rollback can bring the row back.
      'GET /api/matches': () => (loaded ? never() : ((loaded = true), json(page([match])))),
      'DELETE /api/matches/*': () => apiError(400, 'BAD_REQUEST', 'Could not unmatch'),
    });
    const user = userEvent.setup();
    await openTab();
    await user.click(await screen.findByRole('button', { name: 'More actions for Alex Moreno' }, LOAD));
    await user.click(screen.getByRole('menuitem', { name: 'Unmatch' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Unmatch' }));
    expect(await screen.findByText('Could not unmatch')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Alex Moreno' })).toBeInTheDocument();
  });

  it('refetches when the socket says connections changed', async () => {
    let matches: MatchView[] = [];
    connectionsApi({}, { 'GET /api/matches': () => json(page(matches)) });
    await openTab();
    expect(await screen.findByText(CONNECTION_MESSAGES.noMatches, {}, LOAD)).toBeInTheDocument();
    matches = [makeMatch({ member: ALEX })];
    act(() => realtime.emitForTest({ type: 'connections' }));
    expect(await screen.findByRole('link', { name: 'Alex Moreno' })).toBeInTheDocument();
  });
});

describe('connections: hellos', () => {
  it('keeps the tab in the URL and shows the received count on its label', async () => {
    connectionsApi({ received: [makeHello({ member: ALEX }), makeHello({ member: BLAKE })] });
    const user = userEvent.setup();
    const { router } = await openTab();
    const received = await screen.findByRole('tab', { name: 'Received (2 waiting)' }, LOAD);
    await user.click(received);
    expect(router.state.location.search).toBe('?tab=received');
    expect(await screen.findByRole('list', { name: 'Received hellos' })).toBeInTheDocument();
  });

  it('shows the note, and Accept moves the hello to Matches with the match message', async () => {
    const hello = makeHello({ member: ALEX, note: 'Coffee on the pier?' });
    let received = [hello];
    let matches: MatchView[] = [];
    const answer = deferred();
    const fetchMock = connectionsApi({}, {
      'GET /api/hellos': () => json(page(received)),
      'GET /api/matches': () => json(page(matches)),
      'POST /api/hellos/*': () => answer.promise,
    });
    const user = userEvent.setup();
    await openTab('received');
    const list = await screen.findByRole('list', { name: 'Received hellos' }, LOAD);
    expect(within(list).getByText('Coffee on the pier?')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Accept hi from Alex Moreno' }));
    await waitFor(() => expect(screen.queryByText('Coffee on the pier?')).not.toBeInTheDocument());
    expect(calls(fetchMock, 'POST', '/api/hellos/').map(([url]) => url)).toEqual([`/api/hellos/${hello.id}/accept`]);
    const match = makeMatch({ member: ALEX });
    received = [];
    matches = [match];
    answer.resolve(json({ match }));
    expect(await screen.findByText(CONNECTION_MESSAGES.matched)).toBeInTheDocument();
    expect(await screen.findByText(CONNECTION_MESSAGES.noReceived)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Matches' }));
    expect(await screen.findByRole('link', { name: 'Alex Moreno' })).toBeInTheDocument();
  });

  it('puts the hello back when Accept fails', async () => {
    let loaded = false;
    connectionsApi({}, {
      'GET /api/hellos': () => (loaded ? never() : ((loaded = true), json(page([makeHello({ member: ALEX })])))),
      'POST /api/hellos/*': () => apiError(400, 'BAD_REQUEST', 'Could not accept'),
    });
    const user = userEvent.setup();
    await openTab('received');
    await user.click(await screen.findByRole('button', { name: 'Accept hi from Alex Moreno' }, LOAD));
    expect(await screen.findByText('Could not accept')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Alex Moreno' })).toBeInTheDocument();
  });

  it('Decline posts decline and removes the hello', async () => {
    const hello = makeHello({ member: ALEX });
    let received = [hello, makeHello({ member: BLAKE })];
    const fetchMock = connectionsApi({}, {
      'GET /api/hellos': () => json(page(received)),
      'POST /api/hellos/*': () => {
        received = received.filter((h) => h.id !== hello.id);
        return noContent();
      },
    });
    const user = userEvent.setup();
    await openTab('received');
    await user.click(await screen.findByRole('button', { name: 'Decline hi from Alex Moreno' }, LOAD));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Alex Moreno' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Blake Chen' })).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/hellos/').map(([url]) => url)).toEqual([`/api/hellos/${hello.id}/decline`]);
  });

  it('says when no hellos arrived', async () => {
    connectionsApi({});
    await openTab('received');
    expect(await screen.findByText(CONNECTION_MESSAGES.noReceived, {}, LOAD)).toBeInTheDocument();
  });

  it('Sent lists pending hellos; Withdraw deletes one at once', async () => {
    const hello = makeHello({ direction: 'sent', member: BLAKE, note: 'Hi there' });
    const answer = deferred();
    const fetchMock = connectionsApi({ sent: [hello] }, { 'DELETE /api/hellos/*': () => answer.promise });
    const user = userEvent.setup();
    await openTab('sent');
    const list = await screen.findByRole('list', { name: 'Sent hellos' }, LOAD);
    expect(within(list).getByText('Hi there')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Withdraw hi to Blake Chen' }));
    await waitFor(() => expect(screen.queryByText('Hi there')).not.toBeInTheDocument());
    expect(calls(fetchMock, 'DELETE', '/api/hellos/').map(([url]) => url)).toEqual([`/api/hellos/${hello.id}`]);
    answer.resolve(noContent());
  });

  it('puts a sent hello back when Withdraw fails', async () => {
    let loaded = false;
    connectionsApi({}, {
      'GET /api/hellos': ({ url }) => {
        if (!url.includes('direction=sent')) return json(page([]));
        return loaded ? never() : ((loaded = true), json(page([makeHello({ direction: 'sent', member: BLAKE })])));
      },
      'DELETE /api/hellos/*': () => apiError(400, 'BAD_REQUEST', 'Could not withdraw'),
    });
    const user = userEvent.setup();
    await openTab('sent');
    await user.click(await screen.findByRole('button', { name: 'Withdraw hi to Blake Chen' }, LOAD));
    expect(await screen.findByText('Could not withdraw')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Blake Chen' })).toBeInTheDocument();
  });

  it('says when there are no pending sent hellos', async () => {
    connectionsApi({});
    await openTab('sent');
    expect(await screen.findByText(CONNECTION_MESSAGES.noSent, {}, LOAD)).toBeInTheDocument();
  });
});

describe('connections: blocked', () => {
  it('lists blocked members without a profile link; Unblock calls DELETE and removes them', async () => {
    const fetchMock = connectionsApi({ blocks: [makeBlocked({ member: ALEX })] }, { 'DELETE /api/blocks/*': () => noContent() });
    const user = userEvent.setup();
    await openTab('blocked');
    const list = await screen.findByRole('list', { name: 'Blocked members' }, LOAD);
    expect(within(list).queryByRole('link')).not.toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Unblock Alex Moreno' }));
    expect(await screen.findByText(SAFETY_MESSAGES.unblocked)).toBeInTheDocument();
    expect(calls(fetchMock, 'DELETE', '/api/blocks/').map(([url]) => url)).toEqual([`/api/blocks/${ALEX.id}`]);
  });

  it('puts a blocked member back when Unblock fails', async () => {
    let loaded = false;
    connectionsApi({}, {
      'GET /api/blocks': () => (loaded ? never() : ((loaded = true), json(page([makeBlocked({ member: ALEX })])))),
      'DELETE /api/blocks/*': () => apiError(400, 'BAD_REQUEST', 'Could not unblock'),
    });
    const user = userEvent.setup();
    await openTab('blocked');
    await user.click(await screen.findByRole('button', { name: 'Unblock Alex Moreno' }, LOAD));
    expect(await screen.findByText('Could not unblock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unblock Alex Moreno' })).toBeInTheDocument();
  });

  it('says when nobody is blocked', async () => {
    connectionsApi({});
    await openTab('blocked');
    expect(await screen.findByText(SAFETY_MESSAGES.noBlocked, {}, LOAD)).toBeInTheDocument();
  });
});

describe('connections for community members', () => {
  it('explains that connections are for full members instead of failing, and still lists blocks', async () => {
    const fetchMock = mockApi({
      ...signedInAs(makeMe({ accountType: 'community_only', applicationStatus: 'approved' })),
      'GET /api/permissions': () => json({ flags: makeFlags({ see_connections_nav: true }) }),
      'GET /api/blocks': () => json(page([])),
    });
    renderApp('/connections');
    expect(await screen.findByRole('heading', { name: 'Connections are for full members' }, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(await screen.findByText(SAFETY_MESSAGES.noBlocked)).toBeInTheDocument();
    expect(calls(fetchMock, 'GET', '/api/matches')).toHaveLength(0);
    expect(calls(fetchMock, 'GET', '/api/hellos')).toHaveLength(0);
  });

  it('explains a 403 from a full members list the same way', async () => {
    connectionsApi({}, { 'GET /api/matches': () => apiError(403, 'FORBIDDEN', 'Forbidden') });
    await openTab();
    expect(await screen.findByRole('heading', { name: 'Connections are for full members' }, LOAD)).toBeInTheDocument();
    expect(screen.queryByText('Forbidden')).not.toBeInTheDocument();
  });
});
