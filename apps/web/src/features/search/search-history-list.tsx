import { ClockIcon } from 'lucide-react';
import { SEARCH_LIMITS, SEARCH_MESSAGES, SEARCH_TAB_LABELS, type SearchHistoryEntry } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { useSharedText, useT } from '#/lib/i18n';
import { cn } from '#/lib/utils';
import { catalog } from './i18n';

interface SearchHistoryListProps {
  listboxId: string;
  entries: SearchHistoryEntry[];
  active: number;
  optionId: (index: number) => string;
  onSelect: (entry: SearchHistoryEntry) => void;
  onPoint: (index: number) => void;
  onClear: () => void;
}

/** Spec 2: the recent searches, at most five shown (ten kept), each searched again when chosen. */
export function SearchHistoryList({ listboxId, entries, active, optionId, onSelect, onPoint, onClear }: SearchHistoryListProps) {
  const t = useT(catalog);
  const s = useSharedText();
  if (!entries.length) return null;
  const labelId = `${listboxId}-label`;
  return (
    <section className="flex flex-col gap-1">
      <div className="flex items-center justify-between px-3">
        <h3 id={labelId} className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {s(SEARCH_MESSAGES.recent)}
        </h3>
        <Button type="button" variant="ghost" size="sm" onClick={onClear} aria-label={t('search.history.clear')}>
          {s(SEARCH_MESSAGES.clearRecent)}
        </Button>
      </div>
      <div id={listboxId} role="listbox" aria-labelledby={labelId} className="flex flex-col gap-0.5">
        {entries.slice(0, SEARCH_LIMITS.historyShown).map((entry, i) => (
          <div
            key={`${entry.query}-${entry.timestamp}`}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onSelect(entry)}
            onMouseMove={() => onPoint(i)}
            className={cn('flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm', i === active && 'bg-accent text-accent-foreground')}
          >
            <ClockIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            <span className="min-w-0 flex-1 truncate">{entry.query}</span>
            {entry.type !== 'all' && <span className="shrink-0 text-xs text-muted-foreground">{s(SEARCH_TAB_LABELS[entry.type])}</span>}
          </div>
        ))}
      </div>
    </section>
  );
}
