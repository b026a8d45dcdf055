import { useId } from 'react';
import { Input } from '#/components/ui/input';
import { Label } from '#/components/ui/label';
import { Trans, useT } from '#/lib/i18n';
import { catalog } from './i18n';

interface ConfirmWordInputProps {
  /** The exact, case-sensitive word (DEACTIVATE, DELETE). */
  word: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

/** "Type WORD to confirm": a plain input; the caller enables its action only on `value === word`. */
export function ConfirmWordInput({ word, value, onChange, disabled }: ConfirmWordInputProps) {
  const id = useId();
  const t = useT(catalog);
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        <Trans catalog={catalog} id="account.confirmWord.label" values={{ word }} components={{ 0: <span className="font-mono font-semibold" /> }} />
      </Label>
      <Input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        autoComplete="off"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        placeholder={word}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t('account.confirmWord.hint')}
      </p>
    </div>
  );
}
