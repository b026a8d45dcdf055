import * as React from 'react';
import { mentionAtCaret, type MemberSummary } from '@bayclub/shared';
import { Textarea } from '#/components/ui/textarea';
import { useDebouncedValue } from '#/lib/use-debounced-value';
import { cn } from '#/lib/utils';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';
import { useMentionSuggestions, type MentionScope } from './mentions-api';

/** How long typing pauses before members are asked for: one request per pause, not one per key. */
const SUGGEST_DELAY_MS = 150;

type MentionTextareaProps = Omit<React.ComponentProps<'textarea'>, 'value' | 'onChange'> & {
  value: string;
  onValueChange: (value: string) => void;
  scope: MentionScope;
  /** Classes of the wrapper that anchors the suggestions (a flex row's `flex-1`). */
  containerClassName?: string;
};

/**
 * For a dialog that holds a MentionTextarea (its content's `onEscapeKeyDown`): Radix closes the dialog from a
 * document listener that runs before the textarea sees the key, so while suggestions are showing the dialog stays
 * open and Escape closes only them.
 */
export function keepOpenWhileSuggesting(event: KeyboardEvent) {
  if ((event.target as HTMLElement | null)?.closest?.('[data-suggesting]')) event.preventDefault();
}

/**
 * A plain textarea that suggests members while an `@name` is being typed (issue 21). The suggestions are a listbox
 * the textarea controls (aria-controls, aria-activedescendant, aria-autocomplete="list": the attributes a textbox
 * may carry; a textarea may not take the combobox role). Keys: arrows move, Enter or Tab insert, Escape closes.
 */
export function MentionTextarea({ value, onValueChange, scope, className, containerClassName, onKeyDown, onBlur, ...props }: MentionTextareaProps) {
  const listId = React.useId();
  const t = useT(catalog);
  const ref = React.useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = React.useState<number | null>(null);
  const [active, setActive] = React.useState(0);
  const [dismissedAt, setDismissedAt] = React.useState<number | null>(null);
  const mention = caret === null ? null : mentionAtCaret(value, caret);
  const open = mention !== null && dismissedAt !== mention.start;
  // A bare `@` asks too (q=''): the server answers it with the first members, which is what the list offers then.
  const query = useDebouncedValue(open ? mention.query : null, SUGGEST_DELAY_MS);
  const { data } = useMentionSuggestions(scope, query);
  const items = open ? (data?.items ?? []) : [];
  const shown = items.length > 0;
  const activeIndex = Math.min(active, Math.max(items.length - 1, 0));

  const trackCaret = (el: HTMLTextAreaElement) => setCaret(el.selectionStart === el.selectionEnd ? el.selectionStart : null);

  const insert = (member: MemberSummary) => {
    if (!mention || !member.username || caret === null) return;
    const before = value.slice(0, mention.start);
    const after = value.slice(caret);
    const inserted = `@${member.username} `;
    const next = `${before}${inserted}${after.startsWith(' ') ? after.slice(1) : after}`;
    const at = before.length + inserted.length;
    onValueChange(next);
    setCaret(at);
    setActive(0);
    requestAnimationFrame(() => ref.current?.setSelectionRange(at, at));
  };

  const handleKeyDown = (event: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (shown) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((activeIndex + step + items.length) % items.length);
        return;
      }
      if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
        event.preventDefault();
        insert(items[activeIndex]!);
        return;
      }
      if (event.key === 'Escape') {
        // Closes the suggestions only: a dialog around it stays open through keepOpenWhileSuggesting, and handlers
        // that bubble up from here never see the key.
        event.preventDefault();
        event.stopPropagation();
        setDismissedAt(mention?.start ?? null);
        return;
      }
    }
    onKeyDown?.(event);
  };

  return (
    <div className={cn('relative w-full', containerClassName)}>
      <Textarea
        ref={ref}
        {...props}
        className={className}
        value={value}
        aria-autocomplete="list"
        aria-controls={shown ? listId : undefined}
        aria-activedescendant={shown ? `${listId}-${activeIndex}` : undefined}
        data-suggesting={shown ? '' : undefined}
        onChange={(event) => {
          onValueChange(event.target.value);
          trackCaret(event.target);
          setActive(0);
        }}
        onSelect={(event) => trackCaret(event.currentTarget)}
        onKeyDown={handleKeyDown}
        onBlur={(event) => {
          setCaret(null);
          onBlur?.(event);
        }}
      />
      {shown && (
        <ul
          id={listId}
          role="listbox"
          aria-label={t('posts.mentions.label')}
          className="absolute inset-x-0 top-full z-50 mt-1 max-h-60 overflow-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        >
          {items.map((member, i) => (
            <li
              key={member.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === activeIndex}
              className={cn('flex cursor-pointer items-baseline gap-2 rounded-sm px-2 py-1.5 text-sm', i === activeIndex && 'bg-accent text-accent-foreground')}
              // mousedown, not click: the textarea keeps focus (and its caret) while a suggestion is picked.
              onMouseDown={(event) => {
                event.preventDefault();
                insert(member);
              }}
            >
              <span className="font-medium">@{member.username}</span>
              {member.fullName && <span className="truncate text-muted-foreground">{member.fullName}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
