import * as React from 'react';
import { Link } from 'react-router';
import { ClockIcon, PlusIcon } from 'lucide-react';
import { canSeeMembers, COMMUNITY_MESSAGES, type MyCommunityView } from '@bayclub/shared';
import { Badge } from '#/components/ui/badge';
import { Button } from '#/components/ui/button';
import { useCan, useMe } from '#/lib/session/use-session';
import { lazyNamed } from '#/lib/lazy-named';
import { useMyCommunitiesQuery } from '#/lib/session/my-communities';
import { useSharedText, useT } from '#/lib/i18n';
import { useDiscoverQuery } from './api';
import { EmptyState, ListError } from '#/components/card-grid';
import { CommunityGrid, CommunityGridSkeleton } from './community-grid';
import { catalog } from './i18n';
import { RoleBadge } from './role-badge';

// The form (react-hook-form, the schema, the topics picker) loads when someone opens it.
const CreateCommunityDialog = lazyNamed(() => import('./create-community-dialog'), 'CreateCommunityDialog');

/**
 * '/groups', the Community tab: the member's communities (with requests still waiting), suggestions, and Create
 * (full members, and community members with create_communities). Applicants see no member's community until they
 * are approved (decision 009): they are pointed to the public list.
 */
export function GroupsPage() {
  const me = useMe();
  const approved = canSeeMembers(me?.profile ?? null);
  const canCreate = useCan('create_communities');
  const canBrowse = useCan('see_communities_nav');
  const [creating, setCreating] = React.useState(false);
  const t = useT(catalog);

  return (
    <section aria-labelledby="groups-title" className="mx-auto grid w-full max-w-5xl content-start gap-6 px-4 py-6 sm:px-6 sm:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="groups-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {t('communities.title')}
        </h1>
        <div className="flex flex-wrap gap-2">
          {canBrowse && (
            <Button asChild variant="outline">
              <Link to="/communities">{t('communities.groups.browseAll')}</Link>
            </Button>
          )}
          {approved && canCreate && (
            <Button onClick={() => setCreating(true)} onPointerEnter={() => void CreateCommunityDialog.preload()}>
              <PlusIcon aria-hidden="true" />
              {t('communities.groups.create')}
            </Button>
          )}
        </div>
      </div>
      {approved ? (
        <>
          <YourCommunities />
          <Discover />
        </>
      ) : (
        <p role="status" className="rounded-xl border bg-muted/40 px-4 py-3">
          {t('communities.notApproved')}
        </p>
      )}
      {creating && (
        <React.Suspense fallback={null}>
          <CreateCommunityDialog open={creating} onOpenChange={setCreating} />
        </React.Suspense>
      )}
    </section>
  );
}

function membershipExtra(entry: MyCommunityView, s: (text: string) => string) {
  if (entry.status === 'pending') {
    return (
      <Badge variant="secondary">
        <ClockIcon aria-hidden="true" />
        {s(COMMUNITY_MESSAGES.requested)}
      </Badge>
    );
  }
  return <RoleBadge role={entry.role} />;
}

function YourCommunities() {
  const query = useMyCommunitiesQuery();
  const items = query.data?.items ?? [];
  const byId = new Map(items.map((entry) => [entry.community.id, entry]));
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <section aria-labelledby="mine-title" className="grid gap-3">
      <h2 id="mine-title" className="text-lg font-semibold">
        {t('communities.groups.mine')}
      </h2>
      {query.isPending ? (
        <CommunityGridSkeleton label={t('communities.groups.mineLoading')} />
      ) : query.isError ? (
        <ListError what={t('communities.groups.mineWhat')} error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={s(COMMUNITY_MESSAGES.noneJoined)} hint={s(COMMUNITY_MESSAGES.noneJoinedHint)} />
      ) : (
        <CommunityGrid
          label={t('communities.groups.mine')}
          communities={items.map((entry) => entry.community)}
          extra={(community) => membershipExtra(byId.get(community.id)!, s)}
        />
      )}
    </section>
  );
}

function Discover() {
  const query = useDiscoverQuery();
  const items = query.data?.items ?? [];
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <section aria-labelledby="discover-title" className="grid gap-3">
      <h2 id="discover-title" className="text-lg font-semibold">
        {t('communities.groups.discover')}
      </h2>
      {query.isPending ? (
        <CommunityGridSkeleton label={t('communities.groups.discoverLoading')} />
      ) : query.isError ? (
        <ListError what={t('communities.groups.discoverWhat')} error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={s(COMMUNITY_MESSAGES.noSuggestions)} />
      ) : (
        <CommunityGrid label={t('communities.groups.suggested')} communities={items} />
      )}
    </section>
  );
}
