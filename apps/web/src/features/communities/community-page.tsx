import type * as React from 'react';
import { Link, useParams } from 'react-router';
import { LockIcon } from 'lucide-react';
import { COMMUNITY_MESSAGES, type CommunityView } from '@bayclub/shared';
import { PageSpinner } from '#/components/page-spinner';
import { Button } from '#/components/ui/button';
import { useMe } from '#/lib/session/use-session';
import { NotFoundPage } from '#/components/not-found-page';
import { isApiError } from '#/lib/api';
import { useSharedText, useT } from '#/lib/i18n';
import { AboutTab } from './about-tab';
import { useCommunityQuery } from './api';
import { ListError } from '#/components/card-grid';
import { CommunityHeader } from './community-header';
import { CommunityTabs } from './community-tabs';
import { catalog } from './i18n';
import { EditCommunityButton } from './edit-community-button';
import { MembershipButton } from './membership-button';

/**
 * '/community/{id}'. What shows depends on the viewer (decision 014): readers get the tabs; an approved member
 * who may not read (a private community they have not joined) gets About and the Join button; visitors and
 * applicants (viewer null) get About with Apply or a note on their application.
 */
export function CommunityPage() {
  const { communityId = '' } = useParams();
  const query = useCommunityQuery(communityId);
  const t = useT(catalog);

  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    if (isApiError(query.error) && (query.error.isNotFound || query.error.status === 400)) return <NotFoundPage />;
    return (
      <Frame>
        <ListError what={t('communities.page.what')} error={query.error} onRetry={() => void query.refetch()} />
      </Frame>
    );
  }
  const community = query.data;
  const viewer = community.viewer;
  return (
    <Frame>
      <CommunityHeader
        community={community}
        actions={
          <>
            <MembershipButton community={community} />
            {viewer?.canEdit && <EditCommunityButton community={community} />}
          </>
        }
      />
      {viewer?.canRead ? (
        <CommunityTabs community={community} viewer={viewer} />
      ) : (
        <div className="grid gap-4">
          {viewer ? <PrivateNotice /> : <OutsiderNotice community={community} />}
          <h2 className="sr-only">{t('communities.tabs.about')}</h2>
          <AboutTab community={community} />
        </div>
      )}
    </Frame>
  );
}

function Frame({ children }: { children: React.ReactNode }) {
  return <section className="mx-auto grid w-full max-w-4xl content-start gap-5 px-4 py-6 sm:px-6 sm:py-8">{children}</section>;
}

function PrivateNotice() {
  const s = useSharedText();
  return (
    <p className="flex items-center gap-2 rounded-xl border bg-muted/40 px-4 py-3 text-sm">
      <LockIcon aria-hidden="true" className="size-4 shrink-0" />
      {s(COMMUNITY_MESSAGES.privateNotice)}
    </p>
  );
}

/**
 * Visitors: Apply through this community (the application remembers it) or sign in and come back here.
 * Applicants have applied already: they are told the community opens once they are approved.
 */
function OutsiderNotice({ community }: { community: CommunityView }) {
  const me = useMe();
  const t = useT(catalog);
  const s = useSharedText();
  if (me) {
    return (
      <p role="status" className="rounded-xl border bg-muted/40 px-4 py-3 text-sm">
        {t('communities.notApproved')}
      </p>
    );
  }
  return (
    <div className="grid gap-3 rounded-xl border border-primary/30 bg-primary/5 px-4 py-4 sm:flex sm:items-center sm:justify-between">
      <p>{s(COMMUNITY_MESSAGES.visitorApply)}</p>
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to={`/${community.urlSlug}/register`}>{t('communities.page.applyToJoin')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={`/${community.urlSlug}/login`}>{t('communities.page.signIn')}</Link>
        </Button>
      </div>
    </div>
  );
}
