import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DIRECTORY_MESSAGES, type DirectoryCardView, type DirectoryPage } from '@bayclub/shared';
import { apiError, json, mockApi, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { makeMember } from '#/features/connections/connection-fixtures';

/** Whole-app renders can take a few seconds while other test files run. */
const LOAD = { timeout: 5000 };

const card = (overrides: Partial<DirectoryCardView> = {}): DirectoryCardView => ({
  ...makeMember(),
  interests: [],
  sharedInterests: [],
  linkedInstagram: null,
  ...overrides,
});
const pageOf = (items: DirectoryCardView[], nextCursor: string | null = null): DirectoryPage => ({ items, nextCursor });

const ALEX = card({
  fullName: 'Alex Moreno',
  username: 'alexm',
  age: 28,
  city: 'clearwater',
  isVerified: true,
  interests: ['Beach', 'Yoga', 'Coffee'],
  sharedInterests: ['Beach', 'Coffee'],
  profilePictureUrl: '/media/profile-pictures/a/profile.webp?v=1',
  linkedInstagram: 'alex.surfs',
});
const BLAKE = card({ fullName: 'Blake Chen', username: 'blake', age: 35, city: 'tampa' });
const CASEY = card({ fullName: 'Casey Park', username: 'casey' });

function directoryApi(handler: Handler) {
  return mockApi({ ...signedInAs(makeMe()), 'GET /api/directory': handler });
}
const directoryCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost')).filter((u) => u.pathname === '/api/directory');
const lastParams = (fetchMock: ReturnType<typeof mockApi>) => Object.fromEntries(directoryCalls(fetchMock).at(-1)!.searchParams);

describe('People (/user-directory)', () => {
  it('shows member cards: photo, name, verified badge, city and age, shared interests highlighted, a link to the profile', async () => {
    directoryApi(() => json(pageOf([ALEX, BLAKE])));
    renderApp('/user-directory');
    expect(await screen.findByRole('heading', { level: 1, name: 'People' }, LOAD)).toBeInTheDocument();
    const cards = await screen.findAllByRole('article', {}, LOAD);
    expect(cards).toHaveLength(2);
    const alex = cards[0]!;
    expect(within(alex).getByRole('link', { name: 'Alex Moreno' })).toHaveAttribute('href', `/view-profile/${ALEX.id}`);
    expect(within(alex).getByRole('img', { name: 'Profile picture of Alex Moreno' })).toHaveAttribute('src', '/media/profile-pictures/a/profile-480.webp?v=1');
    expect(within(alex).getByTestId('verified-badge')).toBeInTheDocument();
    expect(within(alex).getByText('Clearwater · 28')).toBeInTheDocument();
    expect(within(within(alex).getByRole('list', { name: 'Interests in common' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Beach',
      'Coffee',
    ]);
    expect(within(cards[1]!).queryByRole('list', { name: 'Interests in common' })).not.toBeInTheDocument();
    expect(within(cards[1]!).queryByTestId('verified-badge')).not.toBeInTheDocument();
    // A handle linked through Instagram shows with its mark; a card without one shows none.
    expect(within(alex).getByText('Instagram @alex.surfs')).toBeInTheDocument();
    expect(within(alex).getByRole('img', { name: 'Verified Instagram account' })).toBeInTheDocument();
    expect(within(cards[1]!).queryByText(/Instagram @/)).not.toBeInTheDocument();
  });

  it('reads the filters from the URL and writes changes back to it (search debounced)', async () => {
    const fetchMock = directoryApi(() => json(pageOf([ALEX])));
    const user = userEvent.setup();
    const { router } = renderApp('/user-directory?city=tampa&interests=Yoga,Beach&ageMin=25&sort=name&verified=true');
    await screen.findAllByRole('article', {}, LOAD);
    expect(lastParams(fetchMock)).toEqual({ city: 'tampa', interests: 'Yoga,Beach', ageMin: '25', sort: 'name', verified: 'true' });
    expect(screen.getByLabelText('City')).toHaveValue('tampa');
    expect(screen.getByLabelText('Sort by')).toHaveValue('name');
    expect(screen.getByRole('checkbox', { name: DIRECTORY_MESSAGES.verifiedOnly })).toBeChecked();

    await user.selectOptions(screen.getByLabelText('City'), 'sarasota');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('city')).toBe('sarasota'));
    await waitFor(() => expect(lastParams(fetchMock).city).toBe('sarasota'));

    const calls = directoryCalls(fetchMock).length;
    await user.type(screen.getByRole('searchbox', { name: DIRECTORY_MESSAGES.searchLabel }), 'ale');
    // One request for the whole word, once typing paused.
    await waitFor(() => expect(lastParams(fetchMock).q).toBe('ale'));
    expect(directoryCalls(fetchMock).length).toBe(calls + 1);
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('ale');

    await user.click(screen.getByRole('checkbox', { name: DIRECTORY_MESSAGES.hideIncomplete }));
    await waitFor(() => expect(lastParams(fetchMock)).toMatchObject({ q: 'ale', city: 'sarasota', hideIncomplete: 'true' }));
  });

  it('pages with Load more, asking with the cursor, and appends the next cards', async () => {
    const fetchMock = directoryApi(({ url }) => {
      const cursor = new URL(url, 'http://localhost').searchParams.get('cursor');
      return json(cursor === 'page-2' ? pageOf([CASEY]) : pageOf([ALEX, BLAKE], 'page-2'));
    });
    const user = userEvent.setup();
    renderApp('/user-directory?sort=common');
    await screen.findAllByRole('article', {}, LOAD);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    expect(lastParams(fetchMock)).toEqual({ sort: 'common', cursor: 'page-2' });
    expect(screen.getAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('/view-profile/')).map((a) => a.textContent)).toEqual([
      'Alex Moreno',
      'Blake Chen',
      'Casey Park',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when no member matches, and Clear filters keeps only the order', async () => {
    const fetchMock = directoryApi(({ url }) => json(pageOf(new URL(url, 'http://localhost').searchParams.has('city') ? [] : [BLAKE])));
    const user = userEvent.setup();
    const { router } = renderApp('/user-directory?city=lakeland&q=zed&sort=name');
    expect(await screen.findByRole('heading', { name: DIRECTORY_MESSAGES.empty }, LOAD)).toBeInTheDocument();
    const clear = within(screen.getByRole('heading', { name: DIRECTORY_MESSAGES.empty }).parentElement!).getByRole('button', {
      name: DIRECTORY_MESSAGES.clearFilters,
    });
    await user.click(clear);
    await waitFor(() => expect(router.state.location.search).toBe('?sort=name'));
    expect(await screen.findByRole('link', { name: 'Blake Chen' })).toBeInTheDocument();
    expect(lastParams(fetchMock)).toEqual({ sort: 'name' });
    expect(screen.getByRole('searchbox', { name: DIRECTORY_MESSAGES.searchLabel })).toHaveValue('');
  });

  it('shows the error with Retry when the list fails to load', async () => {
    let fail = true;
    directoryApi(() => (fail ? apiError(400, 'BAD_REQUEST', 'Directory is broken') : json(pageOf([ALEX]))));
    const user = userEvent.setup();
    renderApp('/user-directory');
    expect(await screen.findByText(DIRECTORY_MESSAGES.loadError, {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText('Directory is broken')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Alex Moreno' })).toBeInTheDocument();
  });

  it('is not a page for limited members: the path goes to the slug handler, the directory is never asked', async () => {
    const fetchMock = mockApi({ ...signedInAs(makeMe({ accountType: 'community_only', applicationStatus: 'approved' })) });
    renderApp('/user-directory');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, LOAD)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/slugs/user-directory')).toBe(true);
    expect(directoryCalls(fetchMock)).toHaveLength(0);
  });
});
