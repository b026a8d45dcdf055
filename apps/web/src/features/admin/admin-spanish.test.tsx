import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { activateLocale } from '#/lib/i18n';
import type { AuditEntryView } from '@bayclub/shared';
import { json, mockApi, never, renderInProviders } from '#/test/render-app';
import { AuditPanel } from './audit/audit-panel';
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

  it('the audit says our own labels in Spanish and shows recorded values as they were, marked not to translate', async () => {
    await activateLocale('es');
    const entry: AuditEntryView = {
      id: 'a1',
      action: 'settings.update',
      actorId: null,
      actorName: 'Dana Admin',
      targetType: 'settings',
      targetId: null,
      targetLabel: 'Terms of Service',
      memberId: null,
      communityId: null,
      before: { landing_cover_type: 'image', show_badge: false },
      after: { landing_cover_type: 'video', show_badge: true },
      reason: null,
      createdAt: '2026-11-20T15:00:00.000Z',
    };
    mockApi({ 'GET /api/admin/audit': () => json({ items: [entry], nextCursor: null }) });
    renderInProviders(<AuditPanel />);
    const article = (await screen.findByText('Términos del servicio', {}, { timeout: 5000 })).closest('article')!;
    const recorded = within(article).getByText('image');
    expect(recorded).toHaveAttribute('translate', 'no');
    // Yes and no are our words, in Spanish.
    expect(within(article).getByText((_, node) => node?.tagName === 'DD' && /^no → cambió a sí$/.test(node.textContent ?? ''))).toBeInTheDocument();
  });
});
