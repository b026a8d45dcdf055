import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOCATION_MESSAGES, type LocationView } from '@bayclub/shared';
import { realtime } from '#/lib/realtime/realtime-client';
import { makeEvent, makeEventSummary } from '#/features/events/event-fixtures';
import { apiError, json, mockApi, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeFlags, makeMe } from '#/test/fixtures';
import { checkedIn, makeCheckIn, makeLocationMember, makePlace, minutesAgo, page, PLACE_ID, refusal } from './location-fixtures';

const LOAD = { timeout: 5000 };
const PLACE_PATH = `/api/locations/${PLACE_ID}`;
const CHECK_INS = `${PLACE_PATH}/check-ins`;

function openPlace(place: () => LocationView, extra: Record<string, Handler> = {}, me = makeMe()) {
  const fetchMock = mockApi({ ...signedInAs(me), [`GET ${PLACE_PATH}`]: () => json(place()), ...extra });
  const app = renderApp(`/locations/${PLACE_ID}`);
  return { fetchMock, user: userEvent.setup(), ...app };
}
const posted = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && String(url) === path).map(([, init]) => JSON.parse(String(init?.body)) as unknown);

let uaSpy: { mockRestore: () => void } | null = null;
afterEach(() => {
  uaSpy?.mockRestore();
  uaSpy = null;
  Object.defineProperty(navigator, 'geolocation', { value: undefined, configurable: true });
});
const userAgent = (ua: string) => (uaSpy = vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ua));

describe('/locations/:id: the place', () => {
  it('shows details, photos, opening hours, the map link, who is here now, recent check-ins and events here', async () => {
    const ada = makeCheckIn({ member: makeLocationMember({ fullName: 'Ada Lovelace' }), createdAt: minutesAgo(25) });
    const ben = makeCheckIn({ member: makeLocationMember({ fullName: 'Ben Ortiz' }), visibility: 'connections', hereNow: false, createdAt: minutesAgo(60 * 26) });
    const event = makeEventSummary({ title: 'Rooftop Social' });
    const { user } = openPlace(() =>
      makePlace({
        photos: [
          { id: 'a1b2c3d4-0000-4000-8000-000000000001', url: '/media/locations/one.webp' },
          { id: 'a1b2c3d4-0000-4000-8000-000000000002', url: '/media/locations/two.webp' },
        ],
        hereNow: [ada],
        hereNowCount: 4,
        recent: [ben],
        events: [event],
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'The Pier' }, LOAD)).toBeInTheDocument();
    expect(screen.getByText('600 2nd Ave NE, St Pete')).toBeInTheDocument();
    expect(screen.getByText('Daily 10am-10pm')).toBeInTheDocument();
    expect(screen.getByText('Five storeys over the bay, with a rooftop bar.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'The Pier, photo 1 of 2' })).toHaveAttribute('src', '/media/locations/one.webp');
    await user.click(screen.getByRole('button', { name: 'Show photo 2' }));
    expect(screen.getByRole('img', { name: 'The Pier, photo 2 of 2' })).toHaveAttribute('src', '/media/locations/two.webp');

    const here = screen.getByRole('list', { name: 'Members here now' });
    expect(within(here).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', `/view-profile/${ada.member.id}`);
    expect(here).toHaveTextContent('and 3 more');
    expect(screen.getByText('4 members here now')).toBeInTheDocument();
    const recent = screen.getByRole('list', { name: LOCATION_MESSAGES.recentCheckIns });
    expect(recent).toHaveTextContent('Ben Ortiz');
    expect(recent).toHaveTextContent('Connections only');
    expect(screen.getByRole('link', { name: 'Rooftop Social' })).toHaveAttribute('href', `/events/${event.id}`);
    // No tile server: no embedded map, only the link to the member's map app.
    expect(screen.queryByRole('img', { name: 'Map around The Pier' })).not.toBeInTheDocument();
  });

  it('does not name the city twice when the address already does', async () => {
    openPlace(() => makePlace({ address: '600 N Ashley Dr, Tampa', city: 'tampa' }));
    expect(await screen.findByText('600 N Ashley Dr, Tampa', {}, LOAD)).toBeInTheDocument();
  });

  it.each([
    ['Android', 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126 Mobile', /^geo:27\.7734,-82\.6226/],
    ['iPhone', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15', /^https:\/\/maps\.apple\.com\//],
    ['a desktop', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126', /^https:\/\/www\.google\.com\/maps\//],
  ])('opens the map app of %s', async (_name, ua, href) => {
    userAgent(ua);
    openPlace(() => makePlace());
    const link = await screen.findByRole('link', { name: /Open in Maps/ }, LOAD);
    expect(link.getAttribute('href')).toMatch(href);
  });

  it('embeds a map (Leaflet, loaded on demand) with the place as a named pin only when the server names a tile source', async () => {
    const place = makePlace();
    openPlace(() => ({ ...place, map: { ...place.map, tiles: { urlTemplate: 'https://tiles.example/{z}/{x}/{y}.png', attribution: '© Map contributors' } } }));
    const map = await screen.findByRole('region', { name: /^Map around The Pier/ }, LOAD);
    // The tile under The Pier at zoom 15 (Web Mercator: x 8863, y 13750) is among those the map asks for.
    await waitFor(() => expect([...map.querySelectorAll('img.leaflet-tile')].map((img) => img.getAttribute('src'))).toContain('https://tiles.example/15/8863/13750.png'));
    expect(within(map).getByRole('button', { name: 'The Pier' })).toHaveAttribute('tabindex', '0');
    expect(within(map).getByText('© Map contributors')).toBeInTheDocument();
  });

  it('shows no map without a tile source or without coordinates', async () => {
    const place = makePlace();
    openPlace(() => ({ ...place, map: { ...place.map, latitude: null, longitude: null, tiles: { urlTemplate: 'https://tiles.example/{z}/{x}/{y}.png', attribution: '' } } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'The Pier' }, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Map around/ })).toBeNull();
  });

  it('shows a new arrival live when the server says who is here changed', async () => {
    let hereNow = [] as LocationView['hereNow'];
    openPlace(() => makePlace({ hereNow, hereNowCount: hereNow.length }));
    expect(await screen.findByText(LOCATION_MESSAGES.nobodyHere, {}, LOAD)).toBeInTheDocument();
    hereNow = [makeCheckIn({ member: makeLocationMember({ fullName: 'Cleo Park' }) })];
    act(() => realtime.emitForTest({ type: 'location:here-now', locationId: PLACE_ID }));
    expect(await screen.findByRole('list', { name: 'Members here now' })).toHaveTextContent('Cleo Park');
    expect(screen.getByText('1 member here now')).toBeInTheDocument();
  });

  it('loads older check-ins from the page’s cursor', async () => {
    const older = makeCheckIn({ member: makeLocationMember({ fullName: 'Dana Wu' }), hereNow: false, createdAt: minutesAgo(60 * 30) });
    const { fetchMock, user } = openPlace(() => makePlace({ recent: [makeCheckIn({ hereNow: false, createdAt: minutesAgo(300) })], recentNextCursor: 'c1' }), {
      [`GET ${CHECK_INS}`]: () => json(page([older])),
    });
    await user.click(await screen.findByRole('button', { name: 'Load more' }, LOAD));
    expect(await screen.findByText('Dana Wu')).toBeInTheDocument();
    const asked = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(CHECK_INS));
    expect(asked).toEqual([`${CHECK_INS}?cursor=c1`]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('answers an unknown, deactivated or hidden place with one not-found page', async () => {
    openPlace(() => makePlace(), { [`GET ${PLACE_PATH}`]: () => apiError(404, 'NOT_FOUND', LOCATION_MESSAGES.notFound) });
    expect(await screen.findByRole('heading', { level: 1, name: LOCATION_MESSAGES.notFound }, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all places' })).toHaveAttribute('href', '/locations');
  });

  it('does not ask for a place a limited member may not see', async () => {
    const { fetchMock } = openPlace(() => makePlace(), { 'GET /api/permissions': () => json({ flags: makeFlags() }) }, makeMe({ accountType: 'community_only' }));
    expect(await screen.findByRole('heading', { level: 1, name: LOCATION_MESSAGES.viewNotAllowed }, LOAD)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === PLACE_PATH)).toBe(false);
  });
});

describe('/locations/:id: checking in', () => {
  function fakePosition(latitude: number, longitude: number) {
    const getCurrentPosition = vi.fn((ok: PositionCallback) => ok({ coords: { latitude, longitude, accuracy: 8 } } as GeolocationPosition));
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  }

  it('checks in by position with the visibility chosen (the default preselected), and says so', async () => {
    fakePosition(27.77351, -82.62248);
    let mine: LocationView['mine'] = null;
    const result = checkedIn({ events: [{ id: 'e7e70000-0000-4000-8000-000000000009', title: 'Rooftop Social' }] });
    const { fetchMock, user } = openPlace(() => makePlace({ mine, nextCheckInAt: mine ? new Date(Date.now() + 3 * 3600_000).toISOString() : null }), {
      [`POST ${CHECK_INS}`]: () => ((mine = { ...result.checkIn!, visibility: 'public' }), json(result, 201)),
    });
    const panel = await screen.findByRole('region', { name: LOCATION_MESSAGES.checkIn }, LOAD);
    expect(within(panel).getByRole('radio', { name: /Connections only/ })).toBeChecked();
    await user.click(within(panel).getByRole('radio', { name: /Public/ }));
    await user.click(within(panel).getByRole('button', { name: LOCATION_MESSAGES.checkInWithPosition }));
    expect(await within(panel).findByText(LOCATION_MESSAGES.checkedIn)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Also checked in at Rooftop Social' })).toHaveAttribute('href', '/events/e7e70000-0000-4000-8000-000000000009');
    expect(posted(fetchMock, CHECK_INS)).toEqual([{ position: { latitude: 27.77351, longitude: -82.62248 }, visibility: 'public' }]);
    // The page is read again: the member's check-in (its actions), and when they may check in again; one
    // confirmation only (issue 21: the answer card, not a second "checked in here" under it).
    expect(await within(panel).findByText(/You can check in here again at/)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: LOCATION_MESSAGES.checkOut })).toBeInTheDocument();
    expect(within(panel).queryByText(LOCATION_MESSAGES.youAreHere)).not.toBeInTheDocument();
    expect(within(panel).getAllByText(/checked in/i).filter((el) => el.tagName === 'P')).toHaveLength(1);
    expect(within(panel).queryByRole('button', { name: LOCATION_MESSAGES.checkInWithPosition })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal when the member is too far away', async () => {
    fakePosition(27.9506, -82.4572);
    const { user } = openPlace(() => makePlace(), { [`POST ${CHECK_INS}`]: () => json(refusal('too_far', LOCATION_MESSAGES.tooFar), 422) });
    await user.click(await screen.findByRole('button', { name: LOCATION_MESSAGES.checkInWithPosition }, LOAD));
    const alert = await screen.findByText(LOCATION_MESSAGES.tooFar);
    expect(alert.closest('[role="alert"]')).not.toBeNull();
  });

  it('explains a refused position permission without sending anything', async () => {
    Object.defineProperty(navigator, 'geolocation', {
      value: { getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) => fail({ code: 1 } as GeolocationPositionError) },
      configurable: true,
    });
    const { fetchMock, user } = openPlace(() => makePlace());
    await user.click(await screen.findByRole('button', { name: LOCATION_MESSAGES.checkInWithPosition }, LOAD));
    expect(await screen.findByText(/Location permission was denied/)).toBeInTheDocument();
    expect(posted(fetchMock, CHECK_INS)).toEqual([]);
  });

  it('offers only the ways the place allows: no position without coordinates, no scanner without scan_qr_codes', async () => {
    openPlace(() => makePlace({ permissions: { canEdit: false, canGenerateQr: false, canManageManagers: false, canCheckIn: true, canCheckInByPosition: false, canScan: false } }));
    const panel = await screen.findByRole('region', { name: LOCATION_MESSAGES.checkIn }, LOAD);
    expect(within(panel).queryByRole('button', { name: LOCATION_MESSAGES.checkInWithPosition })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: LOCATION_MESSAGES.scanCode })).not.toBeInTheDocument();
    expect(panel).toHaveTextContent(LOCATION_MESSAGES.posterHint);
  });

  it('lets the member check out, and delete their check-in after confirming', async () => {
    const mine = makeCheckIn({ isMine: true, visibility: 'private', createdAt: minutesAgo(10) });
    const calls: string[] = [];
    const { user } = openPlace(() => makePlace({ mine, nextCheckInAt: new Date(Date.now() + 2 * 3600_000).toISOString() }), {
      [`POST /api/locations/check-ins/${mine.id}/check-out`]: () => (calls.push('check-out'), json({ ...mine, checkedOutAt: new Date().toISOString(), hereNow: false })),
      [`DELETE /api/locations/check-ins/${mine.id}`]: () => (calls.push('delete'), new Response(null, { status: 204 })),
    });
    const panel = await screen.findByRole('region', { name: LOCATION_MESSAGES.checkIn }, LOAD);
    expect(panel).toHaveTextContent('Private');
    await user.click(within(panel).getByRole('button', { name: LOCATION_MESSAGES.checkOut }));
    expect(await screen.findByText(LOCATION_MESSAGES.checkedOut)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: LOCATION_MESSAGES.deleteCheckIn }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this check-in?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls).toEqual(['check-out', 'delete']));
    expect(await screen.findByText(LOCATION_MESSAGES.checkInDeleted)).toBeInTheDocument();
  });
});

describe('an event held at one of the places', () => {
  const event = makeEvent({ locationId: PLACE_ID, venue: 'The Pier' });
  const open = (me = makeMe(), flags = makeFlags()) => {
    mockApi({
      ...signedInAs(me),
      'GET /api/permissions': () => json({ flags }),
      [`GET /api/events/${event.id}`]: () => json(event),
      [`GET /api/events/${event.id}/attendees`]: () => json(page([])),
    });
    renderApp(`/events/${event.id}`);
  };

  it('links its venue to the place’s page', async () => {
    open();
    expect(await screen.findByRole('link', { name: 'The Pier' }, LOAD)).toHaveAttribute('href', `/locations/${PLACE_ID}`);
  });

  it('names the venue without a link for a limited member who may not see places', async () => {
    open(makeMe({ accountType: 'community_only' }));
    expect(await screen.findByRole('heading', { level: 1, name: event.title }, LOAD)).toBeInTheDocument();
    expect(screen.getByText('The Pier')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'The Pier' })).not.toBeInTheDocument();
  });
});
