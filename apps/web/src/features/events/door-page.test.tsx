import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EVENT_MESSAGES, type CheckInListView, type CheckInResult } from '@bayclub/shared';
import { realtime } from '#/lib/realtime/realtime-client';
import { apiError, json, mockApi, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { EVENT_ID, makeEvent, makeMember } from './rsvp-fixtures';

const LOAD = { timeout: 5000 };
const CHECK_INS = `/api/events/${EVENT_ID}/check-ins`;
const host = makeEvent({ permissions: { ...makeEvent().permissions, canCheckIn: true, canEdit: true } });
const ada = makeMember();
const admitted: CheckInResult = { outcome: 'checked_in', message: EVENT_MESSAGES.checkedIn, guest: ada, partySize: 2, checkedInAt: '2026-12-05T00:05:00.000Z' };
const listOf = (n: number): CheckInListView => ({
  going: 10,
  checkedIn: n,
  items: n ? [{ registrationId: 'r1', member: ada, partySize: 2, checkedInAt: '2026-12-05T00:05:00.000Z' }] : [],
});

function openDoor(handlers: Record<string, Handler> = {}, event = host) {
  let checkedIn = 0;
  const fetchMock = mockApi({
    ...signedInAs(makeMe()),
    [`GET /api/events/${EVENT_ID}`]: () => json(event),
    [`GET ${CHECK_INS}`]: () => json(listOf(checkedIn)),
    [`POST ${CHECK_INS}`]: () => ((checkedIn = 1), json(admitted)),
    ...handlers,
  });
  renderApp(`/events/${EVENT_ID}/door`);
  return { fetchMock, user: userEvent.setup(), checkIn: () => (checkedIn = 1) };
}
const posted = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && String(url).endsWith(CHECK_INS)).map(([, init]) => JSON.parse(String(init?.body)) as unknown);

let playSpy: { mockRestore: () => void } | null = null;
afterEach(() => {
  vi.unstubAllGlobals();
  playSpy?.mockRestore();
  playSpy = null;
});

describe('/events/:id/door: typed codes', () => {
  it('tells a member who is not door staff that they cannot check guests in', async () => {
    openDoor({}, makeEvent());
    expect(await screen.findByText(EVENT_MESSAGES.notDoorStaff, {}, LOAD)).toBeInTheDocument();
    expect(screen.queryByLabelText('Ticket code')).not.toBeInTheDocument();
  });

  it('says the event was cancelled rather than refusing its hosts', async () => {
    openDoor({}, makeEvent({ status: 'cancelled' }));
    expect(await screen.findByText(EVENT_MESSAGES.cancelledBanner, {}, LOAD)).toBeInTheDocument();
    expect(screen.queryByText(EVENT_MESSAGES.notDoorStaff)).not.toBeInTheDocument();
  });

  it('checks a guest in by code: name, party size, counts and the list update', async () => {
    const { fetchMock, user } = openDoor();
    expect(await screen.findByRole('heading', { level: 1, name: 'Door: Sunset Social' }, LOAD)).toBeInTheDocument();
    expect(await screen.findByText('No one is checked in yet.')).toBeInTheDocument();
    const input = screen.getByLabelText('Ticket code');
    await user.type(input, 'acd 234');
    expect(input).toHaveValue('ACD234');
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    await waitFor(() => expect(screen.getAllByRole('status').some((s) => s.textContent?.includes('Ada Lovelace'))).toBe(true));
    expect(screen.getAllByText('Party of 2 (1 guest)').length).toBeGreaterThan(0);
    expect(posted(fetchMock)).toEqual([{ code: 'ACD234' }]);
    expect(input).toHaveValue('');
    const list = await screen.findByRole('list', { name: 'Checked in' });
    expect(within(list).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(list).getByText('7:05 PM')).toBeInTheDocument();
    expect(screen.getByText(/checked in of/)).toHaveTextContent('1 checked in of 10 going');
  });

  it('refuses a used ticket in an alert, with when it was used, and keeps the code', async () => {
    const used: CheckInResult = { ...admitted, outcome: 'already_used', message: EVENT_MESSAGES.ticketUsed };
    const vibrate = vi.fn();
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    const { user } = openDoor({ [`POST ${CHECK_INS}`]: () => json(used, 409) });
    await user.type(await screen.findByLabelText('Ticket code', {}, LOAD), 'ACD234');
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    const alert = await screen.findByText(EVENT_MESSAGES.ticketUsed);
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByText('Used at 7:05 PM')).toBeInTheDocument();
    expect(screen.getByLabelText('Ticket code')).toHaveValue('ACD234');
    expect(vibrate).toHaveBeenCalledWith([150, 80, 150]);
  });

  it.each([
    ['other_event', EVENT_MESSAGES.ticketOtherEvent],
    ['cancelled', EVENT_MESSAGES.ticketCancelled],
    ['invalid', EVENT_MESSAGES.ticketInvalid],
  ] as const)('shows the %s refusal (422) as an alert', async (outcome, message) => {
    const { user } = openDoor({ [`POST ${CHECK_INS}`]: () => json({ outcome, message, guest: null, partySize: null, checkedInAt: null }, 422) });
    await user.type(await screen.findByLabelText('Ticket code', {}, LOAD), 'ACD234');
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect((await screen.findByText(message)).closest('[role="alert"]')).not.toBeNull();
  });

  it('checks the code format before sending', async () => {
    const { fetchMock, user } = openDoor();
    await user.type(await screen.findByLabelText('Ticket code', {}, LOAD), 'AB1O');
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText(EVENT_MESSAGES.codeFormat)).toBeInTheDocument();
    expect(screen.getByLabelText('Ticket code')).toHaveAttribute('aria-invalid', 'true');
    expect(posted(fetchMock)).toEqual([]);
  });

  it('says why when the server refuses the request itself', async () => {
    const { user } = openDoor({ [`POST ${CHECK_INS}`]: () => apiError(403, 'FORBIDDEN', EVENT_MESSAGES.notDoorStaff) });
    await user.type(await screen.findByLabelText('Ticket code', {}, LOAD), 'ACD234');
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('Could not check in')).toBeInTheDocument();
    expect(screen.getByLabelText('Ticket code')).toHaveValue('ACD234');
  });

  it('updates the list when a co-host checks someone in', async () => {
    const { checkIn } = openDoor();
    expect(await screen.findByText('No one is checked in yet.', {}, LOAD)).toBeInTheDocument();
    checkIn();
    act(() => realtime.emitForTest({ type: 'event:checkin', eventId: EVENT_ID, registrationId: 'r1' }));
    expect(await screen.findByRole('list', { name: 'Checked in' })).toHaveTextContent('Ada Lovelace');
  });
});

describe('/events/:id/door: the camera', () => {
  function fakeCamera(getUserMedia: () => Promise<MediaStream>) {
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: vi.fn(getUserMedia) }, configurable: true });
    playSpy = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  }

  it('explains a denied camera permission', async () => {
    fakeCamera(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    const { user } = openDoor();
    await user.click(await screen.findByRole('button', { name: 'Start camera' }, LOAD));
    expect(await screen.findByText(/Camera permission was denied/)).toBeInTheDocument();
  });

  it('checks in a ticket BarcodeDetector reads, and stops the camera when the tab is hidden and on leaving', async () => {
    const stopTrack = vi.fn();
    fakeCamera(async () => ({ getTracks: () => [{ stop: stopTrack }] }) as unknown as MediaStream);
    const detect = vi.fn().mockResolvedValue([{ rawValue: 'signed.token' }]);
    vi.stubGlobal('BarcodeDetector', class { detect = detect; constructor(readonly options: { formats: string[] }) {} });
    const { fetchMock, user } = openDoor();
    await user.click(await screen.findByRole('button', { name: 'Start camera' }, LOAD));
    await waitFor(() => expect(posted(fetchMock)).toEqual([{ token: 'signed.token' }]));
    // The same ticket still in front of the camera is not sent again.
    await new Promise((r) => setTimeout(r, 400));
    expect(posted(fetchMock)).toHaveLength(1);
    await waitFor(() => expect(screen.getAllByRole('status').some((s) => s.textContent?.includes('Ada Lovelace'))).toBe(true));

    Object.defineProperty(document, 'hidden', { value: true, configurable: true });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(stopTrack).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(/camera is paused/)).toBeInTheDocument();
    Object.defineProperty(document, 'hidden', { value: false, configurable: true });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(await screen.findByRole('button', { name: 'Stop camera' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to the event' }));
    await waitFor(() => expect(stopTrack).toHaveBeenCalledTimes(2));
  });
});
