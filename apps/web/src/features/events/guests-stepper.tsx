import * as React from 'react';
import { MinusIcon, PlusIcon } from 'lucide-react';
import { Button } from '#/components/ui/button';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

/** "Guests": 0..max plus-ones, with large − / + buttons for thumbs; the number is announced as it changes. */
export function GuestsStepper({ value, max, onChange, disabled }: { value: number; max: number; onChange: (n: number) => void; disabled?: boolean }) {
  const labelId = React.useId();
  const t = useT(catalog);
  return (
    <div role="group" aria-labelledby={labelId} className="flex items-center gap-3">
      <span id={labelId} className="text-sm font-medium">
        {t('events.guests.label')}
      </span>
      <Button type="button" variant="outline" size="icon-sm" aria-label={t('events.guests.fewer')} disabled={disabled || value <= 0} onClick={() => onChange(value - 1)}>
        <MinusIcon aria-hidden="true" />
      </Button>
      <output aria-live="polite" className="min-w-6 text-center tabular-nums">
        {value}
      </output>
      <Button type="button" variant="outline" size="icon-sm" aria-label={t('events.guests.more')} disabled={disabled || value >= max} onClick={() => onChange(value + 1)}>
        <PlusIcon aria-hidden="true" />
      </Button>
      <span className="text-xs text-muted-foreground">{t('events.guests.upTo', { max })}</span>
    </div>
  );
}
