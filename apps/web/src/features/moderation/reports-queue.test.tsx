import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntryView, ReportQueueItem } from '@bayclub/shared';
import { apiError, json, mockApi, renderApp, renderInProviders, signedInAs, type Handler } from '#/test/render-app';
import { ReportTargetDialog } from './report-target-dialog';
import { makeMe } from '#/test/fixtures';
import { realtime } from '#/lib/realtime/realtime-client';

const moderator = makeMe({}, { isAdmin: false, roles: ['moderator'] });
const REPORT = '0b6f3a52-8d3c-4b59-9a57-3f1f0c2d4e11';
const POST = '1b6f3a52-8d3c-4b59-9a57-3f1f0c2d4e12';

function item(overrides: Partial<ReportQueueItem> = {}): ReportQueueItem {
  return {
    id: REPORT,
    target: {
      type: 'post',
      text: 'Cheap sunglasses, DM me',
      imageCount: 2,
      state: 'visible',
      eventTitle: null,
      eventStartsAt: null,
      placeName: null,
      placeCity: null,
      targetId: POST,
      postId: POST,
      createdAt: '2025-03-01T12:00:00.000Z',
    },
    author: { id: 'a', fullName: 'Pat Poster', username: 'pat', profilePictureUrl: null, isVerified: false, age: 30, city: 'tampa' },
    reporter: { id: 'r', fullName: 'Rae Reporter', username: 'rae', profilePictureUrl: null, isVerified: false, age: 30, city: 'tampa' },
    reason: 'spam',
    reasonLabel: 'Spam or scam',
    details: 'Selling sunglasses',
    community: { id: 'c', name: 'Bay Runners' },
    status: 'open',
    resolution: null,
    resolvedAt: null,
    createdAt: '2025-03-02T12:00:00.000Z',
    earlier: {
      sameTargetCount: 1,
      sameAuthorCount: 0,
      sameTarget: [{ id: 'x', reason: 'harassment', status: 'open', resolution: null, createdAt: '2025-03-02T11:00:00.000Z' }],
      sameAuthor: [],
    },
    actions: ['dismiss', 'remove', 'warn'],
    ...overrides,
  };
}

function moderatorApi(handlers: Record<string, Handler>) {
  return mockApi({ ...signedInAs(moderator), ...handlers });
}

describe('the reports queue', () => {
  it('shows each report in context with filters; a platform moderator sees only Reports and Audit log', async () => {
    const queries: string[] = [];
    moderatorApi({
      'GET /api/moderation/reports': (req) => {
        const q = new URL(req.url, 'http://x').searchParams;
        queries.push(q.toString());
        if (q.get('status') === 'resolved') return json({ items: [], nextCursor: null });
        return json({ items: [item()], nextCursor: null });
      },
    });
    const user = userEvent.setup();
    renderApp('/admin-dashboard?tab=reports');
    const list = await screen.findByRole('list', { name: 'Open reports' });
    const card = within(list).getAllByRole('listitem')[0]!;
    expect(within(card).getByRole('heading', { level: 3, name: 'Spam or scam · Post' })).toBeInTheDocument();
    expect(within(card).getByText('Cheap sunglasses, DM me')).toBeInTheDocument();
    expect(within(card).getByText('2 photos')).toBeInTheDocument();
    expect(within(card).getByText('in Bay Runners')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Rae Reporter/ })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Pat Poster/ })).toHaveAttribute('href', '/view-profile/a');
    expect(within(card).getByText('Selling sunglasses')).toBeInTheDocument();
    expect(within(card).getByText(/1 other report/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Open the post' })).toHaveAttribute('href', `/community/posts/${POST}`);
    expect(within(within(card).getByRole('group', { name: 'Actions' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['Dismiss', 'Remove', 'Warn']);
    expect(screen.getAllByRole('tab').map((t) => t.textContent?.trim())).toEqual(['Reports', 'Audit log']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'comment');
    await waitFor(() => expect(queries.at(-1)).toBe('status=open&type=comment'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'resolved');
    expect(await screen.findByText('No resolved reports')).toBeInTheDocument();
    expect(queries.at(-1)).toBe('status=resolved&type=comment');
  });

  it("is live: a report filed or resolved elsewhere (moderation:queue) refetches the queue and a new one is announced", async () => {
    let served: ReportQueueItem[] = [];
    moderatorApi({ 'GET /api/moderation/reports': () => json({ items: served, nextCursor: null }) });
    renderApp('/admin-dashboard?tab=reports');
    expect(await screen.findByText('No open reports')).toBeInTheDocument();
    served = [item()];
    act(() => realtime.emitForTest({ type: 'moderation:queue', reportId: REPORT, change: 'new' }));
    const list = await screen.findByRole('list', { name: 'Open reports' });
    expect(within(list).getByText('Cheap sunglasses, DM me')).toBeInTheDocument();
    expect(screen.getByText(/^A new report arrived at/)).toBeInTheDocument();
    // A second one in the same minute still changes the live region's text, so it is announced too.
    act(() => realtime.emitForTest({ type: 'moderation:queue', reportId: '00000000-0000-4000-8000-000000000099', change: 'new' }));
    expect(await screen.findByText(/^2 new reports arrived, the last at/)).toBeInTheDocument();
    served = [];
    act(() => realtime.emitForTest({ type: 'moderation:queue', reportId: REPORT, change: 'resolved' }));
    expect(await screen.findByText('No open reports')).toBeInTheDocument();
  });

  it('says "No open reports" when the queue is empty', async () => {
    moderatorApi({ 'GET /api/moderation/reports': () => json({ items: [], nextCursor: null }) });
    renderApp('/admin-dashboard?tab=reports');
    expect(await screen.findByText('No open reports')).toBeInTheDocument();
  });

  it('acts with a reason from the keyboard: the report leaves the list at once and the server gets the reason', async () => {
    let release: (r: Response) => void = () => {};
    const bodies: unknown[] = [];
    let served = [item()];
    moderatorApi({
      'GET /api/moderation/reports': () => json({ items: served, nextCursor: null }),
      [`POST /api/moderation/reports/${REPORT}/actions`]: (req) => {
        bodies.push(req.body);
        return new Promise<Response>((resolve) => {
          release = resolve;
        });
      },
    });
    const user = userEvent.setup();
    renderApp('/admin-dashboard?tab=reports');
    const remove = await screen.findByRole('button', { name: 'Remove' });
    remove.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Remove?' });
    expect(within(dialog).getByText(/never learn who reported it/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(within(dialog).getByText('Tell the author why')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason for the author/ }), 'No selling here');
    await user.keyboard('{Tab}{Tab}{Enter}');
    // Optimistic: gone before the server answers.
    await waitFor(() => expect(screen.queryByText('Cheap sunglasses, DM me')).not.toBeInTheDocument());
    expect(bodies).toEqual([{ action: 'remove', reason: 'No selling here' }]);
    served = [];
    release(json({ item: { ...item(), status: 'resolved', resolution: 'removed', actions: [] }, closed: 2 }));
    expect(await screen.findByText('Content removed')).toBeInTheDocument();
    expect(await screen.findByText('No open reports')).toBeInTheDocument();
  });

  it('puts the report back when the server refuses, and says why', async () => {
    moderatorApi({
      'GET /api/moderation/reports': () => json({ items: [item()], nextCursor: null }),
      [`POST /api/moderation/reports/${REPORT}/actions`]: () => apiError(409, 'CONFLICT', 'This report was already handled'),
    });
    const user = userEvent.setup();
    renderApp('/admin-dashboard?tab=reports');
    await user.click(await screen.findByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss?' });
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText(/The report is back in the list\. This report was already handled/)).toBeInTheDocument();
    expect(await screen.findByText('Cheap sunglasses, DM me')).toBeInTheDocument();
  });
});

describe('the audit log', () => {
  const entry = (n: number, overrides: Partial<AuditEntryView> = {}): AuditEntryView => ({
    id: `e${n}`,
    action: 'report.remove',
    actorId: 'm',
    actorName: 'Mo Moderator',
    targetType: 'post',
    targetId: POST,
    targetLabel: `Post ${n}`,
    memberId: 'a',
    communityId: 'c',
    before: { hidden: false },
    after: { hidden: true },
    reason: 'No selling here',
    createdAt: '2025-03-04T12:00:00.000Z',
    ...overrides,
  });

  it('reads before and after in words, filters by action and loads more', async () => {
    const queries: string[] = [];
    moderatorApi({
      'GET /api/admin/audit': (req) => {
        const q = new URL(req.url, 'http://x').searchParams;
        queries.push(q.toString());
        if (q.get('cursor') === 'next') return json({ items: [entry(2)], nextCursor: null });
        return json({ items: [entry(1)], nextCursor: 'next' });
      },
    });
    const user = userEvent.setup();
    renderApp('/admin-dashboard?tab=audit');
    const list = await screen.findByRole('list', { name: 'Audit entries' });
    expect(within(list).getByText('Mo Moderator')).toBeInTheDocument();
    expect(within(list).getByText('Removed reported content')).toBeInTheDocument();
    expect(within(list).getByRole('definition')).toHaveTextContent('no → changed to yes');
    expect(within(list).getByText('No selling here')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Post 2')).toBeInTheDocument();
    // A platform moderator's filter offers the moderation actions only.
    const select = screen.getByRole('combobox', { name: 'Action' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All actions',
      'Dismissed a report',
      'Removed reported content',
      'Warned',
      'Banned',
    ]);
    await user.selectOptions(select, 'member.warn');
    await waitFor(() => expect(queries.at(-1)).toBe('action=member.warn&limit=25'));
  });
});

describe('reporting an event or a place', () => {
  it('asks for a reason, sends it, and answers a second report kindly', async () => {
    const bodies: unknown[] = [];
    let calls = 0;
    moderatorApi({
      'POST /api/events/e1/report': (req) => {
        bodies.push(req.body);
        calls += 1;
        return calls === 1 ? json({ id: 'r1' }, 201) : apiError(409, 'CONFLICT', 'You already reported this event. Our moderators will review it.');
      },
    });
    const user = userEvent.setup();
    renderInProviders(<ReportTargetDialog kind="event" id="e1" name="Rooftop party" open onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Report this event' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Please choose a reason')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Please tell us what happened')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Details/ }), 'Tickets sold outside the club');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thanks. Our moderators will review your report.')).toBeInTheDocument();
    expect(bodies).toEqual([{ reason: 'other', details: 'Tickets sold outside the club' }]);
    // The dialog stays open in this test (its owner would close it): a second report is a 409, said kindly.
    await user.click(within(dialog).getByRole('radio', { name: 'Spam or scam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('You already reported this event. Our moderators will review it.')).toBeInTheDocument();
  });
});
