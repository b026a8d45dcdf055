import { describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { activateLocale } from '#/lib/i18n';
import { json, mockApi, renderApp, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { makeSummary } from './community-fixtures';

vi.mock('#/features/posts/community-posts', () => ({ CommunityPosts: () => null, ReportedPosts: () => null }));

const LOAD = { timeout: 15000 };

describe('communities in Spanish (issue 26)', () => {
  it('/groups: your communities, their roles and member counts, and Discover', async () => {
    mockApi({
      ...signedInAs(makeMe()),
      'GET /api/communities/mine': () => json({ items: [{ community: makeSummary({ name: 'Tampa Bay Runners' }), status: 'active', role: 'creator' }] }),
      'GET /api/communities/discover': () => json({ items: [makeSummary({ name: 'Brandon Cooks', memberCount: 1 })] }),
    });
    renderApp('/groups');
    const yours = await screen.findByRole('list', { name: 'Your communities' }, LOAD);
    await screen.findByRole('list', { name: 'Suggested communities' }, LOAD);
    await act(() => activateLocale('es'));

    expect(screen.getByRole('heading', { level: 1, name: 'Comunidades' })).toBeInTheDocument();
    expect(yours).toHaveAccessibleName('Tus comunidades');
    expect(yours).toHaveTextContent('Creador');
    expect(yours).toHaveTextContent('12 miembros');
    expect(yours).toHaveTextContent('Público'); // a shared label (COMMUNITY_VISIBILITY_LABELS)
    expect(within(screen.getByRole('list', { name: 'Comunidades sugeridas' })).getByText('1 miembro')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Descubre' })).toBeInTheDocument();
  });
});
