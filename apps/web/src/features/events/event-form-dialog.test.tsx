import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EVENT_MESSAGES, type MyCommunityView } from '@bayclub/shared';
import { apiError, json, mockApi, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { makeMyCommunity } from '#/features/posts/post-fixtures';
import { eventsPage, HOST_PERMISSIONS, makeEvent } from './event-fixtures';
import { defaultEventTimes } from './event-form-dialog';

const RUNNERS = makeMyCommunity('c0ffee00-0000-4000-8000-000000000001', 'Tampa Bay Runners');
const SECRET: MyCommunityView = (() => {
  const m = makeMyCommunity('c0ffee00-0000-4000-8000-000000000002', 'Secret Supper');
  return { ...m, community: { ...m.community, visibility: 'private' } };
})();
const CREATED = makeEvent({ title: 'Sunset Social', permissions: HOST_PERMISSIONS });

function setup(extra: Record<string, Handler> = {}) {
  const fetchMock = mockApi({
    ...signedInAs(makeMe()),
    'GET /api/events': () => json(eventsPage([])),
    'GET /api/communities/mine': () => json({ items: [RUNNERS, SECRET] }),
    [`GET /api/events/${CREATED.id}`]: () => json(CREATED),
    ...extra,
  });
  const user = userEvent.setup();
  const utils = renderApp('/events');
  return { fetchMock, user, ...utils };
}

async function openCreate(user: ReturnType<typeof userEvent.setup>) {
  await user.click((await screen.findAllByRole('button', { name: 'Create event' }))[0]!);
  return screen.findByRole('dialog', { name: 'Create event' });
}

const bodyOf = (fetchMock: ReturnType<typeof mockApi>, method: string, path: string) => {
  const call = fetchMock.mock.calls.find(([url, init]) => String(url) === path && init?.method === method);
  return call ? (JSON.parse(String(call[1]!.body)) as Record<string, unknown>) : undefined;
};

describe('create and edit an event', () => {
  it('starts next Saturday 19:00-21:00 club time and checks fields with the shared schema’s messages', async () => {
    const post = vi.fn(() => json(CREATED, 201));
    const { user } = setup({ 'POST /api/events': post });
    const dialog = await openCreate(user);
    const { startsAtLocal, endsAtLocal } = defaultEventTimes();
    expect(startsAtLocal).toMatch(/T19:00$/);
    expect(within(dialog).getByLabelText('Starts')).toHaveValue(startsAtLocal);
    expect(within(dialog).getByLabelText('Ends')).toHaveValue(endsAtLocal);
    expect(within(dialog).getByRole('combobox', { name: 'Time zone' })).toHaveValue('America/New_York');

    await user.click(within(dialog).getByRole('button', { name: 'Create event' }));
    expect(await within(dialog).findByText(EVENT_MESSAGES.titleRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(EVENT_MESSAGES.venueRequired)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Title'), 'ab');
    fireEvent.change(within(dialog).getByLabelText('Ends'), { target: { value: startsAtLocal.replace('T19:00', 'T18:00') } });
    await user.type(within(dialog).getByLabelText(/Capacity/), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Create event' }));
    expect(await within(dialog).findByText(EVENT_MESSAGES.titleTooShort)).toBeInTheDocument();
    expect(within(dialog).getByText(EVENT_MESSAGES.endBeforeStart)).toBeInTheDocument();
    expect(within(dialog).getByText(EVENT_MESSAGES.capacity)).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('shows the server’s field messages per field and keeps what was typed', async () => {
    const post = vi.fn(() =>
      json({ error: { code: 'VALIDATION', message: 'Check the form', fields: { startsAtLocal: EVENT_MESSAGES.startsInPast, visibility: EVENT_MESSAGES.privateCommunityEvent } } }, 400),
    );
    const { user } = setup({ 'POST /api/events': post });
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByLabelText('Title'), 'Sunset Social');
    await user.type(within(dialog).getByLabelText('Venue'), 'The Pier');
    await user.click(within(dialog).getByRole('button', { name: 'Create event' }));
    expect(await within(dialog).findByText(EVENT_MESSAGES.startsInPast)).toBeInTheDocument();
    expect(within(dialog).getByText(EVENT_MESSAGES.privateCommunityEvent)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Starts')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Sunset Social');
    expect(within(dialog).getByLabelText('Venue')).toHaveValue('The Pier');
  });

  it('says why when the server fails without field messages, and keeps the form', async () => {
    const { user } = setup({ 'POST /api/events': () => apiError(403, 'FORBIDDEN', 'You cannot create events') });
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByLabelText('Title'), 'Sunset Social');
    await user.type(within(dialog).getByLabelText('Venue'), 'The Pier');
    await user.click(within(dialog).getByRole('button', { name: 'Create event' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You cannot create events');
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Sunset Social');
  });

  it('offers community-only visibility only with a community, forces it for a private one, and sends the event', async () => {
    const { user, fetchMock, router } = setup({ 'POST /api/events': () => json(CREATED, 201) });
    const dialog = await openCreate(user);
    const visibility = within(dialog).getByRole('combobox', { name: 'Who can see it' });
    expect(within(visibility).queryByRole('option', { name: 'Community members only' })).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Community/ }), 'Tampa Bay Runners');
    expect(within(visibility).getByRole('option', { name: 'Community members only' })).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Community/ }), 'Secret Supper');
    await waitFor(() => expect(visibility).toHaveValue('community'));
    expect(within(visibility).getAllByRole('option')).toHaveLength(1);

    await user.type(within(dialog).getByLabelText('Title'), 'Sunset Social');
    await user.type(within(dialog).getByLabelText('Venue'), 'The Pier');
    await user.type(within(dialog).getByLabelText(/Capacity/), '2');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Guests (plus-ones)' }), '1');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'City' }), 'st_pete');
    await user.click(within(dialog).getByRole('button', { name: 'Create event' }));

    expect(await screen.findByRole('dialog', { name: 'Add a cover image' })).toBeInTheDocument();
    expect(await screen.findByText(EVENT_MESSAGES.created)).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST', '/api/events')).toEqual({
      title: 'Sunset Social',
      description: '',
      ...defaultEventTimes(),
      timeZone: 'America/New_York',
      venue: 'The Pier',
      address: '',
      city: 'st_pete',
      communityId: SECRET.community.id,
      visibility: 'community',
      capacity: 2,
      guestsAllowed: 1,
    });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/events/${CREATED.id}`));
  });

  it('edits an event with its times in its own zone and sends no community', async () => {
    const chicago = makeEvent({
      title: 'Deep Dish Night',
      timeZone: 'America/Chicago',
      startsAt: '2026-03-15T00:00:00.000Z',
      endsAt: '2026-03-15T02:00:00.000Z',
      community: { id: RUNNERS.community.id, name: 'Tampa Bay Runners', urlSlug: 'runners' },
      permissions: HOST_PERMISSIONS,
    });
    const patch = vi.fn(() => json({ ...chicago, title: 'Deep Dish Night II' }));
    const fetchMock = mockApi({ ...signedInAs(makeMe()), [`GET /api/events/${chicago.id}`]: () => json(chicago), [`PATCH /api/events/${chicago.id}`]: patch });
    const user = userEvent.setup();
    renderApp(`/events/${chicago.id}`);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit event' });
    expect(within(dialog).getByLabelText('Starts')).toHaveValue('2026-03-14T19:00');
    expect(within(dialog).getByRole('combobox', { name: 'Time zone' })).toHaveValue('America/Chicago');
    expect(within(dialog).queryByRole('combobox', { name: /Community/ })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Title'), ' II');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('dialog', { name: 'Add a cover image' })).toBeInTheDocument();
    // Only what changed: the times stay as they were, and the community is never sent.
    expect(bodyOf(fetchMock, 'PATCH', `/api/events/${chicago.id}`)).toEqual({ title: 'Deep Dish Night II' });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Deep Dish Night II' })).toBeInTheDocument();

    // A new end time sends the start, end and zone together.
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const again = await screen.findByRole('dialog', { name: 'Edit event' });
    fireEvent.change(within(again).getByLabelText('Ends'), { target: { value: '2026-03-14T22:00' } });
    await user.click(within(again).getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('dialog', { name: 'Add a cover image' });
    const patches = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([, init]) => JSON.parse(String(init!.body)) as unknown);
    expect(patches[1]).toEqual({ startsAtLocal: '2026-03-14T19:00', endsAtLocal: '2026-03-14T22:00', timeZone: 'America/Chicago' });
  });

  it('sends nothing when nothing changed', async () => {
    const hosted = makeEvent({ permissions: HOST_PERMISSIONS });
    const patch = vi.fn(() => json(hosted));
    mockApi({ ...signedInAs(makeMe()), [`GET /api/events/${hosted.id}`]: () => json(hosted), [`PATCH /api/events/${hosted.id}`]: patch });
    const user = userEvent.setup();
    renderApp(`/events/${hosted.id}`);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Edit event' })).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('dialog', { name: 'Add a cover image' })).toBeInTheDocument();
    expect(patch).not.toHaveBeenCalled();
  });
});
