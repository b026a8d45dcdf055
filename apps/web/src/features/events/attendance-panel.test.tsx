import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AttendanceView, AttendeeView, EventView } from '@bayclub/shared';
import { apiError, json, mockApi, renderInProviders, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { AttendancePanel } from './attendance-panel';
import { EVENT_ID, makeEvent, makeMember } from './rsvp-fixtures';

const LOAD = { timeout: 5000 };
const perms = (over: Partial<EventView['permissions']>) => ({ ...makeEvent().permissions, ...over });
const ada = makeMember();
const bo = makeMember({ id: 'a1b2c3d4-0000-4000-8000-000000000002', fullName: 'Bo Diddley' });
const cy = makeMember({ id: 'a1b2c3d4-0000-4000-8000-000000000003', fullName: 'Cy Twombly' });
const attendance: AttendanceView = {
  going: 2,
  checkedIn: 1,
  noShows: 1,
  seatsGoing: 4,
  seatsCheckedIn: 3,
  members: [
    { member: ada, partySize: 3, checkedInAt: '2026-12-05T00:05:00.000Z' },
    { member: bo, partySize: 1, checkedInAt: null },
  ],
};
const waiting = (m: typeof ada, guests: number): AttendeeView => ({ member: m, isHost: false, status: 'waitlisted', guests, checkedInAt: null });

function render(event: EventView, handlers = {}) {
  mockApi({
    ...signedInAs(makeMe()),
    [`GET /api/events/${EVENT_ID}/attendance`]: () => json(attendance),
    [`GET /api/events/${EVENT_ID}/attendees`]: () => json({ items: [waiting(cy, 2), waiting(bo, 0)], nextCursor: null }),
    ...handlers,
  });
  return renderInProviders(<AttendancePanel event={event} />);
}

describe('AttendancePanel', () => {
  it('shows hosts going, checked in and no-shows, the waitlist in order and the door link', async () => {
    render(makeEvent({ permissions: perms({ canEdit: true, canCheckIn: true }) }));
    const going = await screen.findByText('Going', {}, LOAD);
    expect(going.parentElement).toHaveTextContent('Going24 seats');
    expect(screen.getByText('No-shows').parentElement).toHaveTextContent('1');
    const list = await screen.findByRole('list', { name: /Waitlist/ });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['1.Cy TwomblyParty of 3 (2 guests)', '2.Bo DiddleyParty of 1']);
    expect(screen.getByRole('link', { name: 'Open the door view' })).toHaveAttribute('href', `/events/${EVENT_ID}/door`);
    expect(screen.getByText('Checked in 7:05 PM')).toBeInTheDocument();
  });

  it('gives a door helper only the door link', async () => {
    const fetchMock = mockApi(signedInAs(makeMe()));
    renderInProviders(<AttendancePanel event={makeEvent({ permissions: perms({ canCheckIn: true }) })} />);
    expect(await screen.findByRole('link', { name: 'Open the door view' }, LOAD)).toBeInTheDocument();
    expect(screen.queryByText('Waitlist')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/attendance'))).toBe(false);
  });

  it('shows nothing to other members', async () => {
    mockApi(signedInAs(makeMe()));
    const { container } = renderInProviders(<AttendancePanel event={makeEvent()} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('[aria-labelledby^="attendance"]')).toBeNull();
  });

  it('says when the waitlist is kept from an editor who is not a host', async () => {
    render(makeEvent({ permissions: perms({ canEdit: true }) }), {
      [`GET /api/events/${EVENT_ID}/attendees`]: () => apiError(403, 'FORBIDDEN', 'Only the hosts can do this'),
    });
    expect(await screen.findByText('Only the hosts see the waitlist.', {}, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the door view' })).not.toBeInTheDocument();
  });
});
