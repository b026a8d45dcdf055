import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountType,
  AdminMemberSort,
  AdminMemberState,
  AdminMembersPage,
  AdminMemberView,
  AuditEntryView,
  City,
  Page,
  SortDirection,
  UserRole,
} from '@bayclub/shared';
import { api, pageUrl } from '#/lib/api';

export interface MemberFilters {
  q: string;
  type?: AccountType;
  state?: AdminMemberState;
  role?: UserRole;
  city?: City;
  sort: AdminMemberSort;
  dir: SortDirection;
}

export const memberKeys = {
  all: ['admin', 'members'] as const,
  lists: () => [...memberKeys.all, 'list'] as const,
  list: (f: MemberFilters) => [...memberKeys.lists(), f] as const,
  member: (id: string) => [...memberKeys.all, 'member', id] as const,
  audit: (id: string) => ['admin', 'audit', { memberId: id }] as const,
};

const path = (id: string) => `/api/admin/members/${encodeURIComponent(id)}`;

export const membersQueryOptions = (f: MemberFilters) =>
  infiniteQueryOptions({
    queryKey: memberKeys.list(f),
    queryFn: ({ pageParam, signal }) => {
      const params: Record<string, string> = { sort: f.sort, dir: f.dir };
      if (f.q) params.q = f.q;
      if (f.type) params.type = f.type;
      if (f.state) params.state = f.state;
      if (f.role) params.role = f.role;
      if (f.city) params.city = f.city;
      return api.get<AdminMembersPage>(pageUrl('/api/admin/members', params, pageParam), { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 30_000,
  });

export function useMembersQuery(f: MemberFilters) {
  return useInfiniteQuery(membersQueryOptions(f));
}

export const memberQueryOptions = (id: string) =>
  queryOptions({
    queryKey: memberKeys.member(id),
    queryFn: ({ signal }) => api.get<AdminMemberView>(path(id), { signal }),
    staleTime: 15_000,
  });

export function useMemberQuery(id: string) {
  return useQuery(memberQueryOptions(id));
}

/** The member's audit trail (GET /api/admin/audit?memberId=, the audit section's route). */
export function useMemberAuditQuery(id: string) {
  return useInfiniteQuery({
    queryKey: memberKeys.audit(id),
    queryFn: ({ pageParam, signal }) => api.get<Page<AuditEntryView>>(pageUrl('/api/admin/audit', { memberId: id, limit: '10' }, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 15_000,
  });
}

export type MemberAction =
  | { kind: 'grant'; role: UserRole }
  | { kind: 'revoke'; role: UserRole }
  | { kind: 'accountType'; accountType: AccountType }
  | { kind: 'verified'; verified: boolean }
  | { kind: 'suspend'; reason: string }
  | { kind: 'unsuspend' };

function send(id: string, action: MemberAction): Promise<AdminMemberView> {
  switch (action.kind) {
    case 'grant':
      return api.put(`${path(id)}/roles/${action.role}`);
    case 'revoke':
      return api.delete(`${path(id)}/roles/${action.role}`);
    case 'accountType':
      return api.put(`${path(id)}/account-type`, { accountType: action.accountType });
    case 'verified':
      return api.put(`${path(id)}/verified`, { verified: action.verified });
    case 'suspend':
      return api.post(`${path(id)}/suspend`, { reason: action.reason });
    case 'unsuspend':
      return api.post(`${path(id)}/unsuspend`);
  }
}

/** Every change to a member answers their new page: it replaces the cached one; lists and the trail refetch. */
export function useMemberActionMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: MemberAction) => send(id, action),
    onSuccess: (view) => queryClient.setQueryData(memberKeys.member(id), view),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: memberKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: memberKeys.audit(id) }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'overview'] }),
      ]),
  });
}

export function useDeleteMemberMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>(path(id), { confirm: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: memberKeys.member(id) });
      return queryClient.invalidateQueries({ queryKey: memberKeys.lists() });
    },
  });
}
