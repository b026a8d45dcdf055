import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOCATION_MESSAGES } from '@bayclub/shared';
import { realtime } from '#/lib/realtime/realtime-client';
import { apiError, json, mockApi, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeFlags, makeMe } from '#/test/fixtures';
import { makeEventSummary } from '#/features/events/event-fixtures';
import { deferred } from '#/features/posts/post-fixtures';
import { makeCard, page } from './location-fixtures';

const LOAD = { timeout: 5000 };
const BREW = makeCard({ name: 'Buddy Brew Coffee', hereNowCount: 3, photoUrl: '/media/locations/brew.webp' });
const BEACH = makeCard({ name: 'Clearwater Beach', category: 'beach', city: 'clearwater', hereNowCount: 0 });

type FetchMock = ReturnType<typeof mockApi>;
/** The query strings of every GET /api/locations, in order. */
const listQueries = (fetchMock: FetchMock) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === '/api/locations')
    .map((url) => Object.fromEntries(url.searchParams));

function openList(list: Handler, extra: Record<string, Handler> = {}, me = makeMe()) {
  const fetchMock = mockApi({
    ...signedInAs(me),
    'GET /api/locations': list,
    'GET /api/me/location-settings': () => json({ defaultVisibility: 'connections' }),
    ...extra,
  });
  const app = renderApp('/locations');
  return { fetchMock, user: userEvent.setup(), ...app };
}

function fakeGeolocation(answer: { coords: { latitude: number; longitude: number; accuracy: number } } | { code: number }) {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail: PositionErrorCallback) => {
    if ('coords' in answer) ok(answer as GeolocationPosition);
    else fail(answer as GeolocationPositionError);
  });
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}
afterEach(() => {
  Object.defineProperty(navigator, 'geolocation', { value: undefined, configurable: true });
});

describe('/locations', () => {
  it('lists places with photo, name, category, city and how many are here now, each a link to its page', async () => {
    openList(() => json(page([BREW, BEACH])));
    expect(await screen.findByRole('heading', { level: 1, name: LOCATION_MESSAGES.title }, LOAD)).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Places' });
    const [brew, beach] = within(list).getAllByRole('listitem');
    expect(within(brew!).getByRole('link', { name: 'Buddy Brew Coffee' })).toHaveAttribute('href', `/locations/${BREW.id}`);
    expect(brew).toHaveTextContent('Cafe');
    expect(brew).toHaveTextContent('Tampa');
    expect(brew).toHaveTextContent('3 members here now');
    expect(brew!.querySelector('img')).toHaveAttribute('src', '/media/locations/brew-160.webp');
    expect(beach).toHaveTextContent('Beach');
    expect(beach).toHaveTextContent('0 members here now');
    expect(brew).not.toHaveTextContent(' km');
  });

  it('filters by category, city and a search (after typing stops), keeping them in the URL', async () => {
    const { fetchMock, user, router } = openList(() => json(page([BREW])));
    await screen.findByRole('list', { name: 'Places' }, LOAD);
    await user.click(screen.getByRole('button', { name: 'Cafe' }));
    expect(screen.getByRole('button', { name: 'Cafe' })).toHaveAttribute('aria-pressed', 'true');
    await user.selectOptions(screen.getByLabelText('City'), 'tampa');
    await user.type(screen.getByLabelText(LOCATION_MESSAGES.searchLabel), 'brew');
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toEqual({ category: 'cafe', city: 'tampa', q: 'brew' }));
    expect(router.state.location.search).toBe('?category=cafe&city=tampa&q=brew');
    // A second tap on the chosen category shows every category again.
    await user.click(screen.getByRole('button', { name: 'Cafe' }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toEqual({ city: 'tampa', q: 'brew' }));
  });

  it('sorts nearest first once the member shares their position (asked only on the tap), with distances', async () => {
    const near = [makeCard({ ...BREW, distanceKm: 0.35 }), makeCard({ ...BEACH, distanceKm: 31.2 })];
    const getCurrentPosition = fakeGeolocation({ coords: { latitude: 27.94221, longitude: -82.45811, accuracy: 12 } });
    const { fetchMock, user } = openList(({ url }) => json(page(new URL(url, 'http://x').searchParams.has('lat') ? near : [BREW, BEACH])));
    await screen.findByRole('list', { name: 'Places' }, LOAD);
    expect(getCurrentPosition).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: LOCATION_MESSAGES.nearMe }));
    const list = await screen.findByRole('list', { name: 'Places, nearest first' });
    expect(listQueries(fetchMock).at(-1)).toEqual({ lat: '27.9422', lng: '-82.4581' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('350 m');
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('31 km');
    expect(screen.getByRole('button', { name: LOCATION_MESSAGES.nearMe })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: LOCATION_MESSAGES.nearMe }));
    expect(await screen.findByRole('list', { name: 'Places' })).toBeInTheDocument();
  });

  it('says clearly when the member refuses to share their position, and keeps the list by name', async () => {
    fakeGeolocation({ code: 1 });
    const { fetchMock, user } = openList(() => json(page([BREW])));
    await screen.findByRole('list', { name: 'Places' }, LOAD);
    await user.click(screen.getByRole('button', { name: LOCATION_MESSAGES.nearMe }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LOCATION_MESSAGES.nearMeDenied);
    expect(screen.getByRole('button', { name: LOCATION_MESSAGES.nearMe })).toHaveAttribute('aria-pressed', 'false');
    expect(listQueries(fetchMock).every((q) => !('lat' in q))).toBe(true);
  });

  it('loads the next page with Load more', async () => {
    const { fetchMock, user } = openList(({ url }) =>
      json(new URL(url, 'http://x').searchParams.get('cursor') === 'next' ? page([BEACH]) : page([BREW], 'next')),
    );
    await screen.findByRole('list', { name: 'Places' }, LOAD);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Clearwater Beach' })).toBeInTheDocument();
    expect(listQueries(fetchMock).at(-1)).toEqual({ cursor: 'next' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows an empty state with Clear filters, and an error with Retry', async () => {
    let fail = true;
    const { user } = openList(() => (fail ? apiError(500, 'INTERNAL', 'Something went wrong') : json(page([]))));
    expect(await screen.findByText('Could not load places', {}, LOAD)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(LOCATION_MESSAGES.empty)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Beach' }));
    await user.click(await screen.findByRole('button', { name: 'Clear filters' }));
    expect(screen.getByRole('button', { name: 'Beach' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('reads the counts again when someone checks in where the member may see it', async () => {
    let count = 0;
    openList(() => json(page([makeCard({ ...BREW, hereNowCount: count })])));
    expect(await screen.findByText('0 members here now', {}, LOAD)).toBeInTheDocument();
    count = 1;
    act(() => realtime.emitForTest({ type: 'location:here-now', locationId: BREW.id }));
    expect(await screen.findByText('1 member here now')).toBeInTheDocument();
  });

  it('saves the default visibility of check-ins', async () => {
    const saved: unknown[] = [];
    const { user } = openList(() => json(page([BREW])), {
      'PUT /api/me/location-settings': ({ body }) => (saved.push(body), json(body)),
    });
    await user.click(await screen.findByText('Check-in privacy:', { exact: false }, LOAD));
    const select = await screen.findByLabelText(LOCATION_MESSAGES.defaultVisibility);
    await waitFor(() => expect(select).toHaveValue('connections'));
    await user.selectOptions(select, 'public');
    await waitFor(() => expect(saved).toEqual([{ defaultVisibility: 'public' }]));
    expect(await screen.findByText(LOCATION_MESSAGES.settingsSaved)).toBeInTheDocument();
    expect(screen.getByText(/Members see you here now/)).toBeInTheDocument();
  });

  it('gives managers New place and the deactivated places; members get neither', async () => {
    const manager = openList(() => json(page([makeCard({ ...BEACH, active: false })])), {}, makeMe({}, { isAdmin: true }));
    await screen.findByRole('list', { name: 'Places' }, LOAD);
    expect(screen.getByRole('button', { name: LOCATION_MESSAGES.newPlace })).toBeInTheDocument();
    await manager.user.click(screen.getByRole('button', { name: 'Show deactivated' }));
    await waitFor(() => expect(listQueries(manager.fetchMock).at(-1)).toEqual({ includeInactive: 'true' }));
    expect(await screen.findByText(LOCATION_MESSAGES.inactiveBadge)).toBeInTheDocument();
  });

  it('tells a limited member without view_locations that places are not for them, and lists nothing', async () => {
    const limited = makeMe({ accountType: 'community_only' });
    const { fetchMock } = openList(() => json(page([BREW])), { 'GET /api/permissions': () => json({ flags: makeFlags({ checkin_locations: true, scan_qr_codes: true }) }) }, limited);
    expect(await screen.findByText(LOCATION_MESSAGES.viewNotAllowed, {}, LOAD)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: LOCATION_MESSAGES.scanCode })).toBeInTheDocument();
    expect(listQueries(fetchMock)).toEqual([]);
    expect(screen.queryByRole('button', { name: LOCATION_MESSAGES.newPlace })).not.toBeInTheDocument();
  });

  it('lists places for a limited member with view_locations, without New place', async () => {
    const limited = makeMe({ accountType: 'community_only' });
    openList(() => json(page([BREW])), { 'GET /api/permissions': () => json({ flags: makeFlags({ view_locations: true }) }) }, limited);
    expect(await screen.findByRole('link', { name: 'Buddy Brew Coffee' }, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: LOCATION_MESSAGES.newPlace })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: LOCATION_MESSAGES.scanCode })).not.toBeInTheDocument();
  });

  it('maps the listed places with a position, as named pins; a place with upcoming events says so and links them', async () => {
    const pier = makeCard({ name: 'The Pier', latitude: 27.7734, longitude: -82.6226 });
    const brew = makeCard({ name: 'Buddy Brew Coffee', latitude: 27.9447, longitude: -82.4853 });
    const nowhere = makeCard({ name: 'Somewhere Unmapped' });
    const social = makeEventSummary({ title: 'Sunset Social', locationId: pier.id });
    const elsewhere = makeEventSummary({ title: 'Elsewhere Meetup', locationId: null });
    const { user } = openList(() => json(page([brew, nowhere, pier])), {
      'GET /api/locations/map-tiles': () => json({ tiles: { urlTemplate: 'http://127.0.0.1:4100/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' } }),
      'GET /api/events': () => json({ items: [social, elsewhere], nextCursor: null }),
    });
    const map = await screen.findByRole('region', { name: /^Map of 2 places/ }, LOAD);
    expect(within(map).getByText('© OpenStreetMap contributors')).toBeInTheDocument();
    expect(within(map).getByRole('button', { name: 'Buddy Brew Coffee' })).toHaveAttribute('tabindex', '0');
    const pin = await within(map).findByRole('button', { name: 'The Pier, 1 upcoming event' });
    expect(screen.getByText(/1 of these places have no position on the map yet/)).toBeInTheDocument();
    // The list stays, whole: the map is a second view.
    expect(within(screen.getByRole('list', { name: 'Places' })).getAllByRole('listitem')).toHaveLength(3);

    await user.click(pin);
    const events = await screen.findByRole('list', { name: 'Upcoming events at The Pier' });
    expect(within(events).getByRole('link', { name: 'Sunset Social' })).toHaveAttribute('href', `/events/${social.id}`);
    expect(within(map).getByRole('link', { name: 'The Pier' })).toHaveAttribute('href', `/locations/${pier.id}`);
    expect(screen.queryByText('Elsewhere Meetup')).toBeNull();
  });

  it("renames a place's pin when its upcoming events arrive after the pin is drawn", async () => {
    const pier = makeCard({ name: 'The Pier', latitude: 27.7734, longitude: -82.6226 });
    const brew = makeCard({ name: 'Buddy Brew Coffee', latitude: 27.9447, longitude: -82.4853 });
    const events = deferred();
    openList(() => json(page([brew, pier])), {
      'GET /api/locations/map-tiles': () => json({ tiles: { urlTemplate: 'http://127.0.0.1:4100/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' } }),
      'GET /api/events': () => events.promise,
    });
    const map = await screen.findByRole('region', { name: /^Map of 2 places/ }, LOAD);
    const pin = within(map).getByRole('button', { name: 'The Pier' });
    events.resolve(json({ items: [makeEventSummary({ title: 'Sunset Social', locationId: pier.id })], nextCursor: null }));
    await waitFor(() => expect(pin).toHaveAccessibleName('The Pier, 1 upcoming event'));
  });

  it('shows no map when the server has maps off', async () => {
    openList(() => json(page([makeCard({ name: 'The Pier', latitude: 27.7734, longitude: -82.6226 })])), { 'GET /api/locations/map-tiles': () => json({ tiles: null }) });
    expect(await screen.findByRole('link', { name: 'The Pier' }, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Map of/ })).toBeNull();
  });
});
