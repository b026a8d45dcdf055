import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOCATION_MESSAGES, type PublicProfileView } from '@bayclub/shared';
import { OTHER_ID, OWN_ID } from '#/features/gallery/gallery-fixtures';
import { makeRelationship } from '#/features/connections/connection-fixtures';
import { json, mockApi, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeFlags, makeMe, makeProfile } from '#/test/fixtures';
import { makeProfileCheckIn, minutesAgo, page } from './location-fixtures';

const LOAD = { timeout: 5000 };
const own = (path: string) => `GET /api/profiles/${OWN_ID}${path}`;

const other: PublicProfileView = (({ email: _e, accountType: _a, applicationStatus: _s, isDeactivated: _d, createdAt: _c, updatedAt: _u, ...rest }) => ({ ...rest, isOwn: false }))(
  makeProfile({ id: OTHER_ID, fullName: 'Alex Moreno', username: 'alex' }),
) as PublicProfileView;

function openTab(path: string, handlers: Record<string, Handler>, me = makeMe()) {
  const fetchMock = mockApi({
    ...signedInAs(me),
    [own('/images')]: () => json({ items: [] }),
    [`GET /api/profiles/${OTHER_ID}`]: () => json(other),
    [`GET /api/profiles/${OTHER_ID}/images`]: () => json({ items: [] }),
    [`GET /api/connections/with/${OTHER_ID}`]: () => json(makeRelationship(OTHER_ID)),
    ...handlers,
  });
  renderApp(path);
  return { fetchMock, user: userEvent.setup() };
}

describe('the Check-ins tab of profiles', () => {
  it('shows the owner their whole history with who sees each check-in, and lets them delete one', async () => {
    const privateOne = makeProfileCheckIn({ isMine: true, visibility: 'private', hereNow: false, createdAt: minutesAgo(60 * 5) });
    const publicOne = makeProfileCheckIn({
      isMine: true,
      visibility: 'public',
      location: { id: '10ca7100-0000-4000-8000-000000000002', name: 'Buddy Brew Coffee', category: 'cafe', city: 'tampa', photoUrl: null },
    });
    let items = [publicOne, privateOne];
    const { user } = openTab('/profile', {
      [own('/check-ins')]: () => json(page(items)),
      [`DELETE /api/locations/check-ins/${privateOne.id}`]: () => ((items = [publicOne]), new Response(null, { status: 204 })),
    });
    await user.click(await screen.findByRole('tab', { name: LOCATION_MESSAGES.profileCheckIns }, LOAD));
    const list = await screen.findByRole('list', { name: LOCATION_MESSAGES.profileCheckIns });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'Buddy Brew Coffee' })).toHaveAttribute('href', '/locations/10ca7100-0000-4000-8000-000000000002');
    expect(first).toHaveTextContent('Here now');
    expect(first).toHaveTextContent('Public');
    expect(second).toHaveTextContent('The Pier');
    expect(second).toHaveTextContent('Private');
    expect(second).toHaveTextContent('5h ago');
    expect(within(first!).getByRole('button', { name: LOCATION_MESSAGES.checkOut })).toBeInTheDocument();
    await user.click(within(second!).getByRole('button', { name: LOCATION_MESSAGES.deleteCheckIn }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
  });

  it('shows another member’s check-ins the viewer may see, without visibility or actions', async () => {
    openTab(`/view-profile/${OTHER_ID}`, {
      [`GET /api/profiles/${OTHER_ID}/check-ins`]: () => json(page([makeProfileCheckIn({ hereNow: false, createdAt: minutesAgo(60 * 30) })])),
    });
    await userEvent.setup().click(await screen.findByRole('tab', { name: LOCATION_MESSAGES.profileCheckIns }, LOAD));
    const list = await screen.findByRole('list', { name: LOCATION_MESSAGES.profileCheckIns });
    expect(list).toHaveTextContent('The Pier');
    expect(list).not.toHaveTextContent('Public');
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when there are none, with the way to places for the owner', async () => {
    openTab('/profile', { [own('/check-ins')]: () => json(page([])) });
    await userEvent.setup().click(await screen.findByRole('tab', { name: LOCATION_MESSAGES.profileCheckIns }, LOAD));
    expect(await screen.findByText(LOCATION_MESSAGES.noProfileCheckIns)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a place to check in' })).toHaveAttribute('href', '/locations');
  });

  it('has no tab on another member’s profile for a limited member without view_locations; their own has it', async () => {
    const limited = makeMe({ accountType: 'community_only' });
    openTab(`/view-profile/${OTHER_ID}`, { 'GET /api/permissions': () => json({ flags: makeFlags() }) }, limited);
    expect(await screen.findByRole('heading', { level: 1, name: 'Alex Moreno' }, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Photos' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: LOCATION_MESSAGES.profileCheckIns })).not.toBeInTheDocument();
  });

  it('gives an applicant no Check-ins tab on their own profile', async () => {
    openTab('/profile', {}, makeMe({ accountType: 'community_only', applicationStatus: 'pending' }));
    expect(await screen.findByRole('tab', { name: 'Photos' }, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: LOCATION_MESSAGES.profileCheckIns })).not.toBeInTheDocument();
  });
});
