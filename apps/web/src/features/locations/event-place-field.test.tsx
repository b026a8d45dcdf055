import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EventView } from '@bayclub/shared';
import { eventsPage, HOST_PERMISSIONS, makeEvent } from '#/features/events/event-fixtures';
import { json, mockApi, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeFlags, makeMe } from '#/test/fixtures';
import { makeCard, makePlace, page, PLACE_ID } from './location-fixtures';

const LOAD = { timeout: 5000 };
const ARMATURE = makeCard({ name: 'Armature Works', category: 'venue', city: 'tampa', address: '1910 N Ola Ave' });
const BREW = makeCard({ name: 'Buddy Brew Coffee', city: 'tampa' });
const CREATED = makeEvent({ title: 'Sunset Social', permissions: HOST_PERMISSIONS });

function setup(extra: Record<string, Handler> = {}, me = makeMe()) {
  const fetchMock = mockApi({
    ...signedInAs(me),
    'GET /api/events': () => json(eventsPage([])),
    'GET /api/communities/mine': () => json({ items: [] }),
    'GET /api/locations': () => json(page([ARMATURE, BREW])),
    [`GET /api/events/${CREATED.id}`]: () => json(CREATED),
    ...extra,
  });
  return { fetchMock, user: userEvent.setup() };
}
const placeQueries = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://x'))
    .filter((u) => u.pathname === '/api/locations')
    .map((u) => Object.fromEntries(u.searchParams));

describe('the event form’s Place', () => {
  it('lists the club’s places of the event’s city; choosing one fills the venue, address and city and is sent', async () => {
    let body: unknown = null;
    const { fetchMock, user } = setup({ 'POST /api/events': (req) => ((body = req.body), json(CREATED, 201)) });
    renderApp('/events');
    await user.click((await screen.findAllByRole('button', { name: 'Create event' }, LOAD))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Create event' });
    const place = within(dialog).getByRole('combobox', { name: /Place/ });
    await within(place).findByRole('option', { name: 'Armature Works' });
    expect(placeQueries(fetchMock)[0]).toEqual({ limit: '50' });
    await user.type(within(dialog).getByLabelText('Title'), 'Sunset Social');
    await user.selectOptions(place, 'Armature Works');
    expect(within(dialog).getByLabelText('Venue')).toHaveValue('Armature Works');
    expect(within(dialog).getByLabelText(/Address/)).toHaveValue('1910 N Ola Ave');
    expect(within(dialog).getByRole('combobox', { name: 'City' })).toHaveValue('tampa');
    await waitFor(() => expect(placeQueries(fetchMock).at(-1)).toEqual({ city: 'tampa', limit: '50' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create event' }));
    await waitFor(() => expect(body).toMatchObject({ venue: 'Armature Works', city: 'tampa', locationId: ARMATURE.id }));
  });

  it('keeps an edited event’s place from another city, named from its page, and sends only a change', async () => {
    const event: EventView = makeEvent({ locationId: PLACE_ID, city: 'tampa', permissions: HOST_PERMISSIONS });
    let patch: unknown = null;
    const { user } = setup({
      [`GET /api/events/${event.id}`]: () => json(event),
      [`GET /api/events/${event.id}/attendees`]: () => json(page([])),
      [`GET /api/locations/${PLACE_ID}`]: () => json(makePlace()),
      [`PATCH /api/events/${event.id}`]: (req) => ((patch = req.body), json(event)),
    });
    renderApp(`/events/${event.id}`);
    await user.click(await screen.findByRole('button', { name: 'Edit' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Edit event' });
    const place = within(dialog).getByRole('combobox', { name: /Place/ });
    expect(await within(place).findByRole('option', { name: 'The Pier' })).toBeInTheDocument();
    expect(place).toHaveValue(PLACE_ID);
    await user.selectOptions(place, 'Not at one of the club’s places');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patch).toEqual({ locationId: null }));
  });

  it('is not offered to a limited member who may not see places', async () => {
    const { fetchMock, user } = setup(
      { 'GET /api/permissions': () => json({ flags: makeFlags({ create_events: true }) }) },
      makeMe({ accountType: 'community_only' }),
    );
    renderApp('/events');
    await user.click((await screen.findAllByRole('button', { name: 'Create event' }, LOAD))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Create event' });
    expect(within(dialog).getByLabelText('Venue')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: /Place/ })).not.toBeInTheDocument();
    expect(placeQueries(fetchMock)).toEqual([]);
  });
});
