import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { ReportQueueItem } from '@bayclub/shared';
import { activateLocale } from '#/lib/i18n';
import { mockApi, renderInProviders } from '#/test/render-app';
import { ReportCard } from './reports-queue';

const POST = '1b6f3a52-8d3c-4b59-9a57-3f1f0c2d4e12';
const member = (id: string, fullName: string) => ({ id, fullName, username: null, profilePictureUrl: null, isVerified: false, age: 30, city: 'tampa' as const });

const item: ReportQueueItem = {
  id: '0b6f3a52-8d3c-4b59-9a57-3f1f0c2d4e11',
  target: {
    type: 'post',
    text: 'Cheap sunglasses, DM me',
    imageCount: 2,
    state: 'hidden',
    eventTitle: null,
    eventStartsAt: null,
    placeName: null,
    placeCity: null,
    targetId: POST,
    postId: POST,
    createdAt: '2025-03-01T12:00:00.000Z',
  },
  author: member('a', 'Pat Poster'),
  reporter: null,
  reason: 'spam',
  reasonLabel: 'Spam or scam',
  details: null,
  community: { id: 'c', name: 'Bay Runners' },
  status: 'open',
  resolution: null,
  resolvedAt: null,
  createdAt: '2025-03-02T12:00:00.000Z',
  earlier: {
    sameTargetCount: 2,
    sameAuthorCount: 1,
    sameTarget: [
      { id: 'x', reason: 'harassment', status: 'open', resolution: null, createdAt: '2025-03-02T11:00:00.000Z' },
      { id: 'y', reason: 'spam', status: 'open', resolution: null, createdAt: '2025-03-02T10:00:00.000Z' },
    ],
    sameAuthor: [{ id: 'z', reason: 'spam', status: 'open', resolution: null, createdAt: '2025-03-01T10:00:00.000Z' }],
  },
  actions: ['dismiss'],
};

describe('The reports queue in Spanish (issue 26)', () => {
  it('a report card: its state, photos, earlier reports and the way to the post', async () => {
    mockApi({});
    await act(() => activateLocale('es'));
    renderInProviders(<ReportCard item={item} />);

    expect(await screen.findByText('Oculto')).toBeInTheDocument();
    expect(screen.getByText('en Bay Runners')).toBeInTheDocument();
    expect(screen.getByText('2 fotos')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir la publicación' })).toHaveAttribute('href', `/community/posts/${POST}`);
    expect(screen.getByText('2 reportes más')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Otros reportes' })).toHaveTextContent('sobre esta publicación:');
    expect(screen.getByText('una cuenta eliminada')).toBeInTheDocument();
    expect(screen.getByText('Reportado por')).toBeInTheDocument();
  });
});
