import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { activateLocale } from '#/lib/i18n';
import { json, mockApi, renderInProviders } from '#/test/render-app';
import { TermsOfServicePage } from './legal-page';

describe('the legal pages in Spanish (issue 26)', () => {
  it('the page around the club’s text speaks Spanish; the text stays as written', async () => {
    mockApi({
      'GET /api/legal/terms-of-service': () =>
        json({ document: 'terms-of-service', markdown: '| What | Why |\n| --- | --- |\n| Email | sign in |', updatedAt: '2026-03-05T12:00:00.000Z' }),
    });
    await act(() => activateLocale('es'));
    renderInProviders(<TermsOfServicePage />, '/terms-of-service');
    expect(await screen.findByText(/^Última actualización: /)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Tabla' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Why' })).toBeInTheDocument();
  });
});
