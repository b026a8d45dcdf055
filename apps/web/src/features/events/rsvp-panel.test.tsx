import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '#/lib/realtime/use-realtime';
import type { EventView, RsvpResult } from '@bayclub/shared';
import { api } from '#/lib/api';
import { realtime } from '#/lib/realtime/realtime-client';
import { apiError, json, mockApi, never, renderInProviders, signedInAs, type Handler } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { eventKeys } from './keys';
import { RsvpPanel } from './rsvp-panel';
import { EVENT_ID, makeEvent, makeMine, makeTicket } from './rsvp-fixtures';

const LOAD = { timeout: 5000 };
const DETAIL = `GET /api/events/${EVENT_ID}`;
const RSVP = `PUT /api/events/${EVENT_ID}/rsvp`;
const TICKET = `GET /api/events/${EVENT_ID}/ticket`;

/** The event page's part that matters here: the event read from the server, the panel fed from it. */
function Page() {
  const query = useQuery({ queryKey: eventKeys.detail(EVENT_ID), queryFn: () => api.get<EventView>(`/api/events/${EVENT_ID}`) });
  return query.data ? <RsvpPanel event={query.data} /> : null;
}

/** The event page also reads the event again on `event:registration` (ev-web's event-page.tsx does). */
function PageThatRefreshes() {
  const queryClient = useQueryClient();
  useRealtimeEvent((e) => {
    if (e.type === 'event:registration' && e.eventId === EVENT_ID) void queryClient.invalidateQueries({ queryKey: eventKeys.detail(EVENT_ID) });
  });
  return <Page />;
}

function setup(initial: EventView, handlers: Record<string, Handler> = {}, page = <Page />) {
  let current = initial;
  const fetchMock = mockApi({ ...signedInAs(makeMe()), [DETAIL]: () => json(current), [TICKET]: () => json(makeTicket()), ...handlers });
  const utils = renderInProviders(page);
  return { ...utils, fetchMock, setEvent: (e: EventView) => (current = e), user: userEvent.setup() };
}

const result = (e: EventView): RsvpResult => ({ mine: e.mine!, capacity: e.capacity, goingCount: e.goingCount, waitlistCount: e.waitlistCount });
const bodiesOf = (fetchMock: ReturnType<typeof mockApi>, key: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => `${(init?.method ?? 'GET').toUpperCase()} ${new URL(String(url), 'http://x').pathname}` === key)
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

describe('RsvpPanel', () => {
  it('RSVPs with a guest, then shows Going and the ticket', async () => {
    const going = makeEvent({ goingCount: 19, mine: makeMine({ status: 'going', guests: 1 }), myStatus: 'going' });
    const { fetchMock, setEvent, user } = setup(makeEvent(), {
      [RSVP]: () => {
        setEvent(going);
        return json(result(going));
      },
    });
    expect(await screen.findByText('3 of 20 seats left', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText('Not going')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More guests' }));
    await user.click(screen.getByRole('button', { name: 'RSVP' }));
    expect(await screen.findByText('Going, with 1 guest')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, RSVP)).toEqual([{ status: 'going', guests: 1 }]);
    expect(screen.getByText('1 of 20 seats left')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Ticket code: A C D 2 3 4' })).toHaveTextContent('ACD234');
    expect(screen.getByRole('button', { name: 'Can’t go' })).toBeInTheDocument();
  });

  it('offers the waitlist when the party would not fit, and Full when no seat is left', async () => {
    const { user } = setup(makeEvent({ goingCount: 19 }));
    expect(await screen.findByRole('button', { name: 'RSVP' }, LOAD)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More guests' }));
    expect(screen.getByRole('button', { name: 'Join waitlist' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Guests' })).toHaveTextContent('1');
  });

  it('shows Full, the waitlist place and reason, and Leave waitlist sends not going', async () => {
    const waiting = makeEvent({ goingCount: 20, mine: makeMine({ status: 'waitlisted', guests: 2, waitlistPosition: 2, waitlistReason: 'Your party of 3 needs 3 seats; 1 is free. You keep your place.' }) });
    const left = makeEvent({ goingCount: 20 });
    const { fetchMock, setEvent, user } = setup(waiting, { [RSVP]: () => (setEvent(left), json(result(left))) });
    expect(await screen.findByText('On the waitlist, position 2', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText('Full')).toBeInTheDocument();
    expect(screen.getByText(/Your party of 3 needs 3 seats/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your ticket' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Leave waitlist' }));
    expect(await screen.findByRole('button', { name: 'Join waitlist' })).toBeInTheDocument();
    expect(bodiesOf(fetchMock, RSVP)).toEqual([{ status: 'not_going' }]);
  });

  it('waits while saving, then shows a refusal and keeps the member’s choice', async () => {
    let answer: Handler = () => never();
    const { user } = setup(makeEvent({ goingCount: 18, mine: makeMine({ status: 'going', guests: 1 }) }), { [RSVP]: (r) => answer(r) });
    await user.click(await screen.findByRole('button', { name: 'More guests' }, LOAD));
    answer = () => apiError(409, 'CONFLICT', 'Only 1 more seat is free; your party keeps its 2 seats.');
    await user.click(screen.getByRole('button', { name: 'Update guests' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only 1 more seat is free');
    expect(screen.getByRole('group', { name: 'Guests' })).toHaveTextContent('2');
    expect(screen.getByText('Going, with 1 guest')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update guests' })).toBeEnabled();
    expect(await screen.findByText('Could not save your RSVP')).toBeInTheDocument();
  });

  it('disables the buttons while the RSVP is on its way', async () => {
    const { user } = setup(makeEvent(), { [RSVP]: () => never() });
    await user.click(await screen.findByRole('button', { name: 'RSVP' }, LOAD));
    await waitFor(() => expect(screen.getByRole('button', { name: 'RSVP' })).toBeDisabled());
  });

  it('shows nothing to visitors and applicants', async () => {
    const fetchMock = mockApi({ [DETAIL]: () => json(makeEvent({ mine: null, permissions: { ...makeEvent().permissions, canRsvp: false } })) });
    renderInProviders(<Page />);
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith(EVENT_ID))).toBe(true));
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('heading', { name: 'Your RSVP' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'RSVP' })).not.toBeInTheDocument();
  });

  it('announces a promotion from the waitlist that arrives live', async () => {
    const { setEvent } = setup(makeEvent({ goingCount: 20, mine: makeMine({ status: 'waitlisted', waitlistPosition: 1 }) }));
    expect(await screen.findByText('On the waitlist, position 1', {}, LOAD)).toBeInTheDocument();
    setEvent(makeEvent({ goingCount: 20, mine: makeMine({ status: 'going' }) }));
    act(() => realtime.emitForTest({ type: 'event:registration', eventId: 'another' }));
    act(() => realtime.emitForTest({ type: 'event:registration', eventId: EVENT_ID }));
    expect(await screen.findByText("You're in! A seat opened up for Sunset Social.")).toBeInTheDocument();
    expect(screen.getByText('Going')).toBeInTheDocument();
  });

  it('announces it too when the page reads the event again itself, without a second request', async () => {
    const { setEvent, fetchMock } = setup(makeEvent({ goingCount: 20, mine: makeMine({ status: 'waitlisted', waitlistPosition: 1 }) }), {}, <PageThatRefreshes />);
    expect(await screen.findByText('On the waitlist, position 1', {}, LOAD)).toBeInTheDocument();
    setEvent(makeEvent({ goingCount: 20, mine: makeMine({ status: 'going' }) }));
    act(() => realtime.emitForTest({ type: 'event:registration', eventId: EVENT_ID }));
    expect(await screen.findByText("You're in! A seat opened up for Sunset Social.")).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 200));
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === `/api/events/${EVENT_ID}`)).toHaveLength(2);
  });

  it('says nothing when a registration change is not a promotion', async () => {
    const { setEvent } = setup(makeEvent({ mine: makeMine({ status: 'going' }) }));
    expect(await screen.findByText('Going', {}, LOAD)).toBeInTheDocument();
    setEvent(makeEvent({ status: 'cancelled', mine: makeMine({ status: 'cancelled' }), permissions: { ...makeEvent().permissions, canRsvp: false } }));
    act(() => realtime.emitForTest({ type: 'event:registration', eventId: EVENT_ID }));
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByText(/You're in!/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Can’t go' })).not.toBeInTheDocument();
  });
});

describe('YourTicket', () => {
  it('shows the QR as an image (never as markup), the code, the party and the check-in', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="1" height="1"/></svg>';
    setup(makeEvent({ mine: makeMine({ status: 'going', guests: 1 }) }), {
      [TICKET]: () => json(makeTicket({ qrSvg: svg, checkedInAt: '2026-12-05T00:05:00.000Z' })),
    });
    const ticket = await screen.findByRole('region', { name: 'Your ticket' }, LOAD);
    const qr = await within(ticket).findByRole('img', { name: /QR code/ });
    expect(qr.tagName).toBe('IMG');
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    expect(document.querySelector('script, svg rect')).toBeNull();
    expect(within(ticket).getByText('Party of 2 (you and 1 guest)')).toBeInTheDocument();
    expect(within(ticket).getByText('Checked in at 7:05 PM')).toBeInTheDocument();
  });

  it('shows the code alone for a member without QR images, and Retry when the ticket cannot load', async () => {
    let fail = true;
    const { user } = setup(makeEvent({ mine: makeMine({ status: 'going' }) }), {
      [TICKET]: () => (fail ? apiError(503, 'UNAVAILABLE', 'Try again soon') : json(makeTicket({ qrSvg: null, partySize: 1 }))),
    });
    expect(await screen.findByText(/Could not load your ticket/, {}, { timeout: 10_000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Show this code at the door.')).toBeInTheDocument();
    expect(screen.getByText('Just you')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
  });
});
