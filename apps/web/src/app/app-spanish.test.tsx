import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { activateLocale } from '#/lib/i18n';
import { RouteErrorPage } from './route-error-page';

describe('the app frame in Spanish (issue 26)', () => {
  it('the last-resort error page speaks Spanish', async () => {
    await act(() => activateLocale('es'));
    render(<RouteErrorPage />);
    expect(screen.getByRole('alert')).toHaveTextContent('Algo salió mal');
    expect(screen.getByRole('button', { name: 'Volver a cargar' })).toBeInTheDocument();
  });
});
