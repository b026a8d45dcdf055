import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { activateLocale } from '#/lib/i18n';
import { json, mockApi, renderApp, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { checkInWhen } from './check-in-format';
// The catalogue these plain functions read, registered so activateLocale loads its Spanish.
import './i18n';
import { formatPoint } from './map/map-model';
import { makeCheckIn, makeLocationMember, makePlace, minutesAgo, PLACE_ID } from './location-fixtures';

const LOAD = { timeout: 15000 };

describe('Places in Spanish (issue 26)', () => {
  it('the place page, who is here now and when', async () => {
    const ada = makeCheckIn({ member: makeLocationMember({ fullName: 'Ada Lovelace' }), createdAt: minutesAgo(25) });
    const ben = makeCheckIn({ member: makeLocationMember({ fullName: 'Ben Ortiz' }), hereNow: false, createdAt: minutesAgo(25) });
    mockApi({
      ...signedInAs(makeMe()),
      [`GET /api/locations/${PLACE_ID}`]: () => json(makePlace({ hereNow: [ada], hereNowCount: 3, recent: [ben], openingHours: '' })),
    });
    renderApp(`/locations/${PLACE_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'The Pier' }, LOAD);
    await act(() => activateLocale('es'));

    expect(screen.getByRole('link', { name: 'Todos los lugares' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Miembros aquí ahora' })).toHaveTextContent('y 2 más');
    expect(screen.getByRole('heading', { name: 'Acerca de' })).toBeInTheDocument();
    expect(screen.getByText('Aún no se indica.')).toBeInTheDocument();
    expect(screen.getByText('hace 25 min')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reportar este lugar' })).toBeInTheDocument();
    // A shared label, and the count that replaced the shared builder.
    expect(screen.getByRole('heading', { name: 'Aquí ahora' })).toBeInTheDocument();
    expect(screen.getByText('3 miembros aquí ahora')).toBeInTheDocument();
  });

  it('says how long ago and where, in words of the language', async () => {
    await activateLocale('es');
    const now = Date.parse('2026-03-14T18:00:00Z');
    expect(checkInWhen(new Date(now - 30_000).toISOString(), now)).toBe('Justo ahora');
    expect(checkInWhen(new Date(now - 3 * 3_600_000).toISOString(), now)).toBe('hace 3 h');
    expect(formatPoint({ lat: 27.9506, lng: -82.4572 })).toBe('27.95060° N, 82.45720° O');
  });
});
