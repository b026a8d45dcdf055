import { Link } from 'react-router';
import { accessLevel } from '@bayclub/shared';
import { itemsOf } from '#/lib/api';
import { Button } from '#/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#/components/ui/tabs';
import { useT } from '#/lib/i18n';
import { useMe } from '#/lib/session/use-session';
import { BlockedList } from '#/features/safety';
import { useConnectionsRealtime, useHellosQuery } from './api';
import { FullMembersOnly } from '#/components/member/full-members-only';
import { useSearchParamsUpdate } from '#/lib/use-search-params-update';
import { ReceivedTab, SentTab } from './hellos-tab';
import { catalog } from './i18n';
import { FORBIDDEN_TITLE, MatchesTab } from './matches-tab';

const TABS = ['matches', 'received', 'sent', 'blocked'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null): v is Tab => v !== null && (TABS as readonly string[]).includes(v);

/** '/connections': matches, hellos received and sent, and blocked members; the tab is in the URL (?tab=). */
export function ConnectionsPage() {
  useConnectionsRealtime();
  const t = useT(catalog);
  const me = useMe();
  const full = accessLevel(me?.profile ?? null) === 'full_platform';
  return (
    <section aria-labelledby="connections-title" className="mx-auto grid w-full max-w-3xl content-start gap-4 px-4 py-6 sm:px-6 sm:py-8">
      <h1 id="connections-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
        {t('connections.title')}
      </h1>
      {full ? <ConnectionTabs /> : <LimitedConnections />}
    </section>
  );
}

function ConnectionTabs() {
  const t = useT(catalog);
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
        <TabsTrigger value="matches">{t('connections.tabs.matches')}</TabsTrigger>
        <TabsTrigger value="received">
          {t('connections.tabs.received')}
          {receivedCount > 0 && (
            <>
              {' '}
              <span
                aria-hidden="true"
                className="rounded-full bg-primary px-1.5 text-xs leading-5 font-semibold text-primary-foreground tabular-nums"
              >
                {countLabel}
              </span>
              <span className="sr-only">{t('connections.tabs.waiting', { count: countLabel })}</span>
            </>
          )}
        </TabsTrigger>
        <TabsTrigger value="sent">{t('connections.tabs.sent')}</TabsTrigger>
        <TabsTrigger value="blocked">{t('connections.tabs.blocked')}</TabsTrigger>
      </TabsList>
      <TabsContent value="matches">
        <h2 className="sr-only">{t('connections.tabs.matches')}</h2>
        <MatchesTab />
      </TabsContent>
      <TabsContent value="received">
        <h2 className="sr-only">{t('connections.received.title')}</h2>
        <ReceivedTab query={received} />
      </TabsContent>
      <TabsContent value="sent">
        <h2 className="sr-only">{t('connections.sent.title')}</h2>
        <SentTab />
      </TabsContent>
      <TabsContent value="blocked">
        <h2 className="sr-only">{t('connections.blocked.title')}</h2>
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
  const t = useT(catalog);
  return (
    <div className="grid gap-6">
      <FullMembersOnly title={t(FORBIDDEN_TITLE)} />
      <div className="flex justify-center">
        <Button asChild variant="outline">
          <Link to="/profile">{t('connections.backToProfile')}</Link>
        </Button>
      </div>
      <section aria-labelledby="blocked-title" className="grid gap-3">
        <h2 id="blocked-title" className="text-lg font-semibold">
          {t('connections.blocked.title')}
        </h2>
        <BlockedList />
      </section>
    </div>
  );
}
