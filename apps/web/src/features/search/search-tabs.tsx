import * as React from 'react';
import { SEARCH_LIMITS, SEARCH_TAB_LABELS, SEARCH_TABS, SEARCH_TYPES, searchCountLabel, type SearchResponse, type SearchTab } from '@bayclub/shared';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#/components/ui/tabs';
import { useSharedText, useT } from '#/lib/i18n';
import { cn } from '#/lib/utils';
import { catalog } from './i18n';

/** All's count: the types' counts added up, with a '+' once one of them reached the cap. */
function allLabel(counts: SearchResponse['counts']): string {
  const values = SEARCH_TYPES.map((t) => counts[t]);
  const sum = values.reduce((a, b) => a + b, 0);
  return values.some((v) => v >= SEARCH_LIMITS.countCap) ? `${sum}+` : String(sum);
}

/**
 * Which ends of a sideways-scrolling row have more behind them, kept current as it scrolls and resizes: the fade
 * edges say "there is more this way" where six tabs with counts do not fit (a 390 px phone; issue 21).
 */
function useOverflowEdges<T extends HTMLElement>() {
  const ref = React.useRef<T>(null);
  const [edges, setEdges] = React.useState({ start: false, end: false });
  const measure = React.useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const start = el.scrollLeft > 1;
    const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setEdges((e) => (e.start === start && e.end === end ? e : { start, end }));
  }, []);
  React.useLayoutEffect(() => {
    measure();
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);
  return { ref, edges, measure };
}

const FADE_START = '[mask-image:linear-gradient(to_right,transparent,black_2rem)]';
const FADE_END = '[mask-image:linear-gradient(to_right,black_calc(100%-2rem),transparent)]';
const FADE_BOTH = '[mask-image:linear-gradient(to_right,transparent,black_2rem,black_calc(100%-2rem),transparent)]';

interface SearchTabsProps {
  tab: SearchTab;
  onTab: (tab: SearchTab) => void;
  counts: SearchResponse['counts'] | null;
  children: React.ReactNode;
}

/**
 * Spec 2: tabs All / Users / Communities / Events / Posts (and Places, issue 21), each with its count; the active
 * tab's panel below. Where they do not fit, the row scrolls sideways with a fade at the edge that has more, and the
 * tab chosen (by arrow keys too) is scrolled into view.
 */
export function SearchTabs({ tab, onTab, counts, children }: SearchTabsProps) {
  const t = useT(catalog);
  const s = useSharedText();
  const { ref, edges, measure } = useOverflowEdges<HTMLDivElement>();
  React.useEffect(() => {
    const active = ref.current?.querySelector<HTMLElement>('[data-state="active"]');
    active?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [tab, ref]);
  // Counts change the tabs' widths.
  React.useLayoutEffect(measure, [counts, measure]);
  const fade = edges.start && edges.end ? FADE_BOTH : edges.start ? FADE_START : edges.end ? FADE_END : '';
  return (
    <Tabs value={tab} onValueChange={(v) => onTab(v as SearchTab)} className="min-h-0 min-w-0 flex-1 gap-0">
      {/* One row that scrolls sideways on a phone rather than wrapping over the results. */}
      <TabsList
        ref={ref}
        aria-label={t('search.tabs.label')}
        onScroll={measure}
        data-more-before={edges.start || undefined}
        data-more-after={edges.end || undefined}
        className={cn('mx-3 mt-2 flex h-auto w-auto max-w-full justify-start overflow-x-auto', fade)}
      >
        {SEARCH_TABS.map((type) => (
          <TabsTrigger key={type} value={type} className="h-8 flex-none px-2 sm:px-2.5">
            {s(SEARCH_TAB_LABELS[type])}
            {counts && (
              <span className="rounded-full bg-muted-foreground/15 px-1.5 text-xs tabular-nums">
                {type === 'all' ? allLabel(counts) : searchCountLabel(counts[type])}
              </span>
            )}
          </TabsTrigger>
        ))}
      </TabsList>
      {SEARCH_TABS.map((type) => (
        <TabsContent key={type} value={type} className="min-h-0 min-w-0 overflow-x-hidden overflow-y-auto px-2 py-2">
          {type === tab && children}
        </TabsContent>
      ))}
    </Tabs>
  );
}
