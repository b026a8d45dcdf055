import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { CRM_SCORE_FORMULA, type CrmAccessView, type CrmMemberCard } from '@bayclub/shared';
import { activateLocale } from '#/lib/i18n';
import { mockApi, renderInProviders, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { MemberCardBody } from './member-card';

const access: CrmAccessView = {
  level: 'staff',
  canWrite: true,
  canSeePrivate: true,
  canRefresh: false,
  canExport: true,
  canSaveSegments: true,
  communities: [],
  filterCommunities: [],
  figuresAsOf: null,
  scoreFormula: CRM_SCORE_FORMULA,
};

const card: CrmMemberCard = {
  member: {
    id: '0b6f3a52-8d3c-4b59-9a57-3f1f0c2d4e11',
    name: 'Rita Runner',
    username: 'rita',
    email: 'rita@example.com',
    avatarUrl: null,
    type: 'full_platform',
    state: 'active',
    city: null,
    interests: [],
    joinedAt: '2025-03-01T12:00:00.000Z',
    lastActiveAt: null,
    rsvps: 5,
    attended: 2,
    noShows: 1,
    checkIns: 2,
    paidEvents: 0,
    posts: 1,
    connections: 0,
    score: 7,
    bio: null,
    isVerified: false,
  },
  score: { total: 7, formula: CRM_SCORE_FORMULA, parts: [] },
  timeline: { items: [], nextCursor: null },
  notes: [],
  tags: [],
  figuresAsOf: null,
};

describe('the CRM card in Spanish (issue 26)', () => {
  it('says its headings, figures and forms in Spanish', async () => {
    await activateLocale('es');
    mockApi(signedInAs(makeMe({}, { roles: ['crm_admin'], hasCrmAccess: true })));
    renderInProviders(<MemberCardBody card={card} access={access} />);
    expect(await screen.findByRole('heading', { name: 'Puntuación de participación: 7' })).toBeInTheDocument();
    expect(screen.getByText(/Última actividad: nunca/)).toBeInTheDocument();
    expect(screen.getByText('Asistió')).toBeInTheDocument();
    expect(screen.getByText('Aún no hay etiquetas.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Notas (privadas del CRM)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Agregar nota' })).toBeInTheDocument();
    expect(screen.getByText('Activo')).toBeInTheDocument(); // a shared label: the member's state
  });
});
