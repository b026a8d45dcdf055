import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { activateLocale } from '#/lib/i18n';
import { json, mockApi, renderApp, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { makeMember } from '#/features/connections/connection-fixtures';

const LOAD = { timeout: 15000 };

describe('People in Spanish (issue 26)', () => {
  it('the search box, sort, filters and a member card', async () => {
    const alex = { ...makeMember({ fullName: 'Alex Moreno' }), interests: ['Beach'], sharedInterests: ['Beach'], linkedInstagram: 'alex.surfs' };
    mockApi({ ...signedInAs(makeMe()), 'GET /api/directory': () => json({ items: [alex], nextCursor: null }) });
    renderApp('/user-directory');
    await screen.findByRole('article', {}, LOAD);
    await act(() => activateLocale('es'));

    expect(screen.getByPlaceholderText('Busca por nombre o nombre de usuario')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Ordenar por' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Filtros' })).toBeInTheDocument();
    expect(screen.getAllByRole('combobox', { name: 'Edad mínima' }).length).toBeGreaterThan(0);
    const card = screen.getByRole('article');
    expect(within(card).getByRole('list', { name: 'Intereses en común' })).toBeInTheDocument();
    expect(within(card).getByText('Instagram @alex.surfs')).toBeInTheDocument();
    expect(screen.getByText('Se muestra 1 miembro')).toBeInTheDocument();
    // The shared package's texts: the page's title and a member's interest.
    expect(screen.getByRole('heading', { level: 1, name: 'Personas' })).toBeInTheDocument();
    expect(within(card).getByText('Playa')).toBeInTheDocument();
  });
});
