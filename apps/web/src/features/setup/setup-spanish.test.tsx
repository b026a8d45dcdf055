import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { activateLocale } from '#/lib/i18n';
import { json, mockApi, renderInProviders } from '#/test/render-app';
import { SetupPage } from './setup-page';

describe('setup in Spanish (issue 26)', () => {
  it('shows the page and the form in Spanish', async () => {
    mockApi({ 'GET /api/setup/status': () => json({ needsSetup: true }) });
    await act(() => activateLocale('es'));
    renderInProviders(<SetupPage />, '/setup?token=tok123');
    expect(await screen.findByRole('button', { name: 'Crear cuenta de administrador' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Configura Bay Club' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre de usuario')).toBeInTheDocument();
  });
});
