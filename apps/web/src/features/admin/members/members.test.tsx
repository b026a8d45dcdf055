import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminMemberRow, AdminMemberView, AdminOverviewView, AuditEntryView } from '@bayclub/shared';
import { apiError, json, mockApi, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';

const admin = makeMe({}, { isAdmin: true, roles: ['admin'] });
const ID = '0b6f3a52-8d3c-4b59-9a57-3f1f0c2d4e11';

function row(overrides: Partial<AdminMemberRow> = {}): AdminMemberRow {
  return {
    id: ID,
    name: 'Jamie Lee',
    username: 'jamie',
    email: 'jamie@example.com',
    profilePictureUrl: null,
    accountType: 'full_platform',
    state: 'active',
    city: 'st_pete',
    roles: [],
    isVerified: false,
    joinedAt: '2025-03-01T12:00:00.000Z',
    lastActiveAt: null,
    ...overrides,
  };
}

function view(overrides: Partial<AdminMemberView> = {}): AdminMemberView {
  return {
    ...row(),
    bio: 'Sailing and sunsets.',
    age: 29,
    gender: 'Female',
    interests: ['Yoga'],
    applicationStatus: 'approved',
    application: {
      id: 'a1',
      status: 'approved',
      createdAt: '2025-03-01T12:00:00.000Z',
      decidedAt: '2025-03-02T12:00:00.000Z',
      decidedBy: { id: 'x', name: 'Ada Admin' },
      rejectionReason: null,
      bio: null,
      instagramUsername: null,
    },
    suspension: null,
    isDeactivated: false,
    lastAdmin: false,
    reports: {
      madeCount: 1,
      receivedCount: 3,
      made: [{ id: 'r1', reason: 'spam', details: null, status: 'open', targetType: 'post', other: { id: 'o', name: 'Pat Poster' }, createdAt: '2025-03-03T12:00:00.000Z' }],
      received: [],
    },
    ...overrides,
  };
}

const audit: AuditEntryView = {
  id: 'e1',
  action: 'member.verify',
  actorId: 'x',
  actorName: 'Ada Admin',
  targetType: 'member',
  targetId: ID,
  targetLabel: 'Jamie Lee',
  memberId: ID,
  communityId: null,
  before: { verified: false },
  after: { verified: true },
  reason: null,
  createdAt: '2025-03-04T12:00:00.000Z',
};

function adminApi(handlers: Record<string, Handler>) {
  return mockApi({ ...signedInAs(admin), 'GET /api/payments/mode': () => json({ mode: 'live' }), ...handlers });
}

describe('the members table', () => {
  it('searches (debounced), filters and sorts through the URL, pages with Load more, and opens a member', { timeout: 30_000 }, async () => {
    const queries: string[] = [];
    adminApi({
      'GET /api/admin/members': (req) => {
        const q = new URL(req.url, 'http://x').searchParams;
        queries.push(q.toString());
        if (q.get('cursor') === 'next') return json({ items: [row({ id: '1b6f3a52-8d3c-4b59-9a57-3f1f0c2d4e12', name: 'Second Page' })], nextCursor: null });
        return json({ items: [row()], nextCursor: 'next' });
      },
      [`GET /api/admin/members/${ID}`]: () => json(view()),
      'GET /api/admin/audit': () => json({ items: [audit], nextCursor: null }),
    });
    const user = userEvent.setup();
    renderApp('/admin?tab=members');

    const table = await screen.findByRole('table');
    expect(within(table).getByRole('rowheader', { name: /Jamie Lee/ })).toBeInTheDocument();
    expect(within(table).getByText('jamie@example.com')).toBeInTheDocument();
    expect(within(table).getByText('St Pete')).toBeInTheDocument();
    expect(within(table).getByText('Never')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search members by name, username or email' }), 'jam');
    await waitFor(() => expect(queries.some((q) => q.includes('q=jam'))).toBe(true));
    expect(queries.some((q) => q.includes('q=j&') || q.endsWith('q=j'))).toBe(false);

    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'suspended');
    await waitFor(() => expect(queries.at(-1)).toContain('state=suspended'));
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(queries.at(-1)).toMatch(/sort=name&dir=desc/));

    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Second Page')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: /Jamie Lee/ }));
    expect(await screen.findByRole('heading', { level: 2, name: /Jamie Lee/ })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: /Back to members/ }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    // The filters survived the round trip.
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('suspended');
  });

  it('says when nothing matches and when the list fails', async () => {
    let fail = true;
    adminApi({ 'GET /api/admin/members': () => (fail ? apiError(500, 'INTERNAL', 'Boom') : json({ items: [], nextCursor: null })) });
    const user = userEvent.setup();
    renderApp('/admin?tab=members&mstate=pending');
    expect(await screen.findByText('Component Error')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No members match these filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue(''));
  });
});

describe("a member's admin page", () => {
  it('shows the profile, application, reports and audit trail, and verifies, changes the type and roles with toasts', async () => {
    let current = view();
    const calls: Array<[string, string, unknown]> = [];
    adminApi({
      [`GET /api/admin/members/${ID}`]: () => json(current),
      'GET /api/admin/audit': () => json({ items: [audit], nextCursor: null }),
      [`PUT /api/admin/members/${ID}/verified`]: (req) => {
        calls.push(['PUT', 'verified', req.body]);
        current = { ...current, isVerified: true };
        return json(current);
      },
      [`PUT /api/admin/members/${ID}/account-type`]: (req) => {
        calls.push(['PUT', 'account-type', req.body]);
        current = { ...current, accountType: 'community_only' };
        return json(current);
      },
      [`PUT /api/admin/members/${ID}/roles/moderator`]: () => {
        current = { ...current, roles: ['moderator'] };
        return json(current);
      },
      [`DELETE /api/admin/members/${ID}/roles/admin`]: () => apiError(409, 'CONFLICT', 'The club needs at least one admin: grant admin to someone else first'),
    });
    const user = userEvent.setup();
    renderApp(`/admin?tab=members&member=${ID}`);

    expect(await screen.findByRole('heading', { level: 2, name: /Jamie Lee/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View profile/ })).toHaveAttribute('href', `/view-profile/${ID}`);
    expect(screen.getByText('Sailing and sunsets.')).toBeInTheDocument();
    expect(screen.getByText('Ada Admin')).toBeInTheDocument();
    expect(screen.getByText('Made (1)')).toBeInTheDocument();
    expect(screen.getByText('Received (3)')).toBeInTheDocument();
    expect(await screen.findByText('Verified')).toBeInTheDocument(); // the trail's entry
    expect(screen.getByText(/by Ada Admin/)).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Verified badge' }));
    expect(await screen.findByText('Verified badge on')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Verified badge' })).toBeChecked());
    expect(screen.getByTestId('verified-badge')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Community only' }));
    expect(await screen.findByText('Now community only')).toBeInTheDocument();
    expect(calls).toEqual([
      ['PUT', 'verified', { verified: true }],
      ['PUT', 'account-type', { accountType: 'community_only' }],
    ]);

    await user.click(screen.getByRole('switch', { name: 'Moderator' }));
    expect(await screen.findByText('Moderator role granted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Moderator' })).toBeChecked());
  });

  it("shows the server's 409 for the last admin and keeps the switch on", async () => {
    adminApi({
      [`GET /api/admin/members/${ID}`]: () => json(view({ roles: ['admin'], lastAdmin: true })),
      'GET /api/admin/audit': () => json({ items: [], nextCursor: null }),
      [`DELETE /api/admin/members/${ID}/roles/admin`]: () => apiError(409, 'CONFLICT', 'The club needs at least one admin: grant admin to someone else first'),
    });
    const user = userEvent.setup();
    renderApp(`/admin?tab=members&member=${ID}`);
    await user.click(await screen.findByRole('switch', { name: 'Admin' }));
    expect(await screen.findAllByText('The club needs at least one admin: grant admin to someone else first')).not.toHaveLength(0);
    expect(screen.getByRole('switch', { name: 'Admin' })).toBeChecked();
  });

  it('suspends with a required reason that survives a failed request, then lifts it', async () => {
    let current = view();
    let failNext = true;
    let sent: unknown;
    adminApi({
      [`GET /api/admin/members/${ID}`]: () => json(current),
      'GET /api/admin/audit': () => apiError(404, 'NOT_FOUND', 'Not found'),
      [`POST /api/admin/members/${ID}/suspend`]: (req) => {
        sent = req.body;
        if (failNext) {
          failNext = false;
          return apiError(500, 'INTERNAL', 'Something went wrong');
        }
        current = { ...current, state: 'suspended', suspension: { at: '2025-03-05T12:00:00.000Z', reason: 'Spam' } };
        return json(current);
      },
      [`POST /api/admin/members/${ID}/unsuspend`]: () => {
        current = { ...current, state: 'active', suspension: null };
        return json(current);
      },
    });
    const user = userEvent.setup();
    renderApp(`/admin?tab=members&member=${ID}`);
    // The trail's route missing answers in its own panel, not the page.
    expect(await screen.findByText('Not found')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Suspend' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Suspend' }));
    expect(dialog.getByText('Please give a reason')).toBeInTheDocument();
    expect(sent).toBeUndefined();
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Spam');
    await user.click(dialog.getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Reason' })).toHaveValue('Spam');
    await user.click(dialog.getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Jamie Lee is suspended')).toBeInTheDocument();
    expect(sent).toEqual({ reason: 'Spam' });
    expect(await screen.findByText('Reason (shown to the member): Spam')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Lift suspension' }));
    expect(await screen.findByText('Suspension lifted')).toBeInTheDocument();
  });

  it('deletes only after DELETE is typed and goes back to the table', async () => {
    let deleted = false;
    adminApi({
      [`GET /api/admin/members/${ID}`]: () => (deleted ? apiError(404, 'NOT_FOUND', 'Member not found') : json(view())),
      'GET /api/admin/audit': () => json({ items: [], nextCursor: null }),
      'GET /api/admin/members': () => json({ items: [], nextCursor: null }),
      [`DELETE /api/admin/members/${ID}`]: (req) => {
        expect(req.body).toEqual({ confirm: 'DELETE' });
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderApp(`/admin?tab=members&member=${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = within(await screen.findByRole('dialog'));
    const confirm = dialog.getByRole('button', { name: 'Delete account' });
    expect(confirm).toBeDisabled();
    await user.type(dialog.getByRole('textbox', { name: 'Type DELETE to confirm' }), 'DELETE');
    await user.click(confirm);
    expect(await screen.findByText("Jamie Lee's account was deleted")).toBeInTheDocument();
    expect(await screen.findByText('No members match these filters')).toBeInTheDocument();
  });
});

describe('the overview', () => {
  it('shows the figures, a chart with a text alternative, and the needs-attention list linking to tabs', async () => {
    const o: AdminOverviewView = {
      members: { total: 12, byType: { full_platform: 9, community_only: 3 }, byState: { active: 8, pending: 2, rejected: 1, deactivated: 0, suspended: 1 } },
      applications: { waiting: 2, oldest: [{ id: 'a', name: 'Old Applicant', createdAt: '2025-03-01T12:00:00.000Z', ageHours: 72 }] },
      openReports: 4,
      weeks: Array.from({ length: 8 }, (_, i) => ({ weekStart: `2025-0${1 + Math.floor(i / 4)}-0${1 + (i % 4)}`, newMembers: i, activeMembers: i * 2 })),
      upcomingEvents: [{ id: 'e', title: 'Beach Day', startsAt: '2030-03-01T12:00:00.000Z', going: 5, capacity: 10 }],
      checkInsThisWeek: { places: 3, events: 2 },
      paymentsThisMonth: { count: 2, refunds: 1, byCurrency: [{ currency: 'usd', paid: 5000, refunded: 2500 }] },
      attention: [{ code: 'mail_not_configured', text: 'Mail is not configured.', severity: 'critical', tab: 'health' }],
      generatedAt: '2025-03-05T12:00:00.000Z',
    };
    adminApi({ 'GET /api/admin/overview': () => json(o) });
    renderApp('/admin?tab=overview');
    expect(await screen.findByText('Mail is not configured.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Health' })).toHaveAttribute('href', expect.stringContaining('tab=health'));
    expect(screen.getByRole('link', { name: /^Members 12/ })).toBeInTheDocument();
    expect(screen.getByText('Oldest: 3 days')).toBeInTheDocument();
    expect(screen.getByText('5 of 10 going')).toBeInTheDocument();
    expect(screen.getByText('$50.00')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Over the last 8 weeks: 28 new members/ })).toBeInTheDocument();
    expect(screen.getByRole('table', { hidden: true })).toBeInTheDocument();
  });
});
