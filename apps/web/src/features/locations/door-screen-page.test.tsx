import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOCATION_MESSAGES, type DoorTokenView } from '@bayclub/shared';
import { apiError, json, mockApi, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { PLACE_ID } from './location-fixtures';

const LOAD = { timeout: 5000 };
const DOOR_TOKEN = `/api/locations/${PLACE_ID}/door-token`;

/** A door code numbered `n`, current for `seconds` more by a server clock `skewSeconds` ahead of this one. */
function doorCode(n: number, seconds: number, skewSeconds = 0): DoorTokenView {
  const serverNow = Date.now() + skewSeconds * 1000;
  return {
    locationId: PLACE_ID,
    locationName: 'The Pier',
    token: `door-${n}`,
    url: `https://bayclub.example/locations/check-in?t=door-${n}`,
    qrSvg: `<svg xmlns="http://www.w3.org/2000/svg" data-code="${n}"></svg>`,
    expiresAt: new Date(serverNow + seconds * 1000).toISOString(),
    serverTime: new Date(serverNow).toISOString(),
    stepSeconds: 30,
  };
}

function openDoor(handler: Handler) {
  const fetchMock = mockApi({ ...signedInAs(makeMe({}, { isAdmin: true })), [`GET ${DOOR_TOKEN}`]: handler });
  const app = renderApp(`/locations/${PLACE_ID}/door`);
  return { fetchMock, ...app };
}
const codeShown = () => decodeURIComponent(screen.getByRole('img', { name: 'Check-in code for The Pier' }).getAttribute('src')!);

afterEach(() => {
  Object.defineProperty(navigator, 'wakeLock', { value: undefined, configurable: true });
});

describe('/locations/:id/door (the door screen)', () => {
  it('shows the code with a countdown by the server’s clock, keeps the screen awake, and lets it sleep on leaving', async () => {
    const release = vi.fn(async () => undefined);
    const request = vi.fn(async () => ({ release, addEventListener: vi.fn() }));
    Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
    let n = 0;
    // The first code has 25 s left by a server clock a minute ahead: the countdown says 25, not 85.
    openDoor(() => json(++n === 1 ? doorCode(1, 25, 60) : doorCode(n, 30)));
    expect(await screen.findByRole('heading', { level: 1, name: /The Pier/ }, LOAD)).toBeInTheDocument();
    expect(codeShown()).toContain('data-code="1"');
    expect(screen.getByRole('timer')).toHaveTextContent('New code in 25 s');
    expect(screen.getByText(LOCATION_MESSAGES.doorScreenHint)).toBeInTheDocument();
    await waitFor(() => expect(request).toHaveBeenCalledWith('screen'));
    expect(screen.queryByText(/cannot keep it awake/)).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Exit door screen' }));
    await waitFor(() => expect(release).toHaveBeenCalled());
  });

  it('asks for the next code as soon as the current one’s 30 seconds are over', async () => {
    let n = 0;
    const { fetchMock } = openDoor(() => json(++n === 1 ? doorCode(1, 0.5) : doorCode(n, 30)));
    await screen.findByRole('img', { name: 'Check-in code for The Pier' }, LOAD);
    expect(codeShown()).toContain('data-code="1"');
    await waitFor(() => expect(codeShown()).toContain('data-code="2"'), { timeout: 4000 });
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === DOOR_TOKEN)).toHaveLength(2);
    expect(screen.getByRole('timer')).toHaveTextContent(/New code in (29|30) s/);
    // Without the Wake Lock API the member is told to keep the screen on.
    expect(screen.getByText(/cannot keep it awake/)).toBeInTheDocument();
  });

  it('tells a member without generate_qr_codes that the door screen is not theirs', async () => {
    openDoor(() => apiError(403, 'FORBIDDEN', LOCATION_MESSAGES.qrNotAllowed));
    expect(await screen.findByText(LOCATION_MESSAGES.qrNotAllowed, {}, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('keeps showing the current code while the next cannot be fetched, and says so', async () => {
    let n = 0;
    openDoor(() => (++n === 1 ? json(doorCode(1, 0.5)) : apiError(503, 'UNAVAILABLE', 'Try again')));
    await screen.findByRole('img', { name: 'Check-in code for The Pier' }, LOAD);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Could not get the next code'), { timeout: 4000 });
    expect(codeShown()).toContain('data-code="1"');
  });
});
