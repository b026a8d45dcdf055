import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { CheckInResult, EventView } from '@bayclub/shared';
import { EVENT_MESSAGES } from '@bayclub/shared';
import { json, mockApi, renderApp, renderInProviders, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { AttendancePanel } from './attendance-panel';
import { CalendarFeedButton } from './calendar-feed-button';
import { RsvpPanel } from './rsvp-panel';
import { EVENT_ID, makeEvent, makeMember, makeMine, makeTicket } from './rsvp-fixtures';

/**
 * axe's structural rules (names, roles, labels, landmarks, heading order) at phone and desktop widths in jsdom.
 * Colour contrast needs a real browser: the Playwright journey runs axe in full.
 */
async function check() {
  const r = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`);
}
const LOAD = { timeout: 5000 };
const WIDTHS = [
  ['phone', 375],
  ['desktop', 1280],
] as const;
const defaultWidth = window.innerWidth;
const setWidth = (w: number) => Object.defineProperty(window, 'innerWidth', { value: w, configurable: true, writable: true });
afterEach(() => setWidth(defaultWidth));

const host = makeEvent({
  permissions: { ...makeEvent().permissions, canEdit: true, canCheckIn: true },
  mine: makeMine({ status: 'going', guests: 1 }),
  goingCount: 20,
});
const ada = makeMember();
const api = {
  ...signedInAs(makeMe()),
  [`GET /api/events/${EVENT_ID}`]: () => json(host),
  [`GET /api/events/${EVENT_ID}/ticket`]: () => json(makeTicket({ checkedInAt: '2026-12-05T00:05:00.000Z' })),
  [`GET /api/events/${EVENT_ID}/attendance`]: () =>
    json({ going: 1, checkedIn: 1, noShows: 0, seatsGoing: 2, seatsCheckedIn: 2, members: [{ member: ada, partySize: 2, checkedInAt: '2026-12-05T00:05:00.000Z' }] }),
  [`GET /api/events/${EVENT_ID}/attendees`]: () => json({ items: [{ member: ada, status: 'waitlisted', guests: 1, checkedInAt: null }], nextCursor: null }),
  [`GET /api/events/${EVENT_ID}/check-ins`]: () =>
    json({ going: 10, checkedIn: 1, items: [{ registrationId: 'r1', member: ada, partySize: 2, checkedInAt: '2026-12-05T00:05:00.000Z' }] }),
  [`POST /api/events/${EVENT_ID}/check-ins`]: () =>
    json({ outcome: 'already_used', message: EVENT_MESSAGES.ticketUsed, guest: ada, partySize: 2, checkedInAt: '2026-12-05T00:05:00.000Z' } satisfies CheckInResult, 409),
  'GET /api/calendar-feed': () => json({ url: 'https://club.example/api/calendar/s.ics' }),
};

function EventParts({ event }: { event: EventView }) {
  return (
    <main>
      <h1>{event.title}</h1>
      <RsvpPanel event={event} />
      <AttendancePanel event={event} />
    </main>
  );
}

describe.each(WIDTHS)('events RSVP, ticket and door: axe at %s width', (_name, width) => {
  it('the RSVP panel with the ticket, and the attendance panel', async () => {
    setWidth(width);
    mockApi(api);
    renderInProviders(<EventParts event={host} />);
    await screen.findByRole('img', { name: /Ticket code/ }, LOAD);
    await screen.findByRole('list', { name: /Waitlist/ }, LOAD);
    expect(await check()).toEqual([]);
  });

  it('the RSVP panel of a full event, with guests', async () => {
    setWidth(width);
    mockApi(api);
    renderInProviders(<EventParts event={makeEvent({ goingCount: 20, mine: makeMine({ status: 'waitlisted', waitlistPosition: 3, waitlistReason: 'Your party of 2 needs 2 seats; 1 is free.' }) })} />);
    await screen.findByRole('group', { name: 'Guests' }, LOAD);
    expect(await check()).toEqual([]);
  });

  it('the door page, after a refused check-in', async () => {
    setWidth(width);
    mockApi(api);
    const user = userEvent.setup();
    renderApp(`/events/${EVENT_ID}/door`);
    await user.type(await screen.findByLabelText('Ticket code', {}, LOAD), 'ACD234');
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    await screen.findByText(EVENT_MESSAGES.ticketUsed);
    await screen.findByRole('list', { name: 'Checked in' });
    expect(await check()).toEqual([]);
  });

  it('the calendar feed dialog', async () => {
    setWidth(width);
    mockApi(api);
    const user = userEvent.setup();
    renderInProviders(
      <main>
        <h1>Events</h1>
        <CalendarFeedButton />
      </main>,
    );
    await user.click(await screen.findByRole('button', { name: 'Calendar feed' }, LOAD));
    await screen.findByLabelText('Your calendar link');
    expect(await check()).toEqual([]);
  });
});
