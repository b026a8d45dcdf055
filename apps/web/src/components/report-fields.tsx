import * as React from 'react';
import { useFormContext, useWatch, type FieldValues, type Path } from 'react-hook-form';
import { LIMITS, REPORT_REASON_LABELS, REPORT_REASONS } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { DialogFooter } from '#/components/ui/dialog';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '#/components/ui/form';
import { Spinner } from '#/components/ui/spinner';
import { Textarea } from '#/components/ui/textarea';
import { useSharedText, useT } from '#/lib/i18n';
import { cn } from '#/lib/utils';
import { catalog } from './i18n';

/*
 * The fields every report form shares (a member, a shared message, an event, a place): a reason from the list and
 * details, required for 'Something else'. For react-hook-form forms whose values have `reason` and `details`.
 */

interface ReportValues extends FieldValues {
  reason?: string;
  details?: string | null;
}

/** The reasons as a radio group: native radios keep arrow-key movement and a form-friendly focus target. */
export function ReportReasonField<T extends ReportValues>() {
  const { control } = useFormContext<T>();
  const labelId = React.useId();
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <FormField
      control={control}
      name={'reason' as Path<T>}
      render={({ field, fieldState }) => (
        <FormItem>
          <span id={labelId} className={cn('text-sm leading-none font-medium', fieldState.error && 'text-destructive')}>
            {t('components.report.reason')}
          </span>
          <FormControl>
            <div role="radiogroup" aria-labelledby={labelId} aria-required="true" className="grid gap-2 sm:grid-cols-2">
              {REPORT_REASONS.map((value, index) => (
                <label
                  key={value}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10',
                    'has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
                  )}
                >
                  <input
                    type="radio"
                    name={field.name}
                    value={value}
                    checked={field.value === value}
                    onChange={() => field.onChange(value)}
                    onBlur={field.onBlur}
                    // The first radio takes focus when the reason is missing on submit.
                    ref={index === 0 ? field.ref : undefined}
                    className="size-4 accent-primary"
                  />
                  {s(REPORT_REASON_LABELS[value])}
                </label>
              ))}
            </div>
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** Details with a live character count; marked required once 'Something else' is the reason. */
export function ReportDetailsField<T extends ReportValues>() {
  const { control } = useFormContext<T>();
  const reason = useWatch({ control, name: 'reason' as Path<T> });
  const t = useT(catalog);
  return (
    <FormField
      control={control}
      name={'details' as Path<T>}
      render={({ field }) => (
        <FormItem>
          <FormLabel>
            {t('components.report.details')}{' '}
            <span className="font-normal text-muted-foreground">
              {reason === 'other' ? t('components.field.required') : t('components.field.optional')}
            </span>
          </FormLabel>
          <FormControl>
            <Textarea {...field} value={field.value ?? ''} rows={4} maxLength={LIMITS.reportDetailsMax} aria-required={reason === 'other'} />
          </FormControl>
          <FormDescription className="tabular-nums">
            {t('components.report.characters', { count: String(field.value ?? '').length, max: LIMITS.reportDetailsMax })}
          </FormDescription>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** Cancel and 'Send report' ('Sending...' while the request runs; both locked meanwhile). */
export function ReportDialogFooter({ pending, onCancel }: { pending: boolean; onCancel: () => void }) {
  const t = useT(catalog);
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
        {t('components.dialog.cancel')}
      </Button>
      <Button type="submit" disabled={pending}>
        {pending && <Spinner />}
        {pending ? t('components.report.sending') : t('components.report.send')}
      </Button>
    </DialogFooter>
  );
}
