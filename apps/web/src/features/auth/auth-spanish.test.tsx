import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { activateLocale } from '#/lib/i18n';
import { mockApi, renderInProviders } from '#/test/render-app';
import { SignInPage } from './sign-in-page';

describe('sign-in in Spanish (issue 26)', () => {
  it('shows the form, its link and its labels in Spanish', async () => {
    mockApi();
    await act(() => activateLocale('es'));
    renderInProviders(<SignInPage />, '/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.getByLabelText('Correo electrónico')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '¿Olvidaste tu contraseña?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Solicita tu membresía' })).toHaveAttribute('href', '/#apply');
  });
});
