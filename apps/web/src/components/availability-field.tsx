import { useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { AvailabilityStatusLine, type AvailabilityStatus } from '#/components/availability-status';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '#/components/ui/form';
import { Input } from '#/components/ui/input';

interface AvailabilityFieldProps<T extends FieldValues> {
  name: Path<T>;
  label: string;
  /** Shown in front of the value ('@' for a username, '/' for an address); `inputClassName` makes room for it. */
  prefix: string;
  inputClassName: string;
  status: AvailabilityStatus;
  /** The rule, said while nothing is being checked. */
  idle: string;
  checking: string;
  maxLength: number;
  autoComplete: string;
  /** The member typed in it (an address stops following the name). */
  onEdited?: () => void;
}

/** A name that must be free (a username, a community's address): lowercased as typed, the live check under it. */
export function AvailabilityField<T extends FieldValues>({
  name,
  label,
  prefix,
  inputClassName,
  status,
  idle,
  checking,
  maxLength,
  autoComplete,
  onEdited,
}: AvailabilityFieldProps<T>) {
  const { control } = useFormContext<T>();
  const flagged = status.state === 'taken' || status.state === 'invalid';
  return (
    <FormField
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <div className="relative">
            <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground">
              {prefix}
            </span>
            <FormControl>
              <Input
                {...field}
                value={(field.value as string | null | undefined) ?? ''}
                onChange={(e) => {
                  onEdited?.();
                  field.onChange(e.target.value.toLowerCase());
                }}
                className={inputClassName}
                autoComplete={autoComplete}
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                maxLength={maxLength}
                aria-invalid={fieldState.invalid || flagged}
              />
            </FormControl>
          </div>
          {/* A server or submit error replaces the live status so the two never disagree. */}
          {!fieldState.error && (
            <FormDescription aria-live="polite">
              <AvailabilityStatusLine status={status} idle={idle} checking={checking} />
            </FormDescription>
          )}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
