import { MEMBERSHIP_STATUSES, type CommunityView, type CommunityViewerState, type MembershipStatus } from '@bayclub/shared';
import { EmptyState } from '#/components/card-grid';
import { MemberRow } from '#/components/member/member-row';
import { PagedList } from '#/components/paged-list';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#/components/ui/tabs';
import { formatDay } from '#/lib/format';
import { useSearchParamsUpdate } from '#/lib/use-search-params-update';
import { useT } from '#/lib/i18n';
import { useMembersQuery } from './api';
import { catalog } from './i18n';
import { MemberActions } from './member-actions';
import { RoleBadge } from './role-badge';

// Catalogue ids, by list.
const TAB_LABELS: Record<MembershipStatus, string> = {
  active: 'communities.members.tab.active',
  pending: 'communities.members.tab.pending',
  banned: 'communities.members.tab.banned',
};
const LIST_LABELS: Record<MembershipStatus, string> = {
  active: 'communities.members.list.active',
  pending: 'communities.members.list.pending',
  banned: 'communities.members.list.banned',
};
const LOADING: Record<MembershipStatus, string> = {
  active: 'communities.members.loading.active',
  pending: 'communities.members.loading.pending',
  banned: 'communities.members.loading.banned',
};
const EMPTY: Record<MembershipStatus, string> = {
  active: 'communities.members.empty.active',
  pending: 'communities.members.empty.pending',
  banned: 'communities.members.empty.banned',
};
/** '{date}' is the day the member joined, asked or was banned. */
const SINCE: Record<MembershipStatus, string> = {
  active: 'communities.members.since.active',
  pending: 'communities.members.since.pending',
  banned: 'communities.members.since.banned',
};

/**
 * Members with their roles. Moderators also see the pending requests (Approve / Decline) and the banned list
 * (Unban); the list is in the URL (?status=) so the request notification opens it directly.
 */
export function MembersTab({ community, viewer }: { community: CommunityView; viewer: CommunityViewerState }) {
  const [search, update] = useSearchParamsUpdate();
  const t = useT(catalog);
  const requested = search.get('status') as MembershipStatus | null;
  const status: MembershipStatus =
    viewer.canModerate && requested && MEMBERSHIP_STATUSES.includes(requested) ? requested : 'active';

  const choose = (value: string) => update({ tab: 'members', status: value === 'active' ? null : value });

  if (!viewer.canModerate) return <MemberList community={community} viewer={viewer} status="active" />;
  return (
    <Tabs value={status} onValueChange={choose} className="gap-4">
      <TabsList aria-label={t('communities.members.lists')}>
        {MEMBERSHIP_STATUSES.map((s) => (
          <TabsTrigger key={s} value={s}>
            {t(TAB_LABELS[s])}
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
  const t = useT(catalog);
  return (
    <PagedList
      query={query}
      label={t(LIST_LABELS[status])}
      skeleton={
        <p role="status" className="p-4 text-muted-foreground">
          {t(LOADING[status])}
        </p>
      }
      empty={<EmptyState title={t(EMPTY[status])} />}
      getKey={(entry) => entry.member.id}
      renderItem={(entry) => (
        <MemberRow
          member={entry.member}
          meta={t(SINCE[status], { date: formatDay(entry.since) })}
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
