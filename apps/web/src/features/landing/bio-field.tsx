import { useFormContext } from 'react-hook-form';
import { AlertTriangleIcon } from 'lucide-react';
import { LIMITS } from '@bayclub/shared';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '#/components/ui/form';
import { Textarea } from '#/components/ui/textarea';
import { cn } from '#/lib/utils';

/** Bio with the spec's counter: warning past LIMITS.bioWarn, error past LIMITS.bioMax, input capped at LIMITS.bioInputCap. */
export function BioField() {
  const { control, trigger } = useFormContext<{ bio?: string | null }>();
  return (
    <FormField
      control={control}
      name="bio"
      render={({ field, fieldState }) => (
        <FormItem>
          <FormLabel>
            Bio <span className="font-normal text-muted-foreground">(optional)</span>
          </FormLabel>
          <FormControl>
            <Textarea
              {...field}
              value={field.value ?? ''}
              rows={4}
              maxLength={LIMITS.bioInputCap}
              placeholder="A few words about you: what you do, what you love about the Bay."
              onChange={(e) => {
                field.onChange(e);
                // Say "too long" while typing, not only on submit; clear it as soon as it fits again.
                if (e.target.value.length > LIMITS.bioMax || fieldState.invalid) void trigger('bio');
              }}
            />
          </FormControl>
          <FormDescription>
            <BioCounter length={field.value?.length ?? 0} />
          </FormDescription>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

export function BioCounter({ length }: { length: number }) {
  const over = length > LIMITS.bioMax;
  const warn = length > LIMITS.bioWarn;
  return (
    <span
      data-state={over ? 'error' : warn ? 'warning' : 'ok'}
      className={cn(
        'inline-flex items-center gap-1.5 tabular-nums',
        over ? 'font-medium text-destructive' : warn ? 'font-medium text-warning' : 'text-muted-foreground',
      )}
    >
      {warn && <AlertTriangleIcon aria-hidden="true" className="size-3.5" />}
      {`${length}/${LIMITS.bioMax} characters`}
    </span>
  );
}
