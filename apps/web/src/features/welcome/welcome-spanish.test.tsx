import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { activateLocale } from '#/lib/i18n';
import { json, mockApi, renderInProviders, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { Welcome } from './welcome';

describe('the welcome in Spanish (issue 26)', () => {
  it('the checklist and the suggestions speak Spanish', async () => {
    mockApi({
      ...signedInAs(makeMe()),
      'GET /api/me/welcome': () =>
        json({
          dismissed: false,
          checklist: { profile: true, communities: false, rsvp: false, notifications: false },
          communities: [{ id: 'c1', name: 'Runners', urlSlug: 'runners', memberCount: 1 }],
          events: [],
        }),
    });
    await act(() => activateLocale('es'));
    renderInProviders(<Welcome thin />, '/home');
    const list = await screen.findByRole('list', { name: 'Primeros pasos' }, { timeout: 5000 });
    expect(within(list).getByRole('link', { name: 'Únete a una comunidad' })).toHaveAttribute('href', '/communities');
    expect(screen.getByText('Algunas cosas para hacer en tu primera semana: 1 de 5 listas.')).toBeInTheDocument();
    expect(screen.getByText('1 miembro')).toBeInTheDocument();
  });
});
