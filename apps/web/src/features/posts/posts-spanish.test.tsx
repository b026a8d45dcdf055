import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { activateLocale } from '#/lib/i18n';
import { json, mockApi, renderApp, signedInAs } from '#/test/render-app';
import { ME, makePost, page } from './post-fixtures';
import { postTimeLabel } from './time-label';

const LOAD = { timeout: 15000 };

describe('posts in Spanish (issue 26)', () => {
  it('writes how old a post is in Spanish', async () => {
    await activateLocale('es');
    const now = new Date('2025-03-02T12:00:00.000Z');
    expect(postTimeLabel('2025-03-02T11:59:30.000Z', now)).toBe('Justo ahora');
    expect(postTimeLabel('2025-03-02T11:55:00.000Z', now)).toBe('5 min');
    expect(postTimeLabel('2025-03-02T09:00:00.000Z', now)).toBe('3 h');
    expect(postTimeLabel('2025-02-20T12:00:00.000Z', now)).toMatch(/feb/);
  });

  it('Home and a post, with its likes and comments', async () => {
    mockApi({
      ...signedInAs(ME),
      'GET /api/feed': () => json(page([makePost({ content: 'Hola bahía', likeCount: 2, commentCount: 1 })])),
      'GET /api/communities/mine': () => json({ items: [] }),
    });
    renderApp('/community');
    const content = await screen.findByText('Hola bahía', {}, LOAD);
    await act(() => activateLocale('es'));

    expect(screen.getByRole('heading', { level: 1, name: 'Inicio' })).toBeInTheDocument();
    const composer = screen.getByRole('form', { name: 'Nueva publicación' });
    expect(composer).toBeInTheDocument();
    // The shared package's texts (its own catalogue) follow the page's language too.
    expect(within(composer).getByPlaceholderText('¿Qué está pasando en la Bahía?')).toBeInTheDocument();
    expect(within(composer).getByRole('button', { name: 'Publicar' })).toBeInTheDocument();
    const card = content.closest('article')!;
    expect(within(card).getByRole('button', { name: 'Me gusta, 2 Me gusta' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Comentarios, 1 comentario' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Más acciones para la publicación de Ana Lopez' })).toBeInTheDocument();
  });
});
