import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { activateLocale } from '#/lib/i18n';
import { json, mockApi, renderApp, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { makeCard, makeDeckPage } from '#/features/connections/connection-fixtures';

const LOAD = { timeout: 15000 };

describe('Say Hi in Spanish (issue 26)', () => {
  it('the deck, its card and the Say Hi dialog', async () => {
    const alex = makeCard({ fullName: 'Alex Moreno', interests: ['Beach', 'Yoga'], commonInterests: ['Beach'], saidHiToYou: true });
    mockApi({ ...signedInAs(makeMe()), 'GET /api/say-hi/deck': () => json(makeDeckPage([alex], { remainingToday: 1 })) });
    renderApp('/say-hi');
    await screen.findByRole('article', {}, LOAD);
    await act(() => activateLocale('es'));

    expect(screen.getByRole('heading', { level: 1, name: 'Saludar' })).toBeInTheDocument();
    expect(screen.getByText('Te queda 1 saludo hoy')).toBeInTheDocument();
    const card = screen.getByRole('article');
    expect(within(card).getByText('Te saludó')).toBeInTheDocument();
    expect(within(card).getByRole('region', { name: 'Intereses en común' })).toBeInTheDocument();
    expect(within(card).getByRole('region', { name: 'Otros intereses' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Omitir a Alex Moreno' })).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Saludar a Alex Moreno' }));
    const dialog = await screen.findByRole('dialog', { name: 'Saluda a Alex Moreno' }, LOAD);
    expect(within(dialog).getByRole('textbox', { name: 'Nota (opcional)' })).toHaveAttribute(
      'placeholder',
      '¡Hola! Veo que a los dos nos encanta la playa.',
    );
    expect(within(dialog).getByRole('button', { name: 'Enviar' })).toBeInTheDocument();
  });
});
