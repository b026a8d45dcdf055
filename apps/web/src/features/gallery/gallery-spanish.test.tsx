import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { activateLocale } from '#/lib/i18n';
import { json, mockApi, renderApp, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { OWN_ID, makeImages } from './gallery-fixtures';

/** The first render of a file compiles the whole app, and Spanish loads its catalogues: slow on a busy machine. */
const LOAD = { timeout: 15000 };

describe('the gallery in Spanish (issue 26)', () => {
  it('labels the photos, the owner menu and the upload dialog in Spanish', async () => {
    mockApi({
      ...signedInAs(makeMe({}, { language: 'es' })),
      [`GET /api/profiles/${OWN_ID}/images`]: () => json({ items: makeImages(2) }),
    });
    await activateLocale('es');
    const user = userEvent.setup();
    renderApp('/profile');
    const grid = within(await screen.findByRole('list', { name: 'Fotos' }, LOAD));
    expect(grid.getByRole('img', { name: 'Foto 1 de 2' })).toBeInTheDocument();
    expect(grid.getByRole('button', { name: 'Opciones de Foto 2 de 2' })).toBeInTheDocument();
    expect(grid.getByText('2/12 fotos')).toBeInTheDocument();

    await user.click(grid.getByRole('button', { name: 'Agregar fotos' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Agregar fotos' }));
    expect(dialog.getByText(/^Tu galería tiene espacio para 10 fotos más\./)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Subir' })).toBeDisabled();
  }, 30_000);
});
