import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EVENT_MESSAGES } from '@bayclub/shared';
import { realtime } from '#/lib/realtime/realtime-client';
import { apiError, json, mockApi, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { HOST_PERMISSIONS, makeEvent, makeEventMember, makeVisitorEvent } from './event-fixtures';

const HOST = makeEventMember({ fullName: 'Casey Park', username: 'casey' });
const EVENT = makeEvent({
  title: 'Sunset Social',
  goingCount: 12,
  capacity: 20,
  hosts: [{ ...HOST, role: 'host', isCreator: true }],
  goingPreview: [HOST, makeEventMember({ fullName: 'Riley Chen' })],
  goingMembers: 11,
  goingGuests: 2,
});

let zoneSpy: { mockRestore: () => void } | undefined;
function viewerIn(zone: string) {
  const original = Intl.DateTimeFormat.prototype.resolvedOptions;
  zoneSpy = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...original.call(this), timeZone: zone };
  });
}
afterEach(() => zoneSpy?.mockRestore());

const member = (event = EVENT, extra: Record<string, Handler> = {}) =>
  mockApi({ ...signedInAs(makeMe()), [`GET /api/events/${event.id}`]: () => json(event), ...extra });

describe('/events/:eventId', () => {
  it('shows the date and time in the event’s zone, and names the zone for a viewer elsewhere', async () => {
    viewerIn('America/Los_Angeles');
    member();
    renderApp(`/events/${EVENT.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunset Social' })).toBeInTheDocument();
    expect(screen.getByText('Saturday, March 14, 2026')).toBeInTheDocument();
    expect(screen.getByText('7:00 PM – 9:00 PM')).toBeInTheDocument();
    expect(screen.getByText('New York time (EDT)')).toBeInTheDocument();
  });

  it('names no zone for a viewer in the event’s zone, and keeps wall-clock time across the DST change', async () => {
    viewerIn('America/New_York');
    // 7 November 2026, after the fall change (EST): still 19:00 local.
    const november = makeEvent({ title: 'Fall Social', startsAt: '2026-11-08T00:00:00.000Z', endsAt: '2026-11-08T02:00:00.000Z' });
    member(november);
    renderApp(`/events/${november.id}`);
    expect(await screen.findByText('Saturday, November 7, 2026')).toBeInTheDocument();
    expect(screen.getByText('7:00 PM – 9:00 PM')).toBeInTheDocument();
    expect(screen.queryByText(/New York time/)).not.toBeInTheDocument();
  });

  it('shows the place with a map link, hosts, a description with safe links, who is going and the calendar links', async () => {
    member();
    renderApp(`/events/${EVENT.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Sunset Social' });
    const map = screen.getByRole('link', { name: /Open in Google Maps/ });
    expect(map).toHaveAttribute('href', `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('The Pier, 600 2nd Ave NE, St. Petersburg, FL')}`);
    expect(map).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(map).toHaveAttribute('target', '_blank');
    const host = EVENT.hosts[0]!;
    expect(screen.getByRole('link', { name: 'Casey Park' })).toHaveAttribute('href', `/view-profile/${host.id}`);
    const link = screen.getByRole('link', { name: 'https://example.com/sunset' });
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    // Faces with names, the host first and marked; the counts are of the same members (decision 025).
    expect(screen.getByText('11 members · 2 guests')).toBeInTheDocument();
    const going = screen.getByRole('list', { name: 'Members going' });
    const faces = within(going).getAllByRole('link');
    expect(faces.map((f) => f.textContent)).toEqual(['Casey ParkHost', 'Riley Chen']);
    expect(faces[1]).toHaveAccessibleName('Riley Chen');
    expect(screen.getByText('and 9 more')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `${EVENT_MESSAGES.addToCalendar} (.ics)` })).toHaveAttribute('href', EVENT.calendar.icsUrl);
    expect(screen.getByRole('link', { name: /Google Calendar/ })).toHaveAttribute('href', EVENT.calendar.googleUrl);
    expect(screen.getByRole('button', { name: EVENT_MESSAGES.share })).toBeInTheDocument();
    // Not a host: nothing to manage.
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel event' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Door check-in' })).not.toBeInTheDocument();
  });

  it('shares the link: the Web Share API where there is one, else the clipboard', async () => {
    member();
    const user = userEvent.setup();
    // After setup: user-event puts its own clipboard in place.
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderApp(`/events/${EVENT.id}`);
    await user.click(await screen.findByRole('button', { name: EVENT_MESSAGES.share }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/events/${EVENT.id}`);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();

    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    await user.click(screen.getByRole('button', { name: EVENT_MESSAGES.share }));
    expect(share).toHaveBeenCalledWith({ title: 'Sunset Social', url: `${window.location.origin}/events/${EVENT.id}` });
    expect(writeText).toHaveBeenCalledTimes(1);
    delete (navigator as { share?: unknown }).share;
  });

  it('shows the Cancelled banner as a status, and no Edit or Cancel once cancelled', async () => {
    member(makeEvent({ ...EVENT, status: 'cancelled', permissions: HOST_PERMISSIONS }));
    renderApp(`/events/${EVENT.id}`);
    expect(await screen.findByText(EVENT_MESSAGES.cancelledBanner)).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel event' })).not.toBeInTheDocument();
  });

  it('lets a host edit, open the door view and cancel after confirming', async () => {
    const hosted = makeEvent({ ...EVENT, permissions: HOST_PERMISSIONS });
    const cancel = vi.fn(() => json({ ...hosted, status: 'cancelled' }));
    member(hosted, { [`POST /api/events/${hosted.id}/cancel`]: cancel });
    const user = userEvent.setup();
    renderApp(`/events/${hosted.id}`);
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Door check-in' })).toHaveAttribute('href', `/events/${hosted.id}/door`);
    await user.click(screen.getByRole('button', { name: 'Cancel event' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel this event?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(cancel).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel event' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel event' }));
    expect(await screen.findByText(EVENT_MESSAGES.cancelledBanner)).toBeInTheDocument();
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(EVENT_MESSAGES.cancelDone)).toBeInTheDocument();
  });

  it('shows visitors the Apply call to action instead of RSVP, and nothing about who is going', async () => {
    const open = makeVisitorEvent({ title: 'Open Mic' });
    mockApi({ [`GET /api/events/${open.id}`]: () => json(open) });
    renderApp(`/events/${open.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Open Mic' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apply to join' })).toHaveAttribute('href', '/#apply');
    expect(screen.queryByRole('heading', { name: 'Who’s going' })).not.toBeInTheDocument();
    // Host names without links to member profiles.
    expect(screen.getByText('Casey Park')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Casey Park' })).not.toBeInTheDocument();
  });

  it('answers an unknown or hidden event with a not-found state and the way back', async () => {
    mockApi({ ...signedInAs(makeMe()), 'GET /api/events/*': () => apiError(404, 'NOT_FOUND', EVENT_MESSAGES.notFound) });
    renderApp('/events/7e8f9a0b-0000-4000-8000-000000000999');
    expect(await screen.findByRole('heading', { level: 1, name: EVENT_MESSAGES.notFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See upcoming events' })).toHaveAttribute('href', '/events');
  });

  it('reads the event again when the member’s registration changes live', async () => {
    let going = 11;
    const fetchMock = member(EVENT, { [`GET /api/events/${EVENT.id}`]: () => json({ ...EVENT, goingMembers: going }) });
    renderApp(`/events/${EVENT.id}`);
    expect(await screen.findByText('11 members · 2 guests')).toBeInTheDocument();
    going = 12;
    act(() => realtime.emitForTest({ type: 'event:registration', eventId: 'another-event' }));
    act(() => realtime.emitForTest({ type: 'event:registration', eventId: EVENT.id }));
    expect(await screen.findByText('12 members · 2 guests')).toBeInTheDocument();
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => String(url) === `/api/events/${EVENT.id}`)).toHaveLength(2));
  });
});
