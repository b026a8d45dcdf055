import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  SEARCH_HISTORY_KEY,
  SEARCH_LIMITS,
  SEARCH_MESSAGES,
  type SearchHistoryEntry,
  type SearchResponse,
  type SearchResult,
} from '@bayclub/shared';
import { json, mockApi, never, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { closeGlobalSearch } from './search-store';

const LOAD = { timeout: 5000 };

const ANA: SearchResult = {
  type: 'user',
  id: '11111111-1111-4111-8111-111111111111',
  fullName: 'Ana <b>Tampa</b> Lopez',
  username: 'anatampa',
  bio: 'Runs in Tampa every morning',
  profilePictureUrl: null,
  isVerified: true,
  linkedInstagram: 'ana.runs',
};
const NOUSERNAME: SearchResult = { ...ANA, id: '11111111-1111-4111-8111-111111111112', fullName: 'Bo Tampa', username: null, isVerified: false, bio: null };
const YOGIS: SearchResult = {
  type: 'community',
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Tampa Yogis',
  description: 'Yoga by the bay',
  urlSlug: 'tampa-yogis',
  avatarUrl: null,
};
const RUN: SearchResult = {
  type: 'event',
  id: '33333333-3333-4333-8333-333333333333',
  title: 'Tampa sunset run',
  description: 'Bring water',
  eventDate: '2031-03-14T23:00:00.000Z',
  timeZone: 'America/New_York',
  city: 'tampa',
  status: 'scheduled',
};
const POST: SearchResult = { type: 'post', id: '44444444-4444-4444-8444-444444444444', content: 'Who is in Tampa this weekend?', createdAt: '2031-03-01T12:00:00.000Z' };

const answer = (q: string, results: SearchResult[], counts: Partial<SearchResponse['counts']> = {}, extra: Partial<SearchResponse> = {}): SearchResponse => ({
  query: q,
  results,
  counts: {
    user: results.filter((r) => r.type === 'user').length,
    community: results.filter((r) => r.type === 'community').length,
    event: results.filter((r) => r.type === 'event').length,
    post: results.filter((r) => r.type === 'post').length,
    place: results.filter((r) => r.type === 'place').length,
    ...counts,
  },
  terms: [q],
  postsSearched: true,
  ...extra,
});

function searchApi(handler: Handler, me = makeMe()) {
  return mockApi({
    ...signedInAs(me),
    'GET /api/directory': () => json({ items: [], nextCursor: null }),
    'GET /api/search': handler,
  });
}
const searchCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost')).filter((u) => u.pathname === '/api/search').map((u) => u.searchParams.get('q'));
const qOf = (url: string) => new URL(url, 'http://localhost').searchParams.get('q') ?? '';

async function openWithShortcut(user: ReturnType<typeof userEvent.setup>, key = 'Control') {
  await screen.findByRole('heading', { level: 1, name: 'People' }, LOAD);
  await user.keyboard(`{${key}>}k{/${key}}`);
  return screen.findByRole('dialog', { name: 'Search' }, LOAD);
}

beforeEach(() => localStorage.clear());
afterEach(() => closeGlobalSearch());

describe('Global search overlay', () => {
  it('opens with Ctrl+K or Cmd+K anywhere in the app, with the input focused; Escape closes it', async () => {
    searchApi(() => json(answer('x', [])));
    const user = userEvent.setup();
    renderApp('/user-directory');
    const dialog = await openWithShortcut(user);
    expect(within(dialog).getByRole('combobox', { name: SEARCH_MESSAGES.inputLabel })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await openWithShortcut(user, 'Meta')).toBeInTheDocument();
  });

  it('searches 300 ms after typing stops, says Searching..., then shows every type grouped, with counts in the tabs', async () => {
    let release: (r: Response) => void = () => {};
    const fetchMock = searchApi(({ url }) =>
      qOf(url) === 'tampa'
        ? new Promise<Response>((resolve) => (release = resolve))
        : json(answer(qOf(url), [])),
    );
    const user = userEvent.setup();
    renderApp('/user-directory');
    const dialog = await openWithShortcut(user);
    await user.type(within(dialog).getByRole('combobox'), 'tampa');
    expect(await within(dialog).findByRole('status')).toHaveTextContent(SEARCH_MESSAGES.searching);
    await waitFor(() => expect(searchCalls(fetchMock)).toEqual(['tampa']));
    release(json(answer('tampa', [ANA, YOGIS, RUN, POST], { user: 12, post: SEARCH_LIMITS.countCap }, { terms: ['tampa'] })));
    const listbox = await within(dialog).findByRole('listbox', { name: 'All results' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('');
    expect(within(listbox).getAllByRole('group').map((g) => g.getAttribute('aria-labelledby') && g.firstElementChild?.textContent)).toEqual([
      'Users',
      'Communities',
      'Events',
      'Posts',
    ]);
    expect(within(listbox).getAllByRole('option')).toHaveLength(4);
    const tabs = within(dialog).getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual([`All${14 + SEARCH_LIMITS.countCap}+`, 'Users12', 'Communities1', 'Events1', `Posts${SEARCH_LIMITS.countCap}+`, 'Places0']);
    // The event's date in its own zone (7:00 PM in New York).
    expect(within(listbox).getByRole('option', { name: 'Tampa sunset run' })).toHaveAccessibleDescription('Fri, Mar 14, 7:00 PM · Bring water');
    // A member's Instagram handle linked through Instagram shows with its mark.
    const ana = within(listbox).getAllByRole('option')[0]!;
    expect(ana).toHaveTextContent('Instagram @ana.runs');
    expect(within(ana).getByRole('img', { name: 'Verified Instagram account', hidden: true })).toBeInTheDocument();
    // One request per pause, never one per keystroke.
    expect(searchCalls(fetchMock)).toEqual(['tampa']);
  });

  it('marks the matched words, as text (never HTML)', async () => {
    searchApi(({ url }) => json(answer(qOf(url), [ANA], {}, { terms: ['tampa', 'tampa lopez'] })));
    const user = userEvent.setup();
    const { container } = renderApp('/user-directory');
    const dialog = await openWithShortcut(user);
    await user.type(within(dialog).getByRole('combobox'), 'tampa');
    const option = await within(dialog).findByRole('option', {}, LOAD);
    expect(option).toHaveTextContent('Ana <b>Tampa</b> Lopez');
    expect(container.ownerDocument.querySelector('[role=option] b')).toBeNull();
    expect([...option.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Tampa', 'tampa', 'Tampa']);
    expect(within(option).getByText('Verified account')).toBeInTheDocument();
  });

  it('arrows move through the options (wrapping), Enter opens the spec\'s target and remembers the search', async () => {
    searchApi(({ url }) => json(answer(qOf(url), [ANA, NOUSERNAME, YOGIS, RUN, POST])));
    const user = userEvent.setup();
    const { router } = renderApp('/user-directory');
    const dialog = await openWithShortcut(user);
    const input = within(dialog).getByRole('combobox');
    await user.type(input, 'tampa');
    const options = await within(dialog).findAllByRole('option', {}, LOAD);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', within(dialog).getByRole('listbox').id);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[4]!.id);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/tampa-yogis'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const stored = JSON.parse(localStorage.getItem(SEARCH_HISTORY_KEY)!) as SearchHistoryEntry[];
    expect(stored).toEqual([{ query: 'tampa', type: 'community', timestamp: expect.any(Number) }]);
  });

  it('results lead to /{username or id}, /{url_slug or id}, /events/{id} and the post\'s page', async () => {
    searchApi(({ url }) => json(answer(qOf(url), [ANA, NOUSERNAME, YOGIS, RUN, POST])));
    const user = userEvent.setup();
    const { router } = renderApp('/user-directory');
    const targets = ['/anatampa', `/${NOUSERNAME.id}`, '/tampa-yogis', `/events/${RUN.id}`, `/community/posts/${POST.id}`];
    for (const [i, target] of targets.entries()) {
      const dialog = await openWithShortcut(user);
      await user.type(within(dialog).getByRole('combobox'), 'tampa');
      const options = await within(dialog).findAllByRole('option', {}, LOAD);
      await user.click(options[i]!);
      await waitFor(() => expect(router.state.location.pathname).toBe(target));
      await router.navigate('/user-directory');
    }
  });

  it('tabs show one type; a tab without matches and a query without any say "No results found"', async () => {
    searchApi(({ url }) => json(qOf(url) === 'zzz' ? answer('zzz', []) : answer(qOf(url), [ANA, YOGIS])));
    const user = userEvent.setup();
    renderApp('/user-directory');
    const dialog = await openWithShortcut(user);
    const input = within(dialog).getByRole('combobox');
    await user.type(input, 'tampa');
    await within(dialog).findAllByRole('option', {}, LOAD);
    await user.click(within(dialog).getByRole('tab', { name: /^Communities/ }));
    expect(within(dialog).getByRole('listbox', { name: 'Communities results' })).toBeInTheDocument();
    expect(within(dialog).getAllByRole('option').map((o) => o.getAttribute('data-type'))).toEqual(['community']);
    await user.click(within(dialog).getByRole('tab', { name: /^Events/ }));
    expect(within(dialog).getByText('No results found for "tampa"')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'zzz');
    expect(await within(dialog).findByText('No results found for "zzz"', {}, LOAD)).toBeInTheDocument();
  });

  it('a two-letter query says posts need three; one letter or nothing asks nothing and shows the recent searches', async () => {
    const fetchMock = searchApi(({ url }) => json(answer(qOf(url), [], {}, { postsSearched: qOf(url).length >= 3 })));
    const user = userEvent.setup();
    renderApp('/user-directory');
    const dialog = await openWithShortcut(user);
    const input = within(dialog).getByRole('combobox');
    await user.type(input, 'a');
    await new Promise((r) => setTimeout(r, 400));
    expect(searchCalls(fetchMock)).toEqual([]);
    await user.type(input, 'b');
    expect(await within(dialog).findByText(SEARCH_MESSAGES.postsNeedMore, {}, LOAD)).toBeInTheDocument();
    expect(searchCalls(fetchMock)).toEqual(['ab']);
  });

  it('recent searches: the last five of the ten kept; choosing one searches it again in its tab; Clear forgets them', async () => {
    const kept: SearchHistoryEntry[] = Array.from({ length: 10 }, (_, i) => ({ query: `query ${i}`, type: i === 0 ? 'event' : 'all', timestamp: 1000 - i }));
    localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(kept));
    const fetchMock = searchApi(({ url }) => json(answer(qOf(url), [RUN])));
    const user = userEvent.setup();
    renderApp('/user-directory');
    const dialog = await openWithShortcut(user);
    const recent = within(dialog).getByRole('listbox', { name: SEARCH_MESSAGES.recent });
    expect(within(recent).getAllByRole('option').map((o) => o.textContent)).toEqual(['query 0Events', 'query 1', 'query 2', 'query 3', 'query 4']);
    expect(searchCalls(fetchMock)).toEqual([]);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(within(dialog).getByRole('combobox')).toHaveValue('query 0');
    expect(await within(dialog).findByRole('tab', { name: /^Events/, selected: true }, LOAD)).toBeInTheDocument();
    await waitFor(() => expect(searchCalls(fetchMock)).toEqual(['query 0']));
    await user.clear(within(dialog).getByRole('combobox'));
    await user.click(within(dialog).getByRole('button', { name: 'Clear recent searches' }));
    expect(within(dialog).queryByRole('listbox')).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(SEARCH_HISTORY_KEY)!)).toEqual([]);
  });

  it('a failed search is only logged (spec 8)', async () => {
    searchApi(() => json({ error: { code: 'BAD_REQUEST', message: 'Search at most 100 characters' } }, 400));
    const user = userEvent.setup();
    renderApp('/user-directory');
    const dialog = await openWithShortcut(user);
    const warn = console.warn;
    const warned: unknown[] = [];
    console.warn = (...args: unknown[]) => void warned.push(args[0]);
    try {
      await user.type(within(dialog).getByRole('combobox'), 'tampa');
      await waitFor(() => expect(warned).toEqual(['Search failed']));
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
      expect(within(dialog).queryByText(/No results/)).not.toBeInTheDocument();
    } finally {
      console.warn = warn;
    }
  });

  it('applicants have neither the shortcut nor the Settings menu entry', async () => {
    mockApi({ ...signedInAs(makeMe({ accountType: 'community_only', applicationStatus: 'pending' })), 'GET /api/search': never });
    const user = userEvent.setup();
    renderApp('/profile');
    await screen.findByRole('button', { name: 'Settings' }, LOAD);
    await user.keyboard('{Control>}k{/Control}');
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    expect(await screen.findByRole('menuitem', { name: 'Profile Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Search' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Search' })).not.toBeInTheDocument();
  });
});
