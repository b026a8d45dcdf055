import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CRM_SCORE_FORMULA, type CrmAccessView, type CrmMemberCard, type CrmMemberRow, type CrmMembersPage } from '@bayclub/shared';
import { json, mockApi, renderApp, renderInProviders, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { MemberCardBody } from './member-card';

const ID = '0b6f3a52-8d3c-4b59-9a57-3f1f0c2d4e11';
const me = makeMe({}, { roles: ['crm_user'], hasCrmAccess: true });

function access(overrides: Partial<CrmAccessView> = {}): CrmAccessView {
  return {
    level: 'staff',
    canWrite: false,
    canSeePrivate: true,
    canRefresh: false,
    canExport: true,
    canSaveSegments: true,
    communities: [],
    filterCommunities: [],
    figuresAsOf: '2026-11-28T15:00:00.000Z',
    scoreFormula: CRM_SCORE_FORMULA,
    ...overrides,
  };
}

function row(overrides: Partial<CrmMemberRow> = {}): CrmMemberRow {
  return {
    id: ID,
    name: 'Rita Runner',
    username: 'rita',
    email: 'rita@example.com',
    avatarUrl: null,
    type: 'full_platform',
    state: 'active',
    city: 'tampa',
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
    ...overrides,
  };
}

function card(overrides: Partial<CrmMemberCard> = {}): CrmMemberCard {
  return {
    member: { ...row(), bio: 'Runs at dawn', isVerified: false },
    score: {
      total: 7,
      formula: CRM_SCORE_FORMULA,
      parts: [
        { part: 'attended', label: 'events attended', count: 2, weight: 3, points: 6 },
        { part: 'noShows', label: 'no-shows', count: 1, weight: -2, points: -2 },
      ],
    },
    timeline: { items: [{ kind: 'attended', at: '2026-11-01T18:00:00.000Z', label: 'Beach run', targetId: null }], nextCursor: null },
    notes: [{ id: 'n1', body: 'Great volunteer', authorId: 'a', authorName: 'Cara Admin', createdAt: '2026-11-02T10:00:00.000Z', canDelete: false }],
    tags: ['vip'],
    figuresAsOf: '2026-11-28T15:00:00.000Z',
    ...overrides,
  };
}

describe('the CRM page', () => {
  it('shows the member table with server-side sorting, the figures line, and read-only controls for a crm_user', async () => {
    const calls: string[] = [];
    mockApi({
      ...signedInAs(me),
      'GET /api/crm/access': () => json(access()),
      'GET /api/crm/segments': () => json([]),
      'GET /api/crm/members': (req) => {
        calls.push(req.url);
        return json({ items: [row(), row({ id: '1b6f3a52-8d3c-4b59-9a57-3f1f0c2d4e12', name: 'Walt Walker', score: 3 })], nextCursor: null, figuresAsOf: null } satisfies CrmMembersPage);
      },
    });
    renderApp('/crm');
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Rita Runner')).toBeInTheDocument();
    expect(within(table).getByText('Walt Walker')).toBeInTheDocument();
    expect(screen.getByText(/Figures as of/)).toBeInTheDocument();
    expect(screen.getByText(/Read-only access/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Refresh/ })).not.toBeInTheDocument();
    expect(calls[0]).toContain('sort=score');
    await userEvent.click(within(table).getByRole('button', { name: /Attended/ }));
    await waitFor(() => expect(calls.some((u) => u.includes('sort=attended') && u.includes('dir=desc'))).toBe(true));
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeInTheDocument();
  });

  it('an organiser sees their community: members, requests and attendance', async () => {
    mockApi({
      ...signedInAs(makeMe({}, { hasCrmAccess: true })),
      'GET /api/crm/access': () =>
        json(
          access({
            level: 'organiser',
            canSeePrivate: false,
            canExport: false,
            canSaveSegments: false,
            communities: [{ id: 'c1', name: 'Tampa Runners', role: 'creator' }],
            filterCommunities: [{ id: 'c1', name: 'Tampa Runners' }],
          }),
        ),
      // What the server gives an organiser: no email, no notes, no tags.
      [`GET /api/crm/members/${ID}`]: () => json(card({ member: { ...row({ email: null }), bio: 'Runs at dawn', isVerified: false }, notes: null, tags: null })),
      'GET /api/crm/members': () => json({ items: [], nextCursor: null, figuresAsOf: null }),
      'GET /api/crm/communities/c1': () =>
        json({
          community: { id: 'c1', name: 'Tampa Runners', role: 'creator', memberCount: 2, pendingCount: 1 },
          members: [{ id: ID, name: 'Rita Runner', username: 'rita', avatarUrl: null, role: 'member', joinedAt: '2026-01-01T00:00:00.000Z', rsvps: 3, attended: 2, noShows: 1 }],
          nextCursor: null,
          requests: [{ id: 'r', name: 'Reggie Request', username: null, avatarUrl: null, requestedAt: '2026-11-01T00:00:00.000Z' }],
          events: [{ id: 'e', title: 'Beach run', startsAt: '2026-11-01T00:00:00.000Z', cancelled: false, going: 3, attended: 2, noShows: 1 }],
        }),
    });
    renderApp('/crm');
    expect(await screen.findByRole('heading', { name: 'Tampa Runners' })).toBeInTheDocument();
    expect(screen.getByText('Reggie Request')).toBeInTheDocument();
    expect(screen.getByText(/3 going · 2 came · 1 no-shows/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Export CSV/ })).not.toBeInTheDocument();
    // The organiser opens a member's card: timeline and score, never notes or tags.
    await userEvent.click(screen.getByRole('button', { name: 'Rita Runner' }));
    const sheet = await screen.findByRole('dialog');
    expect(await within(sheet).findByText(/Came to Beach run/)).toBeInTheDocument();
    expect(within(sheet).queryByText('Great volunteer')).not.toBeInTheDocument();
    expect(within(sheet).queryByLabelText('New note')).not.toBeInTheDocument();
    expect(within(sheet).queryByText('rita@example.com')).not.toBeInTheDocument();
  });
});

describe('the CRM card', () => {
  it('shows the score with its formula, timeline, notes with author, tags; no write controls when read-only', () => {
    mockApi(signedInAs(me));
    renderInProviders(<MemberCardBody card={card()} access={access()} />);
    expect(screen.getByRole('heading', { name: /Engagement score: 7/ })).toBeInTheDocument();
    expect(screen.getByText(CRM_SCORE_FORMULA)).toBeInTheDocument();
    expect(screen.getByText('2 events attended × 3 = 6')).toBeInTheDocument();
    expect(screen.getByText(/Came to Beach run/)).toBeInTheDocument();
    expect(screen.getByText('Great volunteer')).toBeInTheDocument();
    expect(screen.getByText(/Cara Admin/)).toBeInTheDocument();
    expect(screen.getByText('vip')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add note' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove tag/ })).not.toBeInTheDocument();
  });

  it('lets a CRM admin add a note and a tag', async () => {
    const posted: unknown[] = [];
    mockApi({
      ...signedInAs(me),
      'POST /api/crm/members/*': (req) => {
        posted.push(req.body);
        return json({ id: 'n2', body: 'Hi', authorId: 'a', authorName: 'Me', createdAt: '2026-11-02T10:00:00.000Z', canDelete: true }, 201);
      },
      'PUT /api/crm/members/*': (req) => {
        posted.push(req.url);
        return json({ tags: ['vip', 'runner'] });
      },
    });
    renderInProviders(<MemberCardBody card={card({ notes: [] })} access={access({ level: 'admin', canWrite: true })} />);
    await userEvent.type(screen.getByLabelText('New note'), 'Hi');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(posted).toContainEqual({ body: 'Hi' }));
    await userEvent.type(screen.getByLabelText('New tag'), 'Bad Tag');
    await userEvent.click(screen.getByRole('button', { name: 'Add tag' }));
    expect(await screen.findByText(/A tag is 1 to 30/)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('New tag'));
    await userEvent.type(screen.getByLabelText('New tag'), 'Runner');
    await userEvent.click(screen.getByRole('button', { name: 'Add tag' }));
    await waitFor(() => expect(posted.some((p) => typeof p === 'string' && p.endsWith('/tags/runner'))).toBe(true));
  });
});
