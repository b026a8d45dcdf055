import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { OutboxEntry, OutboxStatus } from '#/lib/offline/outbox';
import { QueuedStatus } from './queued-sends';

const entry = (status: OutboxStatus, error?: string): OutboxEntry => ({
  id: 'e1',
  memberId: 'm1',
  kind: 'post',
  place: 'home',
  text: 'Sunset paddle tonight?',
  path: '/api/posts',
  body: { content: 'Sunset paddle tonight?' },
  idempotent: false,
  invalidate: [],
  status,
  error,
  createdAt: '2026-03-01T10:00:00.000Z',
});

describe('a queued send’s status', () => {
  it('is one polite live region through waiting, sending and failed, so each change is announced', () => {
    const { rerender } = render(<QueuedStatus entry={entry('waiting')} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Waiting for connection');
    rerender(<QueuedStatus entry={entry('sending')} />);
    expect(screen.getByRole('status')).toBe(status);
    expect(status).toHaveTextContent('Sending');
    rerender(<QueuedStatus entry={entry('failed', 'Too long')} />);
    expect(screen.getByRole('status')).toBe(status);
    expect(status).toHaveTextContent(/^Failed: Too long$/);
    // The actions sit beside the announcement, not in it.
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
