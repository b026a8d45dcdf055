import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { activateLocale } from '#/lib/i18n';
import { INTERRUPTED, type OutboxEntry } from '#/lib/offline/outbox';
import { ListError } from './card-grid';
import { InterestsPicker } from './member/interests-picker';
import { QueuedStatus } from './queued-sends';

const interrupted: OutboxEntry = {
  id: 'e1',
  memberId: 'm1',
  kind: 'post',
  place: 'home',
  text: 'Sunset paddle tonight?',
  path: '/api/posts',
  body: { content: 'Sunset paddle tonight?' },
  idempotent: false,
  invalidate: [],
  status: 'failed',
  error: INTERRUPTED,
  createdAt: '2026-03-01T10:00:00.000Z',
};

describe('the shared components in Spanish (issue 26)', () => {
  it("say a list's failure, a cut-off send and the interests picker in Spanish", async () => {
    await act(() => activateLocale('es'));
    render(
      <>
        <ListError what="los eventos" error={new Error('boom')} onRetry={() => undefined} />
        <QueuedStatus entry={interrupted} />
        <InterestsPicker value={['Hiking']} onChange={() => undefined} />
      </>,
    );
    expect(screen.getByText('No pudimos cargar los eventos')).toBeInTheDocument();
    // Not an API error: the lib catalogue's fallback.
    expect(screen.getByText('Algo salió mal. Inténtalo de nuevo.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/^No se envió: La conexión se cortó durante el envío\./);
    expect(screen.getAllByRole('button', { name: 'Reintentar' })).toHaveLength(2);
    // The picker's own words, and the shared interest names (values stay English).
    expect(screen.getByText('1/15 seleccionados')).toBeInTheDocument();
    expect(screen.getByText('1 elegido')).toBeInTheDocument();
    expect(screen.getByText('Estilo de vida y bienestar')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Senderismo' })).toBeChecked();
  });
});
