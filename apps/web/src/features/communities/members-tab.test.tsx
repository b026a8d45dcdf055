import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CommunityMemberView, CommunityView } from '@bayclub/shared';
import { apiError, json, mockApi, never, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { CREATOR_VIEWER, MEMBER_VIEWER, MODERATOR_VIEWER, makeCommunity, makeMemberEntry, makePerson, page } from './community-fixtures';

vi.mock('#/features/posts/community-posts', () => ({ CommunityPosts: () => null, ReportedPosts: () => null }));

const LOAD = { timeout: 5000 };
const CASEY = makePerson({ fullName: 'Casey Park' });
const MORGAN = makePerson({ fullName: 'Morgan Diaz' });
const ALEX = makePerson({ fullName: 'Alex Moreno' });
const RILEY = makePerson({ fullName: 'Riley Stone' });

interface Lists {
  active?: CommunityMemberView[];
  pending?: CommunityMemberView[];
  banned?: CommunityMemberView[];
}

function membersApi(community: CommunityView, lists: Lists, extra: Record<string, Handler> = {}) {
  return mockApi({
    ...signedInAs(makeMe()),
    [`GET /api/communities/${community.id}`]: () => json(community),
    [`GET /api/communities/${community.id}/members`]: ({ url }) => {
      const status = (new URL(url, 'http://localhost').searchParams.get('status') ?? 'active') as keyof Lists;
      return json(page(lists[status] ?? []));
    },
    ...extra,
  });
}

const ACTIVE = [
  makeMemberEntry({ member: CASEY, role: 'creator' }),
  makeMemberEntry({ member: MORGAN, role: 'moderator' }),
  makeMemberEntry({ member: ALEX, role: 'member' }),
];

async function openMembers(community: CommunityView, search = '?tab=members') {
  const utils = renderApp(`/community/${community.id}${search}`);
  await screen.findByRole('heading', { level: 1, name: community.name }, LOAD);
  return utils;
}

const rowOf = async (list: string, name: string) =>
  (await screen.findByRole('list', { name: list }, LOAD)).querySelector(`li:has(a[href$="${name}"])`) as HTMLElement;

describe('members tab', () => {
  it('shows members with Creator and Moderator badges, and no actions for plain members', async () => {
    const community = makeCommunity({ viewer: MEMBER_VIEWER });
    membersApi(community, { active: ACTIVE });
    await openMembers(community);
    const list = await screen.findByRole('list', { name: 'Members' }, LOAD);
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Casey Park');
    expect(rows[0]).toHaveTextContent('Creator');
    expect(rows[1]).toHaveTextContent('Moderator');
    expect(rows[2]).toHaveTextContent('Joined Mar 4, 2025');
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Requests' })).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    const community = makeCommunity({ viewer: MEMBER_VIEWER });
    membersApi(community, {});
    await openMembers(community);
    expect(await screen.findByText('No members to show', {}, LOAD)).toBeInTheDocument();
  });

  it('a moderator approves a request: it leaves the list at once and the server is asked', async () => {
    const community = makeCommunity({ viewer: MODERATOR_VIEWER });
    let approved = '';
    membersApi(community, { active: ACTIVE, pending: [makeMemberEntry({ member: RILEY, status: 'pending' })] }, {
      [`POST /api/communities/${community.id}/requests/*`]: ({ url }) => {
        approved = url;
        return never();
      },
    });
    const user = userEvent.setup();
    await openMembers(community, '?tab=members&status=pending');
    expect(screen.getByRole('tab', { name: 'Requests', selected: true })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Approve Riley Stone' }, LOAD));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve Riley Stone' })).not.toBeInTheDocument());
    expect(approved).toBe(`/api/communities/${community.id}/requests/${RILEY.id}/approve`);
  });

  it('says so when the approval is done, though the request left the list before the server answered', async () => {
    const community = makeCommunity({ viewer: MODERATOR_VIEWER });
    let answer: (response: Response) => void = () => {};
    membersApi(community, { active: ACTIVE, pending: [makeMemberEntry({ member: RILEY, status: 'pending' })] }, {
      [`POST /api/communities/${community.id}/requests/*`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    await openMembers(community, '?tab=members&status=pending');
    await user.click(await screen.findByRole('button', { name: 'Approve Riley Stone' }, LOAD));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve Riley Stone' })).not.toBeInTheDocument());
    answer(json(makeMemberEntry({ member: RILEY, status: 'active' })));
    expect(await screen.findByText('Riley Stone joined', {}, LOAD)).toBeInTheDocument();
  });

  it('a refused approval comes back with the reason, though the request left the list before the server answered', async () => {
    const community = makeCommunity({ viewer: MODERATOR_VIEWER });
    let answer: (response: Response) => void = () => {};
    let reads = 0;
    membersApi(community, {}, {
      [`GET /api/communities/${community.id}/members`]: () =>
        reads++ === 0 ? json(page([makeMemberEntry({ member: RILEY, status: 'pending' })])) : never(),
      [`POST /api/communities/${community.id}/requests/*`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    await openMembers(community, '?tab=members&status=pending');
    await user.click(await screen.findByRole('button', { name: 'Approve Riley Stone' }, LOAD));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve Riley Stone' })).not.toBeInTheDocument());
    answer(apiError(404, 'NOT_FOUND', 'This request is no longer pending'));
    expect(await screen.findByText('This request is no longer pending', {}, LOAD)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Approve Riley Stone' })).toBeInTheDocument();
  });

  it('a declined request that fails comes back with the reason', async () => {
    const community = makeCommunity({ viewer: MODERATOR_VIEWER });
    let reads = 0;
    membersApi(community, {}, {
      // Only the first read answers: what shows afterwards is the rollback, not a refetch.
      [`GET /api/communities/${community.id}/members`]: () =>
        reads++ === 0 ? json(page([makeMemberEntry({ member: RILEY, status: 'pending' })])) : never(),
      [`POST /api/communities/${community.id}/requests/*`]: () => apiError(404, 'NOT_FOUND', 'This request is no longer pending'),
    });
    const user = userEvent.setup();
    await openMembers(community, '?tab=members&status=pending');
    await user.click(await screen.findByRole('button', { name: 'Decline Riley Stone' }, LOAD));
    expect(await screen.findByText('This request is no longer pending')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Decline Riley Stone' })).toBeInTheDocument();
  });

  it('a moderator bans a member after confirming; moderators and the creator have no menu for them', async () => {
    const community = makeCommunity({ viewer: MODERATOR_VIEWER });
    let banned = '';
    const lists = { active: [...ACTIVE] };
    membersApi(community, lists, {
      [`POST /api/communities/${community.id}/members/*`]: ({ url }) => {
        banned = url;
        lists.active = lists.active.filter((m) => m.member.id !== ALEX.id);
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    await openMembers(community);
    expect(await screen.findByRole('button', { name: 'Actions for Alex Moreno' }, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for Casey Park' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for Morgan Diaz' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions for Alex Moreno' }));
    expect(screen.queryByRole('menuitem', { name: 'Make moderator' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('menuitem', { name: 'Ban' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Ban Alex Moreno?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }));
    await waitFor(() => expect(banned).toBe(`/api/communities/${community.id}/members/${ALEX.id}/ban`));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Actions for Alex Moreno' })).not.toBeInTheDocument());
  });

  it('the creator makes a member a moderator and removes a moderator', async () => {
    const community = makeCommunity({ viewer: CREATOR_VIEWER });
    const calls: string[] = [];
    membersApi(community, { active: ACTIVE }, {
      [`PUT /api/communities/${community.id}/moderators/*`]: ({ url }) => {
        calls.push(`PUT ${url}`);
        return json(makeMemberEntry({ member: ALEX, role: 'moderator' }));
      },
      [`DELETE /api/communities/${community.id}/moderators/*`]: ({ url }) => {
        calls.push(`DELETE ${url}`);
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    await openMembers(community);
    await user.click(await screen.findByRole('button', { name: 'Actions for Alex Moreno' }, LOAD));
    await user.click(await screen.findByRole('menuitem', { name: 'Make moderator' }));
    await user.click(await screen.findByRole('button', { name: 'Actions for Morgan Diaz' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove moderator' }));
    await waitFor(() =>
      expect(calls).toEqual([
        `PUT /api/communities/${community.id}/moderators/${ALEX.id}`,
        `DELETE /api/communities/${community.id}/moderators/${MORGAN.id}`,
      ]),
    );
  });

  it('the banned list offers Unban', async () => {
    const community = makeCommunity({ viewer: MODERATOR_VIEWER });
    let unbanned = '';
    membersApi(community, { banned: [makeMemberEntry({ member: RILEY, status: 'banned' })] }, {
      [`POST /api/communities/${community.id}/members/*`]: ({ url }) => {
        unbanned = url;
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    await openMembers(community, '?tab=members&status=banned');
    const row = await rowOf('Banned members', RILEY.id);
    await user.click(within(row).getByRole('button', { name: 'Unban Riley Stone' }));
    await waitFor(() => expect(unbanned).toBe(`/api/communities/${community.id}/members/${RILEY.id}/unban`));
  });
});
