import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { activateLocale } from '#/lib/i18n';
import { mockApi, renderInProviders } from '#/test/render-app';
import { GetAppPage } from './get-app-page';

describe('/get-app in Spanish (issue 26)', () => {
  it('on a computer: the QR code and its explanation in Spanish', async () => {
    mockApi();
    await act(() => activateLocale('es'));
    renderInProviders(<GetAppPage />, '/get-app');
    expect(await screen.findByRole('heading', { level: 1, name: 'Obtén la app' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'En tu teléfono' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Código QR: abre esta página en tu teléfono' })).toBeInTheDocument();
  });
});
