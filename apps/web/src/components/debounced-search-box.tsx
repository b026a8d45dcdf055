import * as React from 'react';
import { SearchIcon } from 'lucide-react';
import { Input } from '#/components/ui/input';
import { cn } from '#/lib/utils';

interface DebouncedSearchBoxProps {
  /** The search in the URL. */
  value: string;
  /** Called once typing pauses (or at once on Enter), with the trimmed text. */
  onSearch: (q: string) => void;
  /** The label screen readers hear (the box shows only a placeholder). */
  label: string;
  placeholder: string;
  maxLength: number;
  debounceMs: number;
  className?: string;
}

/**
 * A search box whose typing stays local and reaches the URL (and the server) once the member pauses, so a list is
 * not refetched per keystroke; a search changed elsewhere (Back, Clear filters) shows in the box.
 */
export function DebouncedSearchBox({ value, onSearch, label, placeholder, maxLength, debounceMs, className }: DebouncedSearchBoxProps) {
  const id = React.useId();
  const [text, setText] = React.useState(value);
  const [lastValue, setLastValue] = React.useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    if (text.trim() !== value) setText(value);
  }

  React.useEffect(() => {
    const next = text.trim();
    if (next === value) return;
    const timer = setTimeout(() => onSearch(next), debounceMs);
    return () => clearTimeout(timer);
  }, [text, value, onSearch, debounceMs]);

  return (
    <div className={cn('relative min-w-0', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <SearchIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        id={id}
        type="search"
        value={text}
        maxLength={maxLength}
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="search"
        className="pl-9"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          // Enter searches at once instead of waiting for the pause.
          if (e.key === 'Enter' && text.trim() !== value) onSearch(text.trim());
        }}
      />
    </div>
  );
}
