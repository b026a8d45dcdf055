import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { activateLocale } from '#/lib/i18n';
import { mockApi, renderApp, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';

vi.mock('#/features/profile/profile-page', async () => ({ ProfilePage: (await import('#/test/mock-pages')).ProfilePage }));

/** The first render of a file compiles the whole app, and Spanish loads its catalogues: slow on a busy machine. */
const LOAD = { timeout: 15000 };

describe('the signed-in frame in Spanish (issue 26)', () => {
  it('names the side menu, the bottom tabs and their actions in Spanish', async () => {
    mockApi(signedInAs(makeMe({}, { language: 'es' })));
    await activateLocale('es');
    renderApp('/profile');
    await screen.findByRole('heading', { name: 'Profile page' }, LOAD);
    const menu = within(await screen.findByRole('navigation', { name: 'Principal' }, LOAD));
    for (const name of ['Inicio', 'Perfil', 'Personas', 'Eventos', 'Mensajes', 'Saludar']) {
      expect(menu.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(menu.getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
    expect(menu.getByRole('button', { name: 'Modo claro' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('navigation', { name: 'Pestañas' }));
    expect(tabs.getAllByRole('link').map((a) => a.textContent)).toEqual(['Conectar', 'Comunidad', 'Lugares', 'Perfil']);
    expect(screen.getByRole('link', { name: 'Saltar al contenido principal' })).toHaveAttribute('href', '#main');
  }, 30_000);
});
