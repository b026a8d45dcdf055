import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { activateLocale } from '#/lib/i18n';
import { json, mockApi, renderApp, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { makeHello, makeMatch, makeMember, page } from './connection-fixtures';

const LOAD = { timeout: 15000 };

describe('Connections in Spanish (issue 26)', () => {
  it('the tabs, a match and a received hello', async () => {
    const alex = makeMember({ fullName: 'Alex Moreno' });
    const blake = makeMember({ id: 'b0b0b0b0-0000-4000-8000-0000000000b2', fullName: 'Blake Chen' });
    mockApi({
      ...signedInAs(makeMe()),
      'GET /api/matches': () => json(page([makeMatch({ member: alex })])),
      'GET /api/hellos': () => json(page([makeHello({ member: blake })])),
      'GET /api/blocks': () => json(page([])),
    });
    renderApp('/connections');
    await screen.findByRole('heading', { level: 1, name: 'Connections' }, LOAD);
    await screen.findByText('Alex Moreno', {}, LOAD);
    await act(() => activateLocale('es'));

    expect(screen.getByRole('heading', { level: 1, name: 'Conexiones' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Recibidos/ })).toHaveTextContent('(1 en espera)');
    expect(screen.getByRole('button', { name: 'Enviar un mensaje a Alex Moreno' })).toBeInTheDocument();
    expect(screen.getByText(/· Hicieron match el /)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: /Recibidos/ }));
    const panel = await screen.findByRole('tabpanel', {}, LOAD);
    expect(within(panel).getByRole('button', { name: 'Aceptar el saludo de Blake Chen' })).toHaveTextContent('Aceptar');
    expect(within(panel).getByRole('button', { name: 'Rechazar el saludo de Blake Chen' })).toHaveTextContent('Rechazar');
  });
});
