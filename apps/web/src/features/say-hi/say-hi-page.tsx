import * as React from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { AlertTriangleIcon, UsersRoundIcon } from 'lucide-react';
import { CONNECTION_MESSAGES, type DeckCardView, type MatchView, type SayHiResult } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Skeleton } from '#/components/ui/skeleton';
import { errorMessage, itemsOf } from '#/lib/api';
import { useSharedText, useT } from '#/lib/i18n';
import { FullMembersOnly, isForbidden } from '#/components/member/full-members-only';
import { useDeckQuery, useSkipMutation } from './api';
import { DeckCard } from './deck-card';
import { countFilters, filtersFromSearch, filtersToParams } from './deck-filters';
import { DeckFiltersPanel } from './deck-filters-panel';
import { catalog } from './i18n';
import { OnceOpened } from '#/components/once-opened';
import { RetryButton } from '#/components/retry-button';
import { lazyNamed } from '#/lib/lazy-named';

// The Say Hi form and the match celebration load when first needed (decision 011).
const SayHiDialog = lazyNamed(() => import('./say-hi-dialog'), 'SayHiDialog');
const MatchDialog = lazyNamed(() => import('./match-dialog'), 'MatchDialog');

/** Ask for the next page while this many cards are still waiting, so the deck never stalls. */
const PREFETCH_WHEN_LEFT = 3;

/** '/say-hi': one member at a time; Say Hi (with an optional note) or Skip. Filters live in the URL. */
export function SayHiPage() {
  const t = useT(catalog);
  const s = useSharedText();
  const [search, setSearch] = useSearchParams();
  const filters = React.useMemo(() => filtersFromSearch(search), [search]);
  const query = useDeckQuery(filters);
  const skip = useSkipMutation();
  const [hiTo, setHiTo] = React.useState<DeckCardView | null>(null);
  const [match, setMatch] = React.useState<MatchView | null>(null);

  const cards = itemsOf(query.data);
  const current = cards[0];
  const remaining = query.data?.pages.at(-1)?.remainingToday;
  const limitReached = remaining === 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = query;

  React.useEffect(() => {
    if (cards.length <= PREFETCH_WHEN_LEFT && hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [cards.length, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  const handleSkip = (card: DeckCardView) => {
    skip.mutate(card.id, {
      onError: (error) =>
        toast.error(errorMessage(error), {
          description: t('say-hi.skip.backInDeck', { name: card.fullName || t('say-hi.skip.thisMember') }),
        }),
    });
  };

  const handleSent = (result: SayHiResult) => {
    if (result.status === 'matched' && result.match) setMatch(result.match);
    else toast.success(s(CONNECTION_MESSAGES.helloSent));
  };

  const handleApply = (next: typeof filters) => setSearch(filtersToParams(next));

  let body: React.ReactNode;
  if (query.isPending || (!current && hasNextPage && !isError)) {
    body = <DeckSkeleton />;
  } else if (query.isError && !current) {
    body = isForbidden(query.error) ? (
      <FullMembersOnly title={t('say-hi.forbidden')} />
    ) : (
      <div role="alert" className="grid justify-items-center gap-3 rounded-xl border border-destructive/40 bg-destructive/5 px-6 py-10 text-center">
        <AlertTriangleIcon aria-hidden="true" className="size-8 text-destructive" />
        <p className="font-medium">{t('say-hi.loadFailed')}</p>
        <p className="text-sm text-muted-foreground">{errorMessage(query.error)}</p>
        <RetryButton onClick={() => void query.refetch()} />
      </div>
    );
  } else if (!current) {
    body = (
      <div className="grid justify-items-center gap-3 rounded-xl border border-dashed px-6 py-14 text-center">
        <UsersRoundIcon aria-hidden="true" className="size-10 text-muted-foreground" />
        <h2 className="text-lg font-semibold">{s(CONNECTION_MESSAGES.deckEmpty)}</h2>
        <p className="max-w-sm text-sm text-muted-foreground">{s(CONNECTION_MESSAGES.deckEmptyHint)}</p>
        {countFilters(filters) > 0 && (
          <Button variant="outline" onClick={() => setSearch({})}>
            {t('say-hi.clearFilters')}
          </Button>
        )}
      </div>
    );
  } else {
    body = (
      <>
        <DeckCard
          card={current}
          onSayHi={() => setHiTo(current)}
          onSkip={() => handleSkip(current)}
          sayHiDisabledBy={limitReached ? 'daily-limit' : undefined}
        />
        {/* Buttons keep focus when the next card arrives; this tells screen readers who it is. */}
        <p aria-live="polite" className="sr-only">{t('say-hi.showing', { name: current.fullName || t('say-hi.aMember') })}</p>
      </>
    );
  }

  return (
    <section aria-labelledby="say-hi-title" className="mx-auto grid w-full max-w-xl gap-4 px-4 py-6 sm:px-6 sm:py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h1 id="say-hi-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {t('say-hi.title')}
        </h1>
        {remaining !== undefined && !limitReached && (
          <p aria-live="polite" className="text-sm text-muted-foreground tabular-nums">
            {t('say-hi.hellosLeft', { count: remaining })}
          </p>
        )}
      </div>
      {limitReached && (
        <p id="daily-limit" role="status" className="rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm">
          {s(CONNECTION_MESSAGES.dailyLimit)}
        </p>
      )}
      <DeckFiltersPanel filters={filters} onApply={handleApply} />
      {body}
      <OnceOpened open={hiTo !== null}>
        <SayHiDialog
          member={hiTo && { id: hiTo.id, name: hiTo.fullName || t('say-hi.thisMember') }}
          onOpenChange={(open) => !open && setHiTo(null)}
          onSent={handleSent}
        />
      </OnceOpened>
      <OnceOpened open={match !== null}>
        <MatchDialog match={match} onOpenChange={(open) => !open && setMatch(null)} />
      </OnceOpened>
    </section>
  );
}

function DeckSkeleton() {
  const t = useT(catalog);
  return (
    <div role="status" aria-label={t('say-hi.loading')} className="grid overflow-hidden rounded-2xl border">
      <Skeleton className="aspect-[4/3] w-full rounded-none" />
      <div className="grid gap-3 p-5">
        <Skeleton className="h-7 w-48" />
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-16 w-full" />
        <div className="grid grid-cols-2 gap-3">
          <Skeleton className="h-11" />
          <Skeleton className="h-11" />
        </div>
      </div>
    </div>
  );
}
