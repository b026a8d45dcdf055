import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockApi, renderApp, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { makeCommunity, makeViewer, MEMBER_VIEWER } from '#/features/communities/community-fixtures';
import { eventsPage, makeEventSummary } from './event-fixtures';

const RUNNERS = makeCommunity({ name: 'Tampa Bay Runners', viewer: MEMBER_VIEWER });
const RUN = makeEventSummary({ title: 'Bayshore Run', community: { id: RUNNERS.id, name: RUNNERS.name, urlSlug: RUNNERS.urlSlug } });

function setup(viewer = MEMBER_VIEWER) {
  const community = { ...RUNNERS, viewer };
  const fetchMock = mockApi({
    ...signedInAs(makeMe()),
    [`GET /api/communities/${community.id}`]: () => json(community),
    'GET /api/communities/mine': () => json({ items: [{ community, status: 'active', role: 'member' }] }),
    'GET /api/events': () => json(eventsPage([RUN])),
  });
  return { fetchMock, user: userEvent.setup(), ...renderApp(`/community/${community.id}`) };
}

describe('a community’s Events tab', () => {
  it('lists the community’s upcoming events, and its members may create one in it', async () => {
    const { fetchMock, user } = setup();
    await user.click(await screen.findByRole('tab', { name: 'Events' }));
    const list = await screen.findByRole('list', { name: 'Upcoming events of Tampa Bay Runners' });
    expect(within(list).getByRole('link', { name: 'Bayshore Run' })).toHaveAttribute('href', `/events/${RUN.id}`);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(`/api/events?communityId=${RUNNERS.id}`);
    await user.click(screen.getByRole('button', { name: 'Create event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create event' });
    expect(within(dialog).getByRole('combobox', { name: /Community/ })).toHaveValue(RUNNERS.id);
  });

  it('offers no Create event to someone who is not a member of the community', async () => {
    const { user } = setup(makeViewer());
    await user.click(await screen.findByRole('tab', { name: 'Events' }));
    await screen.findByRole('link', { name: 'Bayshore Run' });
    expect(screen.queryByRole('button', { name: 'Create event' })).not.toBeInTheDocument();
  });
});
