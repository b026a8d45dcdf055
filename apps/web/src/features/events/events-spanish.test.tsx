import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import type { EventView } from '@bayclub/shared';
import { api } from '#/lib/api';
import { activateLocale } from '#/lib/i18n';
import { json, mockApi, renderApp, renderInProviders, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { eventKeys } from './keys';
import { RsvpBar } from './rsvp-bar';
import { RsvpPanel } from './rsvp-panel';
import { EVENT_ID, makeEvent, makeMine, makeTicket } from './rsvp-fixtures';
import { eventsPage } from './event-fixtures';
import { defaultEventTimes } from './event-form-dialog';

const LOAD = { timeout: 5000 };

/** The event page's part that matters here: the event read from the server, the panel and the bar fed from it. */
function Page() {
  const query = useQuery({ queryKey: eventKeys.detail(EVENT_ID), queryFn: () => api.get<EventView>(`/api/events/${EVENT_ID}`) });
  return query.data ? (
    <main>
      <RsvpPanel event={query.data} />
      <RsvpBar event={query.data} />
    </main>
  ) : null;
}

describe('the RSVP in Spanish (issue 26)', () => {
  it('a member going with a guest reads their status, party and ticket in Spanish', async () => {
    await activateLocale('es');
    mockApi({
      ...signedInAs(makeMe()),
      [`GET /api/events/${EVENT_ID}`]: () => json(makeEvent({ mine: makeMine({ status: 'going', guests: 1 }) })),
      [`GET /api/events/${EVENT_ID}/ticket`]: () => json(makeTicket()),
    });
    renderInProviders(<Page />);
    const panel = await screen.findByRole('region', { name: 'Tu asistencia' }, LOAD);
    expect(within(panel).getByText('Voy, con 1 invitado')).toBeInTheDocument();
    expect(within(panel).getByText('Quedan 3 de 20 lugares')).toBeInTheDocument();
    // A shared label (EVENT_MESSAGES.notGoing), from the shared package's Spanish.
    expect(within(panel).getByRole('button', { name: 'No voy' })).toBeInTheDocument();
    expect(await within(panel).findByText('Grupo de 2 (tú y 1 invitado)', {}, LOAD)).toBeInTheDocument();
    expect(within(panel).getByRole('img', { name: 'Código de la entrada: A C D 2 3 4' })).toBeInTheDocument();
    const bar = screen.getByRole('region', { name: 'Barra de confirmación de asistencia' });
    expect(within(bar).getByRole('button', { name: 'Tu entrada' })).toBeInTheDocument();
  });

  it('the event form says its limits in Spanish: a number built into the message is in the catalogue', async () => {
    await activateLocale('es');
    mockApi({ ...signedInAs(makeMe()), 'GET /api/events': () => json(eventsPage([])), 'GET /api/communities/mine': () => json({ items: [] }) });
    const user = userEvent.setup();
    renderApp('/events');
    await user.click((await screen.findAllByRole('button', { name: 'Crear evento' }, LOAD))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Crear evento' });
    const { startsAtLocal } = defaultEventTimes();
    fireEvent.change(within(dialog).getByLabelText('Título'), { target: { value: 'x'.repeat(121) } });
    fireEvent.change(within(dialog).getByLabelText('Termina'), { target: { value: startsAtLocal.replace('T19:00', 'T18:00') } });
    await user.type(within(dialog).getByLabelText(/Capacidad/), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Crear evento' }));
    expect(await within(dialog).findByText('El título debe tener 120 caracteres como máximo', {}, LOAD)).toBeInTheDocument();
    expect(within(dialog).getByText('La capacidad debe ser un número entero de 1 a 5000')).toBeInTheDocument();
  });
});
