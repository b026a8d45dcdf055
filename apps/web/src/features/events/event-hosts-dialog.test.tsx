import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EVENT_MESSAGES } from '@bayclub/shared';
import { apiError, json, mockApi, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { eventsPage, HOST_PERMISSIONS, makeEvent, makeEventMember, makeHost } from './event-fixtures';

const ME = makeMe();
const ANA = makeEventMember({ fullName: 'Ana Lopez' });
const BEN = makeEventMember({ fullName: 'Ben Ortiz' });
const CREATOR = makeHost({ id: ME.user.id, fullName: 'Sam Rivera', isCreator: true });
const EVENT = makeEvent({ permissions: HOST_PERMISSIONS, hosts: [CREATOR, makeHost({ ...BEN, role: 'door', isCreator: false })] });
const attendee = (member: typeof ANA) => ({ member, status: 'going', guests: 0, checkedInAt: null });

function setup(event = EVENT, extra: Record<string, Handler> = {}, me = ME) {
  const fetchMock = mockApi({
    ...signedInAs(me),
    [`GET /api/events/${event.id}`]: () => json(event),
    [`GET /api/events/${event.id}/attendees`]: () => json(eventsPage([attendee(ANA), attendee(BEN)])),
    ...extra,
  });
  return { fetchMock, user: userEvent.setup(), ...renderApp(`/events/${event.id}`) };
}

describe('hosts and door helpers', () => {
  it('lets the creator add a member going as co-host, change a role and remove a helper', async () => {
    const put = vi.fn(() => json({ ...EVENT, hosts: [...EVENT.hosts, makeHost({ ...ANA, role: 'host', isCreator: false })] }));
    const del = vi.fn(() => json({ ...EVENT, hosts: [CREATOR] }));
    const { user, fetchMock } = setup(EVENT, { [`PUT /api/events/${EVENT.id}/hosts/*`]: put, [`DELETE /api/events/${EVENT.id}/hosts/*`]: del });
    await user.click(await screen.findByRole('button', { name: 'Hosts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hosts and door helpers' });
    // Ben is already a door helper: offered only in the hosts list.
    expect(within(dialog).getByRole('combobox', { name: 'Role of Ben Ortiz' })).toHaveValue('door');
    expect(within(dialog).queryByRole('button', { name: 'Co-host: add Ben Ortiz' })).not.toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: 'Co-host: add Ana Lopez' }));
    expect(await within(dialog).findByRole('combobox', { name: 'Role of Ana Lopez' })).toHaveValue('host');
    const putCall = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(String(putCall[0])).toBe(`/api/events/${EVENT.id}/hosts/${ANA.id}`);
    expect(JSON.parse(String(putCall[1]!.body))).toEqual({ role: 'host' });

    await user.click(within(dialog).getByRole('button', { name: 'Remove Ben Ortiz' }));
    expect(await within(dialog).findByText('Nobody yet. Add members who are going.')).toBeInTheDocument();
    expect(del).toHaveBeenCalledTimes(1);
  });

  it('says why the server refused', async () => {
    const { user } = setup(EVENT, { [`PUT /api/events/${EVENT.id}/hosts/*`]: () => apiError(400, 'VALIDATION', EVENT_MESSAGES.hostNotFound) });
    await user.click(await screen.findByRole('button', { name: 'Hosts' }));
    await user.click(await screen.findByRole('button', { name: 'Door helper: add Ana Lopez' }));
    expect(await screen.findByText(EVENT_MESSAGES.hostNotFound)).toBeInTheDocument();
  });

  it('is not offered to a co-host who is not the creator', async () => {
    const other = makeEvent({ permissions: HOST_PERMISSIONS, hosts: [makeHost(), makeHost({ id: ME.user.id, isCreator: false, role: 'host' })] });
    setup(other);
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hosts' })).not.toBeInTheDocument();
  });
});
