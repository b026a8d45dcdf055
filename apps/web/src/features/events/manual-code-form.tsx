import * as React from 'react';
import { EVENT_LIMITS, ticketCodeSchema } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Input } from '#/components/ui/input';
import { Label } from '#/components/ui/label';
import { Spinner } from '#/components/ui/spinner';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

/** A code as printed on a ticket (six characters of the code alphabet): the field's example, the same in every language. */
const CODE_EXAMPLE = 'ACD234';

/**
 * The ticket's 6-character code, typed at the door: upper-cased as typed, checked against the code alphabet
 * before it is sent. `onSubmit` answers whether to clear the field (after an admission) or keep it (to fix a typo).
 */
export function ManualCodeForm({ onSubmit, pending }: { onSubmit: (code: string) => Promise<boolean>; pending: boolean }) {
  const [code, setCode] = React.useState('');
  // EVENT_MESSAGES.codeFormat, said in the page's language.
  const [invalid, setInvalid] = React.useState(false);
  const errorId = React.useId();
  const t = useT(catalog);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = ticketCodeSchema.safeParse(code);
    setInvalid(!parsed.success);
    if (!parsed.success) return;
    if (await onSubmit(parsed.data)) setCode('');
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-2">
      <Label htmlFor="door-code">{t('events.door.codeLabel')}</Label>
      <div className="flex gap-2">
        <Input
          id="door-code"
          value={code}
          onChange={(e) => setCode(e.target.value.toUpperCase().replace(/\s/g, '').slice(0, EVENT_LIMITS.ticketCodeLength))}
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          className="h-12 font-mono text-2xl tracking-[0.3em] uppercase"
          placeholder={CODE_EXAMPLE}
        />
        <Button type="submit" className="h-12" disabled={pending}>
          {pending && <Spinner />}
          {t('events.door.checkIn')}
        </Button>
      </div>
      {invalid && (
        <p id={errorId} className="text-sm text-destructive">
          {t('events.door.codeFormat', { length: EVENT_LIMITS.ticketCodeLength })}
        </p>
      )}
    </form>
  );
}
