import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOCATION_MESSAGES, type LocationQrView, type LocationView } from '@bayclub/shared';
import { json, mockApi, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { fileInputBeside } from '#/test/file-input';
import { MANAGER_PERMISSIONS, makePlace, page, PLACE_ID } from './location-fixtures';

const LOAD = { timeout: 5000 };
const PLACE_PATH = `/api/locations/${PLACE_ID}`;
const admin = makeMe({}, { isAdmin: true });

const bodies = (fetchMock: ReturnType<typeof mockApi>, method: string, path: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => init?.method === method && String(url) === path)
    .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body));

afterEach(() => {
  Object.defineProperty(navigator, 'geolocation', { value: undefined, configurable: true });
});

describe('New place (managers, from /locations)', () => {
  function openCreate(extra: Record<string, Handler> = {}) {
    let created: LocationView | null = null;
    const fetchMock = mockApi({
      ...signedInAs(admin),
      'GET /api/locations': () => json(page([])),
      'GET /api/me/location-settings': () => json({ defaultVisibility: 'connections' }),
      'POST /api/locations': ({ body }) => {
        created = makePlace({ ...(body as Partial<LocationView>), permissions: MANAGER_PERMISSIONS });
        return json(created, 201);
      },
      [`GET ${PLACE_PATH}`]: () => json(created),
      ...extra,
    });
    const app = renderApp('/locations');
    return { fetchMock, user: userEvent.setup(), ...app };
  }

  it('checks the fields with the shared schema’s messages before sending', async () => {
    const { fetchMock, user } = openCreate();
    await user.click(await screen.findByRole('button', { name: LOCATION_MESSAGES.newPlace }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: LOCATION_MESSAGES.newPlace });
    await user.click(within(dialog).getByRole('button', { name: 'Create place' }));
    expect(await within(dialog).findByText(LOCATION_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(LOCATION_MESSAGES.category)).toBeInTheDocument();
    expect(within(dialog).getByText(LOCATION_MESSAGES.addressRequired)).toBeInTheDocument();
    // The schema's cross-field rule speaks once the fields themselves are right.
    await user.type(within(dialog).getByLabelText('Name'), 'The Bricks');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'bar');
    await user.type(within(dialog).getByLabelText('Address'), '1327 E 7th Ave');
    await user.type(within(dialog).getByLabelText('Latitude'), '27.95');
    await user.click(within(dialog).getByRole('button', { name: 'Create place' }));
    expect(await within(dialog).findByText(LOCATION_MESSAGES.coordinatesTogether)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Longitude'), 'west');
    await user.click(within(dialog).getByRole('button', { name: 'Create place' }));
    expect(await within(dialog).findByText(LOCATION_MESSAGES.longitude)).toBeInTheDocument();
    expect(bodies(fetchMock, 'POST', '/api/locations')).toEqual([]);
  });

  it('creates a place (coordinates from the device), then offers photos, then opens the new place', async () => {
    Object.defineProperty(navigator, 'geolocation', {
      value: { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: 27.96151234, longitude: -82.4441999, accuracy: 5 } } as GeolocationPosition) },
      configurable: true,
    });
    const { fetchMock, user, router } = openCreate({
      [`POST ${PLACE_PATH}/photos`]: () => json(makePlace({ photos: [{ id: 'a1b2c3d4-0000-4000-8000-000000000001', url: '/media/locations/p.webp' }] }), 201),
    });
    await user.click(await screen.findByRole('button', { name: LOCATION_MESSAGES.newPlace }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: LOCATION_MESSAGES.newPlace });
    await user.type(within(dialog).getByLabelText('Name'), 'Hidden Springs Ale Works');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'bar');
    expect(within(dialog).getByLabelText('City')).toHaveValue('tampa');
    await user.type(within(dialog).getByLabelText('Address'), '1631 N Franklin St');
    await user.click(within(dialog).getByRole('button', { name: 'Use my position' }));
    expect(within(dialog).getByLabelText('Latitude')).toHaveValue('27.961512');
    await user.type(within(dialog).getByLabelText(/Opening hours/), 'Wed-Sun 3pm-11pm');
    await user.click(within(dialog).getByRole('button', { name: 'Create place' }));

    const photos = await screen.findByRole('dialog', { name: 'Add photos' });
    expect(bodies(fetchMock, 'POST', '/api/locations')).toEqual([
      {
        name: 'Hidden Springs Ale Works',
        category: 'bar',
        address: '1631 N Franklin St',
        city: 'tampa',
        latitude: 27.961512,
        longitude: -82.4442,
        description: '',
        openingHours: 'Wed-Sun 3pm-11pm',
        checkInMode: 'poster',
      },
    ]);
    const file = new File([new Uint8Array(2048)], 'bar.jpg', { type: 'image/jpeg' });
    await user.upload(fileInputBeside(within(photos).getByRole('button', { name: 'Add photos' })), file);
    expect(await screen.findByText(LOCATION_MESSAGES.photoAdded)).toBeInTheDocument();
    expect(bodies(fetchMock, 'POST', `${PLACE_PATH}/photos`)[0]).toBeInstanceOf(FormData);
    await user.click(within(photos).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/locations/${PLACE_ID}`));
  });
});

describe('Managing a place from its page', () => {
  function openManaged(place: LocationView, extra: Record<string, Handler> = {}, me = admin) {
    let current = place;
    const fetchMock = mockApi({
      ...signedInAs(me),
      [`GET ${PLACE_PATH}`]: () => json(current),
      [`PATCH ${PLACE_PATH}`]: ({ body }) => ((current = { ...current, ...(body as Partial<LocationView>) }), json(current)),
      ...extra,
    });
    renderApp(`/locations/${PLACE_ID}`);
    return { fetchMock, user: userEvent.setup() };
  }

  it('edits only what changed, coordinates together', async () => {
    const { fetchMock, user } = openManaged(makePlace({ permissions: MANAGER_PERMISSIONS }));
    await user.click(await screen.findByRole('button', { name: 'Edit' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: LOCATION_MESSAGES.editPlace });
    const hours = within(dialog).getByLabelText(/Opening hours/);
    await user.clear(hours);
    await user.type(hours, 'Daily 9am-11pm');
    await user.clear(within(dialog).getByLabelText('Longitude'));
    await user.type(within(dialog).getByLabelText('Longitude'), '-82.6231');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bodies(fetchMock, 'PATCH', PLACE_PATH)).toEqual([{ openingHours: 'Daily 9am-11pm', latitude: 27.7734, longitude: -82.6231 }]));
    expect(await screen.findByText(LOCATION_MESSAGES.saved)).toBeInTheDocument();
    expect(await screen.findByText('Daily 9am-11pm')).toBeInTheDocument();
  });

  it('deletes a photo from the edit dialog', async () => {
    const photo = { id: 'a1b2c3d4-0000-4000-8000-000000000007', url: '/media/locations/old.webp' };
    const { fetchMock, user } = openManaged(makePlace({ permissions: MANAGER_PERMISSIONS, photos: [photo] }), {
      [`DELETE ${PLACE_PATH}/photos/${photo.id}`]: () => json(makePlace({ permissions: MANAGER_PERMISSIONS })),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: LOCATION_MESSAGES.editPlace });
    await user.click(within(dialog).getByRole('button', { name: 'Delete photo 1' }));
    expect(await screen.findByText(LOCATION_MESSAGES.photoDeleted)).toBeInTheDocument();
    expect(bodies(fetchMock, 'DELETE', `${PLACE_PATH}/photos/${photo.id}`)).toHaveLength(1);
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Delete photo 1' })).not.toBeInTheDocument());
  });

  it('deactivates after asking, then offers Reactivate and says members cannot see it', async () => {
    const { fetchMock, user } = openManaged(makePlace({ permissions: MANAGER_PERMISSIONS }));
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }, LOAD));
    const confirm = await screen.findByRole('alertdialog', { name: 'Deactivate The Pier?' });
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText(LOCATION_MESSAGES.deactivatedDone)).toBeInTheDocument();
    expect(bodies(fetchMock, 'PATCH', PLACE_PATH)).toEqual([{ active: false }]);
    expect(await screen.findByText(LOCATION_MESSAGES.deactivated)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: LOCATION_MESSAGES.checkIn })).not.toBeInTheDocument();
  });

  it('shows members none of it', async () => {
    openManaged(makePlace(), {}, makeMe());
    expect(await screen.findByRole('heading', { level: 1, name: 'The Pier' }, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Manage this place' })).not.toBeInTheDocument();
  });
});

describe('the QR code dialog', () => {
  const qr = (version: number): LocationQrView => ({
    locationId: PLACE_ID,
    keyVersion: version,
    token: `v${version}.token`,
    url: `https://bayclub.example/locations/check-in?t=v${version}.token`,
    qrSvg: `<svg xmlns="http://www.w3.org/2000/svg" data-version="${version}"><rect width="10" height="10"/></svg>`,
    regeneratedAt: version > 1 ? new Date().toISOString() : null,
    posterPngUrl: `${PLACE_PATH}/poster.png`,
    posterPdfUrl: `${PLACE_PATH}/poster.pdf`,
  });

  it('shows the SVG, the poster downloads and the door screen, and regenerates only after the warning', async () => {
    const fetchMock = mockApi({
      ...signedInAs(makeMe()),
      [`GET ${PLACE_PATH}`]: () => json(makePlace({ permissions: { ...MANAGER_PERMISSIONS, canEdit: false } })),
      [`GET ${PLACE_PATH}/qr`]: () => json(qr(1)),
      [`POST ${PLACE_PATH}/qr/regenerate`]: () => json(qr(2)),
    });
    renderApp(`/locations/${PLACE_ID}`);
    const user = userEvent.setup();
    expect(await screen.findByRole('link', { name: LOCATION_MESSAGES.doorScreen }, LOAD)).toHaveAttribute('href', `/locations/${PLACE_ID}/door`);
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: LOCATION_MESSAGES.qrCode }));
    const dialog = await screen.findByRole('dialog', { name: LOCATION_MESSAGES.qrCode });
    const image = await within(dialog).findByRole('img', { name: 'QR code to check in at The Pier' });
    expect(decodeURIComponent(image.getAttribute('src')!)).toContain('data-version="1"');
    expect(within(dialog).getByRole('link', { name: LOCATION_MESSAGES.downloadPng })).toHaveAttribute('href', `${PLACE_PATH}/poster.png`);
    expect(within(dialog).getByRole('link', { name: LOCATION_MESSAGES.downloadPdf })).toHaveAttribute('href', `${PLACE_PATH}/poster.pdf`);
    expect(within(dialog).getByText('Code version 1')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: LOCATION_MESSAGES.regenerate }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(LOCATION_MESSAGES.regenerateConfirm);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(bodies(fetchMock, 'POST', `${PLACE_PATH}/qr/regenerate`)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: LOCATION_MESSAGES.regenerate }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: LOCATION_MESSAGES.regenerate }));
    expect(await screen.findByText(LOCATION_MESSAGES.regenerated)).toBeInTheDocument();
    expect(bodies(fetchMock, 'POST', `${PLACE_PATH}/qr/regenerate`)).toHaveLength(1);
    expect(decodeURIComponent(within(dialog).getByRole('img').getAttribute('src')!)).toContain('data-version="2"');
    expect(within(dialog).getByText(/Code version 2 · made Just now/)).toBeInTheDocument();
  });
});

describe('Place managers (issue 21, decision 026)', () => {
  const member = (id: string, fullName: string) => ({ id, fullName, username: fullName.toLowerCase(), profilePictureUrl: null, isVerified: false, age: null, city: null });
  const ANA = member('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', 'Ana');
  const BEN = member('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', 'Ben');

  it('a member who does not manage the place sees no manage controls', async () => {
    mockApi({ ...signedInAs(makeMe()), [`GET ${PLACE_PATH}`]: () => json(makePlace()) });
    renderApp(`/locations/${PLACE_ID}`);
    expect(await screen.findByRole('heading', { name: 'The Pier' }, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Manage this place' })).not.toBeInTheDocument();
    for (const name of ['Edit', LOCATION_MESSAGES.qrCode, 'Deactivate', 'Managers']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('a creator manages it without the Managers button; an admin adds one with the member picker and removes one', async () => {
    let managers = [{ member: ANA, addedAt: '2031-01-01T00:00:00.000Z' }];
    const fetchMock = mockApi({
      ...signedInAs(admin),
      [`GET ${PLACE_PATH}`]: () => json(makePlace({ permissions: { ...MANAGER_PERMISSIONS, canManageManagers: true } })),
      [`GET ${PLACE_PATH}/managers`]: () => json({ creator: null, managers }),
      'GET /api/search': () =>
        json({ query: 'be', results: [{ type: 'user', id: BEN.id, fullName: 'Ben', username: 'ben', bio: null, profilePictureUrl: null, isVerified: false }], counts: { user: 1, community: 0, event: 0, post: 0, place: 0 }, terms: ['be'], postsSearched: false }),
      [`POST ${PLACE_PATH}/managers`]: () => {
        managers = [...managers, { member: BEN, addedAt: '2031-01-02T00:00:00.000Z' }];
        return json({ creator: null, managers });
      },
      [`DELETE ${PLACE_PATH}/managers/${ANA.id}`]: () => {
        managers = managers.filter((m) => m.member.id !== ANA.id);
        return json({ creator: null, managers });
      },
    });
    renderApp(`/locations/${PLACE_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Managers' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Place managers' }, LOAD);
    const list = await within(dialog).findByRole('list', { name: 'Managers' });
    expect(within(list).getByText('Ana')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Add a manager'), 'be');
    await user.click(await within(dialog).findByRole('button', { name: 'Add Ben as a manager' }, LOAD));
    await waitFor(() => expect(bodies(fetchMock, 'POST', `${PLACE_PATH}/managers`)).toEqual([{ userId: BEN.id }]));
    expect(await within(list).findByText('Ben')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Remove Ana' }));
    await waitFor(() => expect(within(list).queryByText('Ana')).not.toBeInTheDocument());
  });
});
