import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { activateLocale } from '#/lib/i18n';
import { json, mockApi, renderApp, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { OWN_ID } from '#/features/gallery/gallery-fixtures';
import { NO_DATA_EXPORT, NO_PAYOUT_ACCOUNT } from './settings-test-harness';

/** The first render of a file compiles the whole app, and Spanish loads its catalogues: slow on a busy machine. */
const LOAD = { timeout: 15000 };

describe('Settings in Spanish (issue 26)', () => {
  it('names the sections, the profile tabs, the picture control and Security in Spanish', async () => {
    mockApi({
      ...signedInAs(makeMe({}, { language: 'es' })),
      [`GET /api/profiles/${OWN_ID}/images`]: () => json({ items: [] }),
      'GET /api/payments/payout-account': () => json(NO_PAYOUT_ACCOUNT),
      'GET /api/account/export': () => json(NO_DATA_EXPORT),
    });
    await activateLocale('es');
    const user = userEvent.setup();
    renderApp('/profile?settings=profile');
    const dialog = within(await screen.findByRole('dialog', { name: 'Configuración' }, LOAD));
    expect(dialog.getByText('Administra tu perfil, seguridad, ganancias y membresías.')).toBeInTheDocument();
    const sections = dialog.getByRole('tablist', { name: 'Secciones de configuración' });
    expect(within(sections).getAllByRole('tab').map((t) => t.textContent?.replace(/\(.*\)/g, '').trim())).toEqual([
      'Perfil',
      'Seguridad',
      'Ganancias',
      'Membresías',
    ]);
    expect(dialog.getByRole('tab', { name: 'Básico' })).toBeInTheDocument();
    expect(dialog.getByLabelText('Nombre')).toBeInTheDocument();
    expect(dialog.getByText('Foto de perfil')).toBeInTheDocument();
    expect(dialog.getByText('JPEG, PNG o WebP, de hasta 5MB.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Guardar configuración' })).toBeInTheDocument();

    await user.click(dialog.getByRole('tab', { name: 'Personal' }));
    expect(dialog.getByLabelText('Situación sentimental')).toBeInTheDocument();
    // A shared label (@bayclub/shared's catalogue): the option says Hombre, its value stays Male.
    expect(dialog.getByRole('option', { name: 'Hombre' })).toHaveValue('Male');

    await user.click(dialog.getByRole('tab', { name: /^Seguridad/ }));
    expect(await dialog.findByRole('heading', { name: 'Zona de peligro' })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Cambiar contraseña' })).toBeInTheDocument();
    expect(dialog.getByRole('switch', { name: 'Modo oscuro' })).toBeInTheDocument();
  }, 30_000);

  it('choosing English saves it, switches the page, and fetches again what the server wrote in Spanish', async () => {
    let images = 0;
    mockApi({
      ...signedInAs(makeMe({}, { language: 'es' })),
      [`GET /api/profiles/${OWN_ID}/images`]: () => {
        images += 1;
        return json({ items: [] });
      },
      'GET /api/payments/payout-account': () => json(NO_PAYOUT_ACCOUNT),
      'GET /api/account/export': () => json(NO_DATA_EXPORT),
      'PUT /api/me/language': () => json({ language: 'en' }),
    });
    await activateLocale('es');
    const user = userEvent.setup();
    renderApp('/profile?settings=security');
    const dialog = within(await screen.findByRole('dialog', { name: 'Configuración' }, LOAD));
    await waitFor(() => expect(images).toBeGreaterThan(0));
    const before = images;
    await user.selectOptions(await dialog.findByRole('combobox', { name: 'Idioma' }, LOAD), 'en');
    expect(await screen.findByRole('dialog', { name: 'Settings' }, LOAD)).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    await waitFor(() => expect(images).toBeGreaterThan(before));
  }, 30_000);
});
