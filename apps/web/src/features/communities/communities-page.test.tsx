import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMMUNITY_MESSAGES, DEFAULT_LIMITED_USER_FLAGS } from '@bayclub/shared';
import { apiError, json, mockApi, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { makeSummary, page } from './community-fixtures';

const LOAD = { timeout: 5000 };
const RUNNERS = makeSummary({ name: 'Tampa Bay Runners', memberCount: 12, city: 'tampa', visibility: 'public' });
const READERS = makeSummary({ name: 'St Pete Readers', urlSlug: 'st-pete-readers', memberCount: 1, city: 'st_pete', visibility: 'private' });

const listCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/communities'));

function listApi(handler: Handler, extra: Record<string, Handler> = {}) {
  return mockApi({ 'GET /api/communities': handler, ...extra });
}

describe('/communities', () => {
  it('lists communities for visitors: cover box, name linking to the page, city, members, visibility', async () => {
    listApi(() => json(page([RUNNERS, READERS])));
    renderApp('/communities');
    expect(await screen.findByRole('heading', { level: 1, name: 'Communities' }, LOAD)).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Communities' }, LOAD);
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'Tampa Bay Runners' })).toHaveAttribute('href', `/community/${RUNNERS.id}`);
    expect(first).toHaveTextContent('Tampa');
    expect(first).toHaveTextContent('12 members');
    expect(first).toHaveTextContent('Public');
    expect(second).toHaveTextContent('1 member');
    expect(second).toHaveTextContent('Private');
  });

  it('searches as you type: one request after the pause, and the search is in the URL', async () => {
    const fetchMock = listApi(({ url }) => {
      const q = new URL(url, 'http://localhost').searchParams.get('q');
      return json(page(q === 'read' ? [READERS] : [RUNNERS, READERS]));
    });
    const user = userEvent.setup();
    const { router } = renderApp('/communities');
    await screen.findByRole('link', { name: 'Tampa Bay Runners' }, LOAD);
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'read');
    await waitFor(() => expect(router.state.location.search).toBe('?q=read'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Tampa Bay Runners' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'St Pete Readers' })).toBeInTheDocument();
    // Debounced: no request for "r", "re" or "rea".
    expect(listCalls(fetchMock)).toEqual(['/api/communities', '/api/communities?q=read']);
  });

  it('filters by city from the URL and the select', async () => {
    const fetchMock = listApi(() => json(page([RUNNERS])));
    const user = userEvent.setup();
    const { router } = renderApp('/communities?q=run');
    expect(await screen.findByRole('searchbox', { name: 'Search by name' }, LOAD)).toHaveValue('run');
    await user.selectOptions(screen.getByRole('combobox', { name: 'City' }), 'st_pete');
    await waitFor(() => expect(router.state.location.search).toBe('?q=run&city=st_pete'));
    await waitFor(() => expect(listCalls(fetchMock)).toContain('/api/communities?q=run&city=st_pete'));
  });

  it('shows the empty state', async () => {
    listApi(() => json(page([])));
    renderApp('/communities?q=zzz');
    expect(await screen.findByText(COMMUNITY_MESSAGES.noCommunities, {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText(COMMUNITY_MESSAGES.noCommunitiesHint)).toBeInTheDocument();
  });

  it('shows an error with Retry', async () => {
    let fail = true;
    listApi(() => (fail ? apiError(400, 'BAD_REQUEST', 'Please choose a city') : json(page([RUNNERS]))));
    const user = userEvent.setup();
    renderApp('/communities');
    expect(await screen.findByText('Please choose a city', {}, LOAD)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Tampa Bay Runners' })).toBeInTheDocument();
  });

  it('loads the next keyset page with Load more', async () => {
    const fetchMock = listApi(({ url }) => {
      const cursor = new URL(url, 'http://localhost').searchParams.get('cursor');
      return json(cursor === 'k2' ? page([READERS]) : page([RUNNERS], 'k2'));
    });
    const user = userEvent.setup();
    renderApp('/communities');
    await screen.findByRole('link', { name: 'Tampa Bay Runners' }, LOAD);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'St Pete Readers' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tampa Bay Runners' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(listCalls(fetchMock)).toContain('/api/communities?cursor=k2');
  });

  it('is open to full members, and to community members only with see_communities_nav', async () => {
    listApi(() => json(page([RUNNERS])), {
      ...signedInAs(makeMe({ accountType: 'community_only' })),
      'GET /api/permissions': () => json({ flags: { ...DEFAULT_LIMITED_USER_FLAGS, see_communities_nav: false } }),
    });
    renderApp('/communities');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, LOAD)).toBeInTheDocument();
  });

  it('shows the list to a community member with see_communities_nav', async () => {
    listApi(() => json(page([RUNNERS])), signedInAs(makeMe({ accountType: 'community_only' })));
    renderApp('/communities');
    expect(await screen.findByRole('link', { name: 'Tampa Bay Runners' }, LOAD)).toBeInTheDocument();
  });
});
