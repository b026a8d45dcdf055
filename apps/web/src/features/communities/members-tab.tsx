import { MEMBERSHIP_STATUSES, type CommunityView, type CommunityViewerState, type MembershipStatus } from '@bayclub/shared';
import { EmptyState } from '#/components/card-grid';
import { MemberRow } from '#/components/member/member-row';
import { PagedList } from '#/components/paged-list';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#/components/ui/tabs';
import { formatDay } from '#/lib/format';
import { useSearchParamsUpdate } from '#/lib/use-search-params-update';
import { useMembersQuery } from './api';
import { MemberActions } from './member-actions';
import { RoleBadge } from './role-badge';

const LIST_LABELS: Record<MembershipStatus, string> = { active: 'Members', pending: 'Requests', banned: 'Banned' };
const EMPTY: Record<MembershipStatus, string> = {
  active: 'No members to show',
  pending: 'No requests waiting',
  banned: 'Nobody is banned',
};
const SINCE: Record<MembershipStatus, string> = { active: 'Joined', pending: 'Asked', banned: 'Banned' };

/**
 * Members with their roles. Moderators also see the pending requests (Approve / Decline) and the banned list
 * (Unban); the list is in the URL (?status=) so the request notification opens it directly.
 */
export function MembersTab({ community, viewer }: { community: CommunityView; viewer: CommunityViewerState }) {
  const [search, update] = useSearchParamsUpdate();
  const requested = search.get('status') as MembershipStatus | null;
  const status: MembershipStatus =
    viewer.canModerate && requested && MEMBERSHIP_STATUSES.includes(requested) ? requested : 'active';

  const choose = (value: string) => update({ tab: 'members', status: value === 'active' ? null : value });

  if (!viewer.canModerate) return <MemberList community={community} viewer={viewer} status="active" />;
  return (
    <Tabs value={status} onValueChange={choose} className="gap-4">
      <TabsList aria-label="Member lists">
        {MEMBERSHIP_STATUSES.map((s) => (
          <TabsTrigger key={s} value={s}>
            {LIST_LABELS[s]}
          </TabsTrigger>
        ))}
      </TabsList>
      {MEMBERSHIP_STATUSES.map((s) => (
        <TabsContent key={s} value={s}>
          <MemberList community={community} viewer={viewer} status={s} />
        </TabsContent>
      ))}
    </Tabs>
  );
}

function MemberList({ community, viewer, status }: { community: CommunityView; viewer: CommunityViewerState; status: MembershipStatus }) {
  const query = useMembersQuery(community.id, status);
  const label = status === 'active' ? 'Members' : status === 'pending' ? 'Join requests' : 'Banned members';
  return (
    <PagedList
      query={query}
      label={label}
      skeleton={<p role="status" className="p-4 text-muted-foreground">Loading {label.toLowerCase()}...</p>}
      empty={<EmptyState title={EMPTY[status]} />}
      getKey={(entry) => entry.member.id}
      renderItem={(entry) => (
        <MemberRow
          member={entry.member}
          meta={`${SINCE[status]} ${formatDay(entry.since)}`}
          actions={
            <>
              <RoleBadge role={entry.role} />
              {viewer.canModerate && <MemberActions community={community} viewer={viewer} entry={entry} />}
            </>
          }
        />
      )}
    />
  );
}
