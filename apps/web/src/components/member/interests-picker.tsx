import { useId } from 'react';
import * as Collapsible from 'radix-ui/collapsible';
import { CheckIcon, ChevronDownIcon, PlusIcon } from 'lucide-react';
import { INTEREST_CATEGORIES, INTEREST_MESSAGES, LIMITS } from '@bayclub/shared';
import { catalog } from '#/components/i18n';
import { useSharedText, useT } from '#/lib/i18n';
import { cn } from '#/lib/utils';

interface InterestsPickerProps {
  value: readonly string[];
  onChange: (next: string[]) => void;
  /** Heading shown above the groups ('Interests' unless told). */
  label?: string;
  /** How many may be chosen (a profile's interests by default; a community's topics are fewer). */
  max?: number;
  /** Said once `max` is reached (the shared 'Maximum of 15 interests reached.' unless told). */
  maxMessage?: string;
}

/**
 * The six interest categories as collapsible groups (the first two open), each interest a
 * checkbox chip. At `max` (LIMITS.interestsMax unless told) the unchosen chips are disabled.
 */
export function InterestsPicker({
  value,
  onChange,
  label,
  max = LIMITS.interestsMax,
  maxMessage,
}: InterestsPickerProps) {
  const t = useT(catalog);
  const s = useSharedText();
  const headingId = useId();
  const counterId = useId();
  const atMax = value.length >= max;

  const handleToggle = (option: string, checked: boolean) => {
    if (checked && !value.includes(option) && !atMax) onChange([...value, option]);
    if (!checked) onChange(value.filter((v) => v !== option));
  };

  return (
    <div role="group" aria-labelledby={headingId} aria-describedby={counterId} className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span id={headingId} className="text-sm font-medium">
          {label ?? t('components.interests.label')} <span className="font-normal text-muted-foreground">{t('components.field.optional')}</span>
        </span>
        <span id={counterId} aria-live="polite" className="text-sm text-muted-foreground tabular-nums">
          {t('components.interests.selected', { count: value.length, max })}
        </span>
      </div>
      {atMax && (
        <p role="status" className="rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm text-foreground">
          {maxMessage ?? s(INTEREST_MESSAGES.max)}
        </p>
      )}
      <div className="grid gap-2">
        {INTEREST_CATEGORIES.map((category, index) => (
          <InterestGroup
            key={category.name}
            name={category.name}
            options={category.options}
            selected={value}
            atMax={atMax}
            defaultOpen={index < 2}
            onToggle={handleToggle}
          />
        ))}
      </div>
    </div>
  );
}

interface InterestGroupProps {
  name: string;
  options: readonly string[];
  selected: readonly string[];
  atMax: boolean;
  defaultOpen: boolean;
  onToggle: (option: string, checked: boolean) => void;
}

function InterestGroup({ name, options, selected, atMax, defaultOpen, onToggle }: InterestGroupProps) {
  const t = useT(catalog);
  const s = useSharedText();
  const chosen = options.filter((o) => selected.includes(o)).length;
  return (
    <Collapsible.Root defaultOpen={defaultOpen} className="rounded-lg border bg-background/40">
      <Collapsible.Trigger className="group flex w-full items-center justify-between gap-3 rounded-lg px-3 py-2.5 text-left text-sm font-medium hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
        <span>{s(name)}</span>
        <span className="flex items-center gap-2 text-muted-foreground">
          {chosen > 0 && <span className="text-xs tabular-nums">{t('components.interests.chosen', { count: chosen })}</span>}
          <ChevronDownIcon aria-hidden="true" className="size-4 transition-transform group-data-[state=open]:rotate-180" />
        </span>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <div role="group" aria-label={s(name)} className="flex flex-wrap gap-2 px-3 pt-1 pb-3">
          {options.map((option) => {
            const checked = selected.includes(option);
            return (
              <InterestChip
                key={option}
                label={s(option)}
                checked={checked}
                disabled={atMax && !checked}
                onChange={(next) => onToggle(option, next)}
              />
            );
          })}
        </div>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

function InterestChip({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label
      className={cn(
        'inline-flex cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm transition-colors select-none',
        'has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
        checked ? 'border-primary bg-primary/15 font-medium text-foreground' : 'border-border hover:bg-accent/60',
        disabled && 'cursor-not-allowed opacity-50 hover:bg-transparent',
      )}
    >
      <input
        type="checkbox"
        className="sr-only"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      {checked ? (
        <CheckIcon aria-hidden="true" className="size-3.5 text-primary" />
      ) : (
        <PlusIcon aria-hidden="true" className="size-3.5 text-muted-foreground" />
      )}
      {label}
    </label>
  );
}
