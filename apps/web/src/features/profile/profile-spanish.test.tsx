import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { activateLocale } from '#/lib/i18n';
import { json, mockApi, renderApp, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { OWN_ID } from '#/features/gallery/gallery-fixtures';

/** The first render of a file compiles the whole app, and Spanish loads its catalogues: slow on a busy machine. */
const LOAD = { timeout: 15000 };

describe('the own profile in Spanish (issue 26)', () => {
  it('shows the header, its actions and the tabs in Spanish; the application date in Spanish too', async () => {
    mockApi({
      ...signedInAs(
        makeMe(
          { fullName: 'Sam Rivera', age: 31, accountType: 'community_only', applicationStatus: 'pending', createdAt: '2026-03-05T12:00:00.000Z', relationshipStatus: 'single' },
          { language: 'es' },
        ),
      ),
      [`GET /api/profiles/${OWN_ID}/images`]: () => json({ items: [] }),
    });
    await activateLocale('es');
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: /Sam Rivera/ }, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tu solicitud está en revisión' })).toBeInTheDocument();
    expect(screen.getByText('Solicitud enviada el 5 de marzo de 2026')).toBeInTheDocument();
    expect(screen.getByText('Miembro de la comunidad')).toBeInTheDocument();
    expect(screen.getByText('Edad')).toBeInTheDocument();
    expect(screen.getByText('Soltero/a')).toBeInTheDocument(); // a shared label
    expect(screen.getByRole('button', { name: 'Compartir' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Configuración' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Fotos' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Mensajes' })).toBeInTheDocument();
  }, 30_000);
});
