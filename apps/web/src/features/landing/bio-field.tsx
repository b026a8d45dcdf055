import { useFormContext } from 'react-hook-form';
import { AlertTriangleIcon } from 'lucide-react';
import { LIMITS } from '@bayclub/shared';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '#/components/ui/form';
import { Textarea } from '#/components/ui/textarea';
import { cn } from '#/lib/utils';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

/** Bio with the spec's counter: warning past LIMITS.bioWarn, error past LIMITS.bioMax, input capped at LIMITS.bioInputCap. */
export function BioField() {
  const { control, trigger } = useFormContext<{ bio?: string | null }>();
  const t = useT(catalog);
  return (
    <FormField
      control={control}
      name="bio"
      render={({ field, fieldState }) => (
        <FormItem>
          <FormLabel>
            {t('landing.field.bio')} <span className="font-normal text-muted-foreground">{t('landing.field.optional')}</span>
          </FormLabel>
          <FormControl>
            <Textarea
              {...field}
              value={field.value ?? ''}
              rows={4}
              maxLength={LIMITS.bioInputCap}
              placeholder={t('landing.field.bioPlaceholder')}
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
  const t = useT(catalog);
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
      {t('landing.field.bioCounter', { length, max: LIMITS.bioMax })}
    </span>
  );
}
