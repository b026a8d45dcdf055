import * as React from 'react';
import type { CommunityView, CommunityViewerState } from '@bayclub/shared';
import { CommunityEvents } from '#/features/events';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#/components/ui/tabs';
import { CommunityPosts, ReportedPosts } from '#/features/posts';
import { ReportsQueue } from '#/features/moderation';
import { useSearchParamsUpdate } from '#/lib/use-search-params-update';
import { AboutTab } from './about-tab';
import { MembersTab } from './members-tab';

// The events feature's code (cards, date formatting) loads when the Events tab is opened.

const TABS = ['posts', 'events', 'members', 'about', 'reported'] as const;
type Tab = (typeof TABS)[number];

/** Posts | Events | Members | About, and Reported for moderators; the tab is in the URL (?tab=) so it can be linked. */
export function CommunityTabs({ community, viewer }: { community: CommunityView; viewer: CommunityViewerState }) {
  const [search, update] = useSearchParamsUpdate();
  const available: readonly Tab[] = viewer.canModerate ? TABS : TABS.filter((t) => t !== 'reported');
  const requested = search.get('tab') as Tab | null;
  const tab: Tab = requested && available.includes(requested) ? requested : 'posts';

  // The members list's own filter (?status=) belongs to that tab only.
  const handleTab = (value: string) => update(value === 'members' ? { tab: value } : { tab: value, status: null });

  return (
    <Tabs value={tab} onValueChange={handleTab} className="gap-4">
      <TabsList className={viewer.canModerate ? 'grid w-full grid-cols-5' : 'grid w-full grid-cols-4'}>
        <TabsTrigger value="posts">Posts</TabsTrigger>
        <TabsTrigger value="events">Events</TabsTrigger>
        <TabsTrigger value="members">Members</TabsTrigger>
        <TabsTrigger value="about">About</TabsTrigger>
        {viewer.canModerate && <TabsTrigger value="reported">Reported</TabsTrigger>}
      </TabsList>
      <TabsContent value="posts">
        <h2 className="sr-only">Posts</h2>
        <CommunityPosts communityId={community.id} communityName={community.name} viewer={viewer} />
      </TabsContent>
      <TabsContent value="events">
        <h2 className="sr-only">Events</h2>
        <React.Suspense fallback={null}>
          <CommunityEvents community={community} viewer={viewer} />
        </React.Suspense>
      </TabsContent>
      <TabsContent value="members">
        <h2 className="sr-only">Members</h2>
        <MembersTab community={community} viewer={viewer} />
      </TabsContent>
      <TabsContent value="about">
        <h2 className="sr-only">About</h2>
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
              <h2 className="text-lg font-semibold">Reported posts</h2>
              <ReportedPosts communityId={community.id} />
            </section>
          </div>
        </TabsContent>
      )}
    </Tabs>
  );
}
