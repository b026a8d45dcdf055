import * as React from 'react';
import { SEARCH_LIMITS, SEARCH_TAB_LABELS, SEARCH_TABS, SEARCH_TYPES, searchCountLabel, type SearchResponse, type SearchTab } from '@bayclub/shared';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#/components/ui/tabs';

/** All's count: the types' counts added up, with a '+' once one of them reached the cap. */
function allLabel(counts: SearchResponse['counts']): string {
  const values = SEARCH_TYPES.map((t) => counts[t]);
  const sum = values.reduce((a, b) => a + b, 0);
  return values.some((v) => v >= SEARCH_LIMITS.countCap) ? `${sum}+` : String(sum);
}

interface SearchTabsProps {
  tab: SearchTab;
  onTab: (tab: SearchTab) => void;
  counts: SearchResponse['counts'] | null;
  children: React.ReactNode;
}

/** Spec 2: tabs All / Users / Communities / Events / Posts, each with its count; the active tab's panel below. */
export function SearchTabs({ tab, onTab, counts, children }: SearchTabsProps) {
  return (
    <Tabs value={tab} onValueChange={(v) => onTab(v as SearchTab)} className="min-h-0 min-w-0 flex-1 gap-0">
      {/* One row that scrolls sideways on a phone rather than wrapping over the results. */}
      <TabsList aria-label="Result types" className="mx-3 mt-2 flex h-auto w-auto max-w-full justify-start overflow-x-auto">
        {SEARCH_TABS.map((t) => (
          <TabsTrigger key={t} value={t} className="h-8 flex-none px-2.5">
            {SEARCH_TAB_LABELS[t]}
            {counts && (
              <span className="rounded-full bg-muted-foreground/15 px-1.5 text-xs tabular-nums">
                {t === 'all' ? allLabel(counts) : searchCountLabel(counts[t])}
              </span>
            )}
          </TabsTrigger>
        ))}
      </TabsList>
      {SEARCH_TABS.map((t) => (
        <TabsContent key={t} value={t} className="min-h-0 min-w-0 overflow-x-hidden overflow-y-auto px-2 py-2">
          {t === tab && children}
        </TabsContent>
      ))}
    </Tabs>
  );
}
