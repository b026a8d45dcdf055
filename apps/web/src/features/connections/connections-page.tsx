import { Link } from 'react-router';
import { accessLevel } from '@bayclub/shared';
import { itemsOf } from '#/lib/api';
import { Button } from '#/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#/components/ui/tabs';
import { useMe } from '#/lib/session/use-session';
import { BlockedList } from '#/features/safety';
import { useConnectionsRealtime, useHellosQuery } from './api';
import { FullMembersOnly } from '#/components/member/full-members-only';
import { useSearchParamsUpdate } from '#/lib/use-search-params-update';
import { ReceivedTab, SentTab } from './hellos-tab';
import { FORBIDDEN_TITLE, MatchesTab } from './matches-tab';

const TABS = ['matches', 'received', 'sent', 'blocked'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null): v is Tab => v !== null && (TABS as readonly string[]).includes(v);

/** '/connections': matches, hellos received and sent, and blocked members; the tab is in the URL (?tab=). */
export function ConnectionsPage() {
  useConnectionsRealtime();
  const me = useMe();
  const full = accessLevel(me?.profile ?? null) === 'full_platform';
  return (
    <section aria-labelledby="connections-title" className="mx-auto grid w-full max-w-3xl content-start gap-4 px-4 py-6 sm:px-6 sm:py-8">
      <h1 id="connections-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
        Connections
      </h1>
      {full ? <ConnectionTabs /> : <LimitedConnections />}
    </section>
  );
}

function ConnectionTabs() {
  const [search, update] = useSearchParamsUpdate();
  const requested = search.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'matches';
  const received = useHellosQuery('received');
  const receivedCount = itemsOf(received.data).length;
  const countLabel = received.hasNextPage ? `${receivedCount}+` : String(receivedCount);

  const handleTab = (value: string) => update({ tab: value });

  return (
    <Tabs value={tab} onValueChange={handleTab} className="gap-4">
      <TabsList className="grid h-auto w-full grid-cols-2 gap-1 sm:h-10 sm:grid-cols-4">
        <TabsTrigger value="matches">Matches</TabsTrigger>
        <TabsTrigger value="received">
          Received
          {receivedCount > 0 && (
            <>
              {' '}
              <span
                aria-hidden="true"
                className="rounded-full bg-primary px-1.5 text-xs leading-5 font-semibold text-primary-foreground tabular-nums"
              >
                {countLabel}
              </span>
              <span className="sr-only">{`(${countLabel} waiting)`}</span>
            </>
          )}
        </TabsTrigger>
        <TabsTrigger value="sent">Sent</TabsTrigger>
        <TabsTrigger value="blocked">Blocked</TabsTrigger>
      </TabsList>
      <TabsContent value="matches">
        <h2 className="sr-only">Matches</h2>
        <MatchesTab />
      </TabsContent>
      <TabsContent value="received">
        <h2 className="sr-only">Received hellos</h2>
        <ReceivedTab query={received} />
      </TabsContent>
      <TabsContent value="sent">
        <h2 className="sr-only">Sent hellos</h2>
        <SentTab />
      </TabsContent>
      <TabsContent value="blocked">
        <h2 className="sr-only">Blocked members</h2>
        <BlockedList />
      </TabsContent>
    </Tabs>
  );
}

/**
 * community_only members may see this page (see_connections_nav) but matches and hellos are full_platform:
 * say so, and still let them manage the members they blocked (blocking is open to every member).
 */
function LimitedConnections() {
  return (
    <div className="grid gap-6">
      <FullMembersOnly title={FORBIDDEN_TITLE} />
      <div className="flex justify-center">
        <Button asChild variant="outline">
          <Link to="/profile">Back to your profile</Link>
        </Button>
      </div>
      <section aria-labelledby="blocked-title" className="grid gap-3">
        <h2 id="blocked-title" className="text-lg font-semibold">
          Blocked members
        </h2>
        <BlockedList />
      </section>
    </div>
  );
}
