import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_LIMITED_USER_FLAGS, PROFILE_VIEW_MESSAGES, type PublicProfileView } from '@bayclub/shared';
import { Providers } from '#/app/providers';
import { sessionKeys } from '#/features/auth/api';
import { createQueryClient } from '#/lib/query-client';
import { apiError, json, mockApi, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { OTHER_ID, OWN_ID, makeImages } from '#/features/gallery/gallery-fixtures';
import { MESSAGING_MESSAGES, MessageTab } from './message-tab';

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

function viewApi(profile: Handler, extra: Record<string, Handler> = {}) {
  return mockApi({
    ...signedInAs(makeMe()),
    [`GET /api/profiles/${OTHER_ID}`]: profile,
    [`GET /api/profiles/${OTHER_ID}/images`]: () => json({ items: [] }),
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

  it('shows the member with a Message button that says messaging arrives soon, and no owner controls', async () => {
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
    const message = screen.getByRole('button', { name: 'Message' });
    expect(message).toBeDisabled();
    expect(message).toHaveAccessibleDescription(MESSAGING_MESSAGES.soon);
    for (const name of ['Share', 'Settings']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();

    expect(await screen.findByRole('button', { name: 'Photo 1 of 2' }, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add photos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Options for/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Message' }));
    expect(screen.getByRole('heading', { name: MESSAGING_MESSAGES.soon })).toBeInTheDocument();
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
    expect(await screen.findByRole('heading', { name: MESSAGING_MESSAGES.unavailableTitle }, LOAD)).toBeInTheDocument();
    expect(screen.getByText(MESSAGING_MESSAGES.unavailableText)).toBeInTheDocument();
  });
});
