import * as React from 'react';
import { SearchIcon } from 'lucide-react';
import { DIRECTORY_LIMITS, DIRECTORY_MESSAGES } from '@bayclub/shared';
import { Input } from '#/components/ui/input';

interface DirectorySearchBoxProps {
  /** The search in the URL. */
  value: string;
  /** Called 300 ms after typing stops, with the trimmed text. */
  onSearch: (q: string) => void;
}

/** The search box: typing stays local and reaches the URL (and the server) once the member pauses. */
export function DirectorySearchBox({ value, onSearch }: DirectorySearchBoxProps) {
  const id = React.useId();
  const [text, setText] = React.useState(value);
  const [lastValue, setLastValue] = React.useState(value);
  // The URL changed from elsewhere (Clear filters, back button): show that search.
  if (value !== lastValue) {
    setLastValue(value);
    if (text.trim() !== value) setText(value);
  }

  React.useEffect(() => {
    const next = text.trim();
    if (next === value) return;
    const timer = setTimeout(() => onSearch(next), DIRECTORY_LIMITS.searchDebounce);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <div className="relative min-w-0 flex-1">
      <label htmlFor={id} className="sr-only">
        {DIRECTORY_MESSAGES.searchLabel}
      </label>
      <SearchIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        id={id}
        type="search"
        value={text}
        maxLength={DIRECTORY_LIMITS.queryMax}
        placeholder="Search by name or username"
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
