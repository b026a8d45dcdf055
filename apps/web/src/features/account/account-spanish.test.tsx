import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { activateLocale } from '#/lib/i18n';
import { json, mockApi, renderApp, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { OWN_ID } from '#/features/gallery/gallery-fixtures';
import { NO_DATA_EXPORT, NO_PAYOUT_ACCOUNT } from '#/features/settings/settings-test-harness';

/** The first render of a file compiles the whole app, and Spanish loads its catalogues: slow on a busy machine. */
const LOAD = { timeout: 15000 };

describe('the account dialogs in Spanish (issue 26)', () => {
  it('asks for DELETE in Spanish words, with the data card and the password dialog in Spanish too', async () => {
    mockApi({
      ...signedInAs(makeMe({}, { language: 'es' })),
      [`GET /api/profiles/${OWN_ID}/images`]: () => json({ items: [] }),
      'GET /api/payments/payout-account': () => json(NO_PAYOUT_ACCOUNT),
      'GET /api/account/export': () => json(NO_DATA_EXPORT),
    });
    await activateLocale('es');
    const user = userEvent.setup();
    renderApp('/profile?settings=security');
    const dialog = within(await screen.findByRole('dialog', { name: 'Configuración' }, LOAD));
    expect(await dialog.findByRole('button', { name: 'Solicitar mis datos' })).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Cambiar contraseña' }));
    const password = within(await screen.findByRole('dialog', { name: 'Cambiar contraseña' }));
    expect(password.getByLabelText('Contraseña actual')).toBeInTheDocument();
    await user.click(password.getByRole('button', { name: 'Cancelar' }));

    await user.click(dialog.getByRole('button', { name: 'Eliminar cuenta' }));
    const warning = within(await screen.findByRole('alertdialog', { name: 'Eliminar cuenta' }));
    expect(warning.getByText('Tus mensajes y conversaciones')).toBeInTheDocument();
    await user.click(warning.getByRole('button', { name: 'Continuar' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Confirma la eliminación de la cuenta' }));
    expect(confirm.getByLabelText('Escribe DELETE para confirmar')).toBeInTheDocument();
    expect(confirm.getByRole('button', { name: 'Eliminar cuenta' })).toBeDisabled();
  }, 30_000);
});
