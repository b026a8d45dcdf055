import * as React from 'react';
import type { CommunityView, CommunityViewerState } from '@bayclub/shared';
import { CommunityEvents } from '#/features/events';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#/components/ui/tabs';
import { CommunityPosts, ReportedPosts } from '#/features/posts';
import { ReportsQueue } from '#/features/moderation';
import { useSearchParamsUpdate } from '#/lib/use-search-params-update';
import { useT } from '#/lib/i18n';
import { AboutTab } from './about-tab';
import { catalog } from './i18n';
import { MembersTab } from './members-tab';

// The events feature's code (cards, date formatting) loads when the Events tab is opened.

const TABS = ['posts', 'events', 'members', 'about', 'reported'] as const;
type Tab = (typeof TABS)[number];

/** Posts | Events | Members | About, and Reported for moderators; the tab is in the URL (?tab=) so it can be linked. */
export function CommunityTabs({ community, viewer }: { community: CommunityView; viewer: CommunityViewerState }) {
  const [search, update] = useSearchParamsUpdate();
  const t = useT(catalog);
  const available: readonly Tab[] = viewer.canModerate ? TABS : TABS.filter((name) => name !== 'reported');
  const requested = search.get('tab') as Tab | null;
  const tab: Tab = requested && available.includes(requested) ? requested : 'posts';

  // The members list's own filter (?status=) belongs to that tab only.
  const handleTab = (value: string) => update(value === 'members' ? { tab: value } : { tab: value, status: null });

  return (
    <Tabs value={tab} onValueChange={handleTab} className="gap-4">
      <TabsList className={viewer.canModerate ? 'grid w-full grid-cols-5' : 'grid w-full grid-cols-4'}>
        <TabsTrigger value="posts">{t('communities.tabs.posts')}</TabsTrigger>
        <TabsTrigger value="events">{t('communities.tabs.events')}</TabsTrigger>
        <TabsTrigger value="members">{t('communities.tabs.members')}</TabsTrigger>
        <TabsTrigger value="about">{t('communities.tabs.about')}</TabsTrigger>
        {viewer.canModerate && <TabsTrigger value="reported">{t('communities.tabs.reported')}</TabsTrigger>}
      </TabsList>
      <TabsContent value="posts">
        <h2 className="sr-only">{t('communities.tabs.posts')}</h2>
        <CommunityPosts communityId={community.id} communityName={community.name} viewer={viewer} />
      </TabsContent>
      <TabsContent value="events">
        <h2 className="sr-only">{t('communities.tabs.events')}</h2>
        <React.Suspense fallback={null}>
          <CommunityEvents community={community} viewer={viewer} />
        </React.Suspense>
      </TabsContent>
      <TabsContent value="members">
        <h2 className="sr-only">{t('communities.tabs.members')}</h2>
        <MembersTab community={community} viewer={viewer} />
      </TabsContent>
      <TabsContent value="about">
        <h2 className="sr-only">{t('communities.tabs.about')}</h2>
        <AboutTab community={community} />
      </TabsContent>
      {viewer.canModerate && (
        <TabsContent value="reported">
          {/* Issue 23: the reports queue scoped to this community (every report with its actions) sits above the
              posts that reports hid, which keep their own Restore and Delete. */}
          <div className="grid gap-8">
            <React.Suspense fallback={null}>
              <ReportsQueue communityId={community.id} />
            </React.Suspense>
            <section className="grid gap-3">
              <h2 className="text-lg font-semibold">{t('communities.tabs.reportedPosts')}</h2>
              <ReportedPosts communityId={community.id} />
            </section>
          </div>
        </TabsContent>
      )}
    </Tabs>
  );
}
