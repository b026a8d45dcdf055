import { useId } from 'react';
import { Input } from '#/components/ui/input';
import { Label } from '#/components/ui/label';

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
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        Type <span className="font-mono font-semibold">{word}</span> to confirm
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
        Exactly as shown, in capital letters.
      </p>
    </div>
  );
}
