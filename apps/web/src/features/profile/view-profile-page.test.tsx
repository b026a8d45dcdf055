import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CONNECTION_MESSAGES,
  DEFAULT_LIMITED_USER_FLAGS,
  MESSAGING_MESSAGES as SHARED_MESSAGING_MESSAGES,
  PROFILE_VIEW_MESSAGES,
  type PublicProfileView,
  type RelationshipView,
} from '@bayclub/shared';
import { Providers } from '#/app/providers';
import { sessionKeys } from '#/lib/session/api';
import { createQueryClient } from '#/lib/query-client';
import { apiError, json, mockApi, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { OTHER_ID, OWN_ID, makeImages } from '#/features/gallery/gallery-fixtures';
import { makeHello, makeMatch, makeMember, makeRelationship, noContent } from '#/features/connections/connection-fixtures';
import { MessageTab } from './message-tab';
import { MESSAGING_MESSAGES } from '@bayclub/shared';

/** Whole-app renders can take a few seconds while other test files run. */
const LOAD = { timeout: 5000 };

function makePublicProfile(overrides: Partial<PublicProfileView> = {}): PublicProfileView {
  return {
    id: OTHER_ID,
    username: 'alex',
    fullName: 'Alex Moreno',
    profilePictureUrl: null,
    bio: 'Sunset sails and tacos.',
    relationshipStatus: 'single',
    age: 28,
    city: 'clearwater',
    gender: null,
    instagramUsername: 'alex.sails',
    instagramVerified: false,
    tiktokUsername: null,
    linkedinUsername: null,
    youtubeUsername: null,
    interests: [],
    isVerified: false,
    isOwn: false,
    ...overrides,
  };
}

const profileCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/profiles'));

const RELATIONSHIP = `GET /api/connections/with/${OTHER_ID}`;

function viewApi(profile: Handler, extra: Record<string, Handler> = {}) {
  return mockApi({
    ...signedInAs(makeMe()),
    [`GET /api/profiles/${OTHER_ID}`]: profile,
    [`GET /api/profiles/${OTHER_ID}/images`]: () => json({ items: [] }),
    [RELATIONSHIP]: () => json(makeRelationship(OTHER_ID)),
    ...extra,
  });
}

describe('view profile', () => {
  it("shows 'No user profile available' for an id that is not a UUID, without asking the server", async () => {
    const fetchMock = mockApi(signedInAs(makeMe()));
    renderApp('/view-profile/not-a-uuid');
    expect(await screen.findByRole('heading', { level: 1, name: PROFILE_VIEW_MESSAGES.noProfile }, LOAD)).toBeInTheDocument();
    expect(profileCalls(fetchMock)).toHaveLength(0);
  });

  it("shows 'No user profile available' when the server answers 404", async () => {
    const fetchMock = viewApi(() => apiError(404, 'NOT_FOUND', PROFILE_VIEW_MESSAGES.noProfile));
    renderApp(`/view-profile/${OTHER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: PROFILE_VIEW_MESSAGES.noProfile }, LOAD)).toBeInTheDocument();
    expect(profileCalls(fetchMock).map(([url]) => url)).toEqual([`/api/profiles/${OTHER_ID}`]);
  });

  it('offers Try again for other errors', async () => {
    let fail = true;
    viewApi(() => (fail ? apiError(403, 'FORBIDDEN', 'Members only') : json(makePublicProfile())));
    const user = userEvent.setup();
    renderApp(`/view-profile/${OTHER_ID}`);
    expect(await screen.findByRole('heading', { name: 'Could not load this profile' }, LOAD)).toBeInTheDocument();
    expect(screen.getByText('Members only')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Alex Moreno' }, LOAD)).toBeInTheDocument();
  });

  it('shows the member with a Message button that waits for a match, and no owner controls', async () => {
    viewApi(() => json(makePublicProfile()), {
      [`GET /api/profiles/${OTHER_ID}/images`]: () => json({ items: makeImages(2) }),
    });
    const user = userEvent.setup();
    renderApp(`/view-profile/${OTHER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Alex Moreno' }, LOAD)).toBeInTheDocument();
    for (const text of ['@alex', '28', 'Clearwater', 'Single', 'Sunset sails and tacos.']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Instagram profile' })).toHaveAttribute('href', 'https://www.instagram.com/alex.sails/');
    const message = await screen.findByRole('button', { name: 'Message' });
    expect(message).toBeDisabled();
    await waitFor(() => expect(message).toHaveAccessibleDescription(SHARED_MESSAGING_MESSAGES.noMatch));
    for (const name of ['Share', 'Settings']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();

    expect(await screen.findByRole('button', { name: 'Photo 1 of 2' }, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add photos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Options for/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Message' }));
    // The tab explains the same (its content belongs to messaging).
    expect(await screen.findByRole('heading', { name: SHARED_MESSAGING_MESSAGES.noMatch })).toBeInTheDocument();
  });

  it("says 'No photos yet' to a visitor of an empty gallery", async () => {
    viewApi(() => json(makePublicProfile()));
    renderApp(`/view-profile/${OTHER_ID}`);
    expect(await screen.findByText('No photos yet', {}, LOAD)).toBeInTheDocument();
  });

  it("shows 'This is your own profile' in the Message tab of one's own id", async () => {
    mockApi({
      ...signedInAs(makeMe()),
      [`GET /api/profiles/${OWN_ID}`]: () => json(makePublicProfile({ id: OWN_ID, fullName: 'Sam Rivera', isOwn: true })),
      [`GET /api/profiles/${OWN_ID}/images`]: () => json({ items: [] }),
    });
    const user = userEvent.setup();
    renderApp(`/view-profile/${OWN_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Sam Rivera' }, LOAD);
    expect(screen.queryByRole('button', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Say Hi|More actions/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Message' }));
    expect(screen.getByRole('heading', { name: PROFILE_VIEW_MESSAGES.ownProfile })).toBeInTheDocument();
  });

  it('sends signed-out visitors to /auth, and back to the profile after signing in', async () => {
    mockApi();
    const { router } = renderApp(`/view-profile/${OTHER_ID}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'), LOAD);
    expect(router.state.location.state).toEqual({ from: `/view-profile/${OTHER_ID}` });
  });
});

describe('message tab for community members', () => {
  it("shows 'Messaging Not Available' to a community_only viewer without the message flag", async () => {
    mockApi();
    const queryClient = createQueryClient();
    queryClient.setQueryData(sessionKeys.me, makeMe({ accountType: 'community_only', applicationStatus: 'approved' }));
    queryClient.setQueryData(sessionKeys.permissions, DEFAULT_LIMITED_USER_FLAGS);
    render(
      <Providers queryClient={queryClient}>
        <MessageTab isOwn={false} name="Alex" />
      </Providers>,
    );
    expect(await screen.findByRole('heading', { name: MESSAGING_MESSAGES.notAvailableTitle }, LOAD)).toBeInTheDocument();
    expect(screen.getByText(MESSAGING_MESSAGES.notAvailableBody)).toBeInTheDocument();
  });
});

describe('profile actions by relationship', () => {
  const CONVERSATION_ID = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';
  const calls = (fetchMock: ReturnType<typeof mockApi>, method: string, path: string) =>
    fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).startsWith(path));

  /** A profile whose relationship the test changes between requests. */
  function relationshipApi(initial: Partial<RelationshipView>, extra: Record<string, Handler> = {}, me = makeMe()) {
    const state = { relationship: makeRelationship(OTHER_ID, initial) };
    const fetchMock = mockApi({
      ...signedInAs(me),
      [`GET /api/profiles/${OTHER_ID}`]: () => json(makePublicProfile()),
      [`GET /api/profiles/${OTHER_ID}/images`]: () => json({ items: [] }),
      [RELATIONSHIP]: () => json(state.relationship),
      ...extra,
    });
    return { fetchMock, state };
  }

  async function openProfile() {
    const utils = renderApp(`/view-profile/${OTHER_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Alex Moreno' }, LOAD);
    return { ...utils, user: userEvent.setup() };
  }

  it('Say Hi sends the note, then shows Hi sent', async () => {
    let body: unknown;
    const { state } = relationshipApi(
      {},
      {
        'POST /api/hellos': (req) => {
          body = req.body;
          state.relationship = makeRelationship(OTHER_ID, { helloSent: 'pending', helloSentId: 'h1' });
          return json({ status: 'sent', hello: makeHello({ direction: 'sent' }), match: null, remainingToday: 29 }, 201);
        },
      },
    );
    const { user } = await openProfile();
    await user.click(await screen.findByRole('button', { name: 'Say Hi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Say hi to Alex Moreno' });
    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Hello!');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(CONNECTION_MESSAGES.helloSent)).toBeInTheDocument();
    expect(body).toEqual({ userId: OTHER_ID, note: 'Hello!' });
    expect(await screen.findByRole('button', { name: 'Hi sent' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Say Hi' })).not.toBeInTheDocument();
  });

  it('disables Say Hi with the daily limit message after a 429', async () => {
    relationshipApi({}, { 'POST /api/hellos': () => apiError(429, 'DAILY_LIMIT', CONNECTION_MESSAGES.dailyLimit) });
    const { user } = await openProfile();
    await user.click(await screen.findByRole('button', { name: 'Say Hi' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Say Hi' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Say Hi' })).toHaveAccessibleDescription(CONNECTION_MESSAGES.dailyLimit);
  });

  it('a pending hi shows Hi sent, with Withdraw in the menu', async () => {
    const { fetchMock, state } = relationshipApi(
      { helloSent: 'pending', helloSentId: '5e6f7a8b-1c2d-4e3f-8a9b-0c1d2e3f4a5b' },
      {
        'DELETE /api/hellos/*': () => {
          state.relationship = makeRelationship(OTHER_ID);
          return noContent();
        },
      },
    );
    const { user } = await openProfile();
    expect(await screen.findByRole('button', { name: 'Hi sent' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'More actions for Alex Moreno' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Withdraw hi' }));
    expect(await screen.findByRole('button', { name: 'Say Hi' })).toBeEnabled();
    expect(calls(fetchMock, 'DELETE', '/api/hellos/').map(([url]) => url)).toEqual([
      '/api/hellos/5e6f7a8b-1c2d-4e3f-8a9b-0c1d2e3f4a5b',
    ]);
  });

  it('a quietly declined hi still reads Hi sent (the sender is never told)', async () => {
    relationshipApi({ helloSent: 'declined' });
    await openProfile();
    expect(await screen.findByRole('button', { name: 'Hi sent' })).toBeDisabled();
  });

  it('Accept hi accepts their hello, then Message is enabled', async () => {
    const helloId = '6f7a8b9c-2d3e-4f5a-9b0c-1d2e3f4a5b6c';
    const { fetchMock, state } = relationshipApi(
      { helloReceived: 'pending', helloReceivedId: helloId },
      {
        'POST /api/hellos/*': () => {
          state.relationship = makeRelationship(OTHER_ID, { matched: true, matchId: 'm1', helloReceived: 'accepted' });
          return json({ match: makeMatch({ member: makeMember({ id: OTHER_ID }) }) });
        },
      },
    );
    const { user } = await openProfile();
    expect(screen.queryByRole('button', { name: 'Say Hi' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Accept hi' }));
    expect(await screen.findByText(CONNECTION_MESSAGES.matched)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Message' })).toBeEnabled());
    expect(calls(fetchMock, 'POST', '/api/hellos').map(([url]) => url)).toEqual([`/api/hellos/${helloId}/accept`]);
  });

  it('Accept hi says hi back when the hello id is not known', async () => {
    let body: unknown;
    relationshipApi(
      { helloReceived: 'pending' },
      {
        'POST /api/hellos': (req) => {
          body = req.body;
          return json({ status: 'matched', hello: makeHello(), match: makeMatch(), remainingToday: 29 }, 201);
        },
      },
    );
    const { user } = await openProfile();
    await user.click(await screen.findByRole('button', { name: 'Accept hi' }));
    expect(await screen.findByText(CONNECTION_MESSAGES.matched)).toBeInTheDocument();
    expect(body).toEqual({ userId: OTHER_ID });
  });

  it('matched: Message opens the chat', async () => {
    let body: unknown;
    relationshipApi(
      { matched: true, matchId: 'm1' },
      {
        'POST /api/conversations': (req) => {
          body = req.body;
          return json({ id: CONVERSATION_ID });
        },
      },
    );
    const { user, router } = await openProfile();
    const message = await screen.findByRole('button', { name: 'Message' });
    await waitFor(() => expect(message).toBeEnabled());
    expect(message).not.toHaveAccessibleDescription();
    expect(screen.queryByRole('button', { name: /Say Hi|Hi sent|Accept hi/ })).not.toBeInTheDocument();
    await user.click(message);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${CONVERSATION_ID}`));
    expect(body).toEqual({ userId: OTHER_ID });
  });

  it('Block leaves the profile for the blocked list', async () => {
    const { fetchMock } = relationshipApi({}, { 'POST /api/blocks': () => noContent(), 'GET /api/blocks': () => json({ items: [], nextCursor: null }) });
    const { user, router } = await openProfile();
    await user.click(await screen.findByRole('button', { name: 'More actions for Alex Moreno' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/connections'));
    expect(router.state.location.search).toBe('?tab=blocked');
    expect(calls(fetchMock, 'POST', '/api/blocks')).toHaveLength(1);
  });

  it('community members get no Say Hi; Message says messaging is not available; Block and Report stay', async () => {
    relationshipApi({}, {}, makeMe({ accountType: 'community_only', applicationStatus: 'approved' }));
    await openProfile();
    const message = await screen.findByRole('button', { name: 'Message' });
    expect(message).toBeDisabled();
    await waitFor(() => expect(message).toHaveAccessibleDescription(SHARED_MESSAGING_MESSAGES.notAvailableTitle));
    expect(screen.queryByRole('button', { name: /Say Hi/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'More actions for Alex Moreno' })).toBeInTheDocument();
  });
});
