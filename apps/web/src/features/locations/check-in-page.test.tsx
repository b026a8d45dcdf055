import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import QRCode from 'qrcode';
import { LOCATION_MESSAGES } from '@bayclub/shared';
import { apiError, json, mockApi, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeFlags, makeMe } from '#/test/fixtures';
import { checkedIn, makeCard, makeCheckIn, makeScan, page, PLACE_ID, POSTER_URL, refusal, TOKEN } from './location-fixtures';

const LOAD = { timeout: 5000 };
const CHECK_IN_PATH = `/locations/check-in?t=${TOKEN}`;
const POST = `/api/locations/${PLACE_ID}/check-ins`;

const posted = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && String(url) === POST).map(([, init]) => JSON.parse(String(init?.body)) as unknown);
const scanned = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x')).filter((u) => u.pathname === '/api/locations/scan').map((u) => u.searchParams.get('token'));

function openLink(handlers: Record<string, Handler>, me = makeMe()) {
  const fetchMock = mockApi({ ...signedInAs(me), 'GET /api/locations/scan': () => json(makeScan()), ...handlers });
  const app = renderApp(CHECK_IN_PATH);
  return { fetchMock, user: userEvent.setup(), ...app };
}

describe('/locations/check-in?t= (the poster’s link, opened by the phone’s camera app)', () => {
  it('shows the place, preselects the member’s default, and checks in with the visibility chosen', async () => {
    const { fetchMock, user } = openLink({ [`POST ${POST}`]: () => json(checkedIn(), 201) });
    expect(await screen.findByRole('heading', { level: 1, name: LOCATION_MESSAGES.checkIn }, LOAD)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'The Pier' })).toHaveAttribute('href', `/locations/${PLACE_ID}`);
    expect(screen.getByText(/2 members here now/)).toBeInTheDocument();
    expect(scanned(fetchMock)).toEqual([TOKEN]);
    // Opening the link wrote nothing: the member confirms first.
    expect(posted(fetchMock)).toEqual([]);
    expect(screen.getByRole('radio', { name: /Connections only/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Public/ }));
    await user.click(screen.getByRole('button', { name: LOCATION_MESSAGES.checkIn }));
    expect(await screen.findByText(LOCATION_MESSAGES.checkedIn)).toBeInTheDocument();
    expect(posted(fetchMock)).toEqual([{ token: TOKEN, visibility: 'public' }]);
    expect(screen.getByRole('link', { name: 'See who’s here' })).toHaveAttribute('href', `/locations/${PLACE_ID}`);
    expect(screen.queryByRole('radio', { name: /Public/ })).not.toBeInTheDocument();
  });

  it('says clearly that a reprinted place’s old poster no longer works', async () => {
    const { fetchMock } = openLink({ 'GET /api/locations/scan': () => json(refusal('revoked', LOCATION_MESSAGES.tokenRevoked), 422) });
    const message = await screen.findByText(LOCATION_MESSAGES.tokenRevoked, {}, LOAD);
    expect(message.closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByRole('button', { name: LOCATION_MESSAGES.checkIn })).not.toBeInTheDocument();
    expect(posted(fetchMock)).toEqual([]);
  });

  it('tells a member already checked in when they may check in again, without a button', async () => {
    openLink({ 'GET /api/locations/scan': () => json(makeScan({ mine: makeCheckIn({ isMine: true }), nextCheckInAt: '2026-03-15T01:05:00.000Z' })) });
    expect(await screen.findByText(/You already checked in here in the last 3 hours/, {}, LOAD)).toHaveTextContent('You can check in here again at 9:05 PM');
    expect(screen.queryByRole('button', { name: LOCATION_MESSAGES.checkIn })).not.toBeInTheDocument();
  });

  it('shows a door code that changed while the member chose, as the server words it', async () => {
    const { user } = openLink({ [`POST ${POST}`]: () => json(refusal('expired', LOCATION_MESSAGES.tokenExpired), 422) });
    await user.click(await screen.findByRole('button', { name: LOCATION_MESSAGES.checkIn }, LOAD));
    expect((await screen.findByText(LOCATION_MESSAGES.tokenExpired)).closest('[role="alert"]')).not.toBeNull();
  });

  it('refuses a limited member without checkin_locations before asking the server', async () => {
    const { fetchMock } = openLink({ 'GET /api/permissions': () => json({ flags: makeFlags() }) }, makeMe({ accountType: 'community_only' }));
    expect(await screen.findByText(LOCATION_MESSAGES.checkInNotAllowed, {}, LOAD)).toBeInTheDocument();
    expect(scanned(fetchMock)).toEqual([]);
  });

  it('lets a limited member with checkin_locations (but not view_locations) check in', async () => {
    const { user } = openLink(
      { 'GET /api/permissions': () => json({ flags: makeFlags({ checkin_locations: true }) }), [`POST ${POST}`]: () => json(checkedIn(), 201) },
      makeMe({ accountType: 'community_only' }),
    );
    await user.click(await screen.findByRole('button', { name: LOCATION_MESSAGES.checkIn }, LOAD));
    expect(await screen.findByText(LOCATION_MESSAGES.checkedIn)).toBeInTheDocument();
  });

  it('sends signed-out visitors to sign in, then back to the same code', async () => {
    const fetchMock = mockApi({ 'GET /api/locations/scan': () => json(makeScan()) });
    const { router } = renderApp(CHECK_IN_PATH);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'), LOAD);
    expect(router.state.location.state).toEqual({ from: CHECK_IN_PATH });
    expect(scanned(fetchMock)).toEqual([]);
  });

  it('says a link without a code is not a Bay Club code', async () => {
    mockApi(signedInAs(makeMe()));
    renderApp('/locations/check-in');
    expect(await screen.findByText(LOCATION_MESSAGES.tokenInvalid, {}, LOAD)).toBeInTheDocument();
  });
});

/** A camera frame holding `text` as a QR code: the module matrix painted black on white with its quiet zone. */
function qrImage(text: string, scale = 4) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const width = (modules.size + 2 * quiet) * scale;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      for (let dy = 0; dy < scale; dy++) {
        const start = (((row + quiet) * scale + dy) * width + (col + quiet) * scale) * 4;
        for (let dx = 0; dx < scale; dx++) data.fill(0, start + dx * 4, start + dx * 4 + 3);
      }
    }
  }
  return { data, width, height: width };
}

describe('the in-app scanner (Scan a code)', () => {
  const restore: Array<() => void> = [];
  afterEach(() => {
    restore.splice(0).forEach((undo) => undo());
    vi.unstubAllGlobals();
  });

  /** A camera (getUserMedia and a playing video of 640 x 480) whose frames hold `frame`, read through jsQR. */
  function cameraShowing(frame: ReturnType<typeof qrImage>) {
    const stopTrack = vi.fn();
    Object.defineProperty(navigator, 'mediaDevices', {
      value: { getUserMedia: vi.fn(async () => ({ getTracks: () => [{ stop: stopTrack }] })) },
      configurable: true,
    });
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const width = vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(640);
    const height = vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(480);
    // jsdom has no canvas: a 2D context that hands back the frame, as a real one would after drawImage.
    const context = { drawImage: vi.fn(), getImageData: () => frame };
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
    restore.push(() => [play, width, height, getContext].forEach((spy) => spy.mockRestore()));
    return stopTrack;
  }

  it('reads a poster’s QR image with jsQR (no BarcodeDetector), stops the camera, and checks in after confirming', async () => {
    const stopTrack = cameraShowing(qrImage(POSTER_URL));
    const fetchMock = mockApi({
      ...signedInAs(makeMe()),
      'GET /api/locations': () => json(page([makeCard()])),
      'GET /api/me/location-settings': () => json({ defaultVisibility: 'private' }),
      'GET /api/locations/scan': () => json(makeScan({ defaultVisibility: 'private' })),
      [`POST ${POST}`]: () => json(checkedIn(), 201),
    });
    renderApp('/locations');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: LOCATION_MESSAGES.scanCode }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: LOCATION_MESSAGES.scanCode });
    await user.click(within(dialog).getByRole('button', { name: 'Start camera' }));
    await waitFor(() => expect(scanned(fetchMock)).toEqual([TOKEN]), LOAD);
    await waitFor(() => expect(stopTrack).toHaveBeenCalled());
    expect(await within(dialog).findByRole('radio', { name: /Private/ })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: LOCATION_MESSAGES.checkIn }));
    expect(await within(dialog).findByText(LOCATION_MESSAGES.checkedIn)).toBeInTheDocument();
    expect(posted(fetchMock)).toEqual([{ token: TOKEN, visibility: 'private' }]);
  });

  it('says so when the code read is not a place’s, and keeps the camera on', async () => {
    const stopTrack = cameraShowing(qrImage('https://example.com/not-a-poster'));
    const fetchMock = mockApi({ ...signedInAs(makeMe()), 'GET /api/locations': () => json(page([])), 'GET /api/me/location-settings': () => json({ defaultVisibility: 'public' }) });
    renderApp('/locations');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: LOCATION_MESSAGES.scanCode }, LOAD));
    await user.click(await screen.findByRole('button', { name: 'Start camera' }));
    expect(await screen.findByText(LOCATION_MESSAGES.tokenInvalid, {}, LOAD)).toBeInTheDocument();
    expect(scanned(fetchMock)).toEqual([]);
    expect(stopTrack).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Stop camera' })).toBeInTheDocument();
  });

  it('explains a refused camera without the door’s "type the code" advice', async () => {
    Object.defineProperty(navigator, 'mediaDevices', {
      value: { getUserMedia: vi.fn(() => Promise.reject(new DOMException('denied', 'NotAllowedError'))) },
      configurable: true,
    });
    mockApi({ ...signedInAs(makeMe()), 'GET /api/locations': () => apiError(500, 'INTERNAL', 'x'), 'GET /api/me/location-settings': () => json({ defaultVisibility: 'public' }) });
    renderApp('/locations');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: LOCATION_MESSAGES.scanCode }, LOAD));
    await user.click(await screen.findByRole('button', { name: 'Start camera' }));
    expect(await screen.findByText(/scan the poster with your phone’s camera app/)).toBeInTheDocument();
    expect(screen.queryByText(/type the code/)).not.toBeInTheDocument();
  });
});
