import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { activateLocale } from '#/lib/i18n';
import { mockApi, renderInProviders } from '#/test/render-app';
import { DeleteDataPage } from './delete-data-page';

describe('/delete-data in Spanish (issue 26)', () => {
  it('explains and asks in Spanish', async () => {
    mockApi();
    await act(() => activateLocale('es'));
    renderInProviders(<DeleteDataPage />, '/delete-data');
    expect(await screen.findByRole('heading', { level: 1, name: 'Elimina tus datos' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Qué se conserva y por qué' })).toBeInTheDocument();
    expect(screen.getByText(/válido por 24 horas/)).toBeInTheDocument();
    expect(screen.getByLabelText('Correo electrónico de la cuenta')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'política de privacidad' })).toHaveAttribute('href', '/privacy-policy');
  });
});
