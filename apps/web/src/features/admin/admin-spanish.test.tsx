import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { activateLocale } from '#/lib/i18n';
import { mockApi, never, renderInProviders } from '#/test/render-app';
import { StatusBadge } from './application-card';
import { HealthPanel } from './health/health-panel';
import { SectionError } from './section-error';

describe('the back office in Spanish (issue 26)', () => {
  it('says an application’s state and a failing section in Spanish', async () => {
    await activateLocale('es');
    render(
      <>
        <StatusBadge status="rejected" />
        <SectionError onRetry={() => {}} />
      </>,
    );
    expect(screen.getByText('Rechazada')).toBeInTheDocument();
    expect(screen.getByText('Error del componente')).toBeInTheDocument();
    expect(screen.getByText('No se pudo mostrar esta sección. Vuelve a intentarlo.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('shows a shared label (the Health title) in Spanish', async () => {
    await activateLocale('es');
    mockApi({ 'GET /api/admin/health': never });
    renderInProviders(<HealthPanel />);
    expect(await screen.findByRole('heading', { name: 'Estado del sistema' })).toBeInTheDocument();
  });
});
