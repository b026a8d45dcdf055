import * as React from 'react';
import { useForm, useWatch, type DefaultValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import {
  LIMITS,
  MODERATION_MESSAGES,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  SAFETY_MESSAGES,
  targetReportSchema,
  type TargetReportInput,
} from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#/components/ui/dialog';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '#/components/ui/form';
import { Spinner } from '#/components/ui/spinner';
import { Textarea } from '#/components/ui/textarea';
import { applyFieldErrors, errorMessage, isApiError } from '#/lib/api';
import { cn } from '#/lib/utils';
import { useReportTargetMutation } from './api';

interface ReportTargetDialogProps {
  kind: 'event' | 'place';
  id: string;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Report an event or a place (issue 23): the member report's reasons and details (required for 'Something else'),
 * sent to the moderators' queue. A second report while the first is open is answered kindly (409).
 */
export function ReportTargetDialog({ kind, id, name, open, onOpenChange }: ReportTargetDialogProps) {
  const report = useReportTargetMutation({ kind, id });
  const empty = React.useMemo<DefaultValues<TargetReportInput>>(() => ({ details: '' }), []);
  const form = useForm<TargetReportInput>({ resolver: zodResolver(targetReportSchema, undefined, { raw: true }), defaultValues: empty });
  const reason = useWatch({ control: form.control, name: 'reason' });
  const labelId = React.useId();

  const handleOpenChange = (next: boolean) => {
    if (report.isPending) return;
    if (!next) form.reset(empty);
    onOpenChange(next);
  };

  const handleSubmit = form.handleSubmit(async (values) => {
    const details = values.details?.trim();
    try {
      await report.mutateAsync({ reason: values.reason, ...(details ? { details } : {}) });
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        toast.info(error.message);
        form.reset(empty);
        onOpenChange(false);
        return;
      }
      if (!applyFieldErrors(error, form.setError)) toast.error(errorMessage(error, SAFETY_MESSAGES.failed));
      return;
    }
    toast.success(MODERATION_MESSAGES.reported);
    form.reset(empty);
    onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{kind === 'event' ? MODERATION_MESSAGES.reportEventTitle : MODERATION_MESSAGES.reportPlaceTitle}</DialogTitle>
          <DialogDescription>
            Tell our moderators what is wrong with {name}. Nobody else is told who reported it.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form noValidate onSubmit={handleSubmit} className="grid gap-4">
            <FormField
              control={form.control}
              name="reason"
              render={({ field, fieldState }) => (
                <FormItem>
                  <span id={labelId} className={cn('text-sm leading-none font-medium', fieldState.error && 'text-destructive')}>
                    Reason
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
                            ref={index === 0 ? field.ref : undefined}
                            className="size-4 accent-primary"
                          />
                          {REPORT_REASON_LABELS[value]}
                        </label>
                      ))}
                    </div>
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="details"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>
                    Details{' '}
                    <span className="font-normal text-muted-foreground">{reason === 'other' ? '(required)' : '(optional)'}</span>
                  </FormLabel>
                  <FormControl>
                    <Textarea {...field} value={field.value ?? ''} rows={4} maxLength={LIMITS.reportDetailsMax} aria-required={reason === 'other'} />
                  </FormControl>
                  <FormDescription className="tabular-nums">{`${(field.value ?? '').length}/${LIMITS.reportDetailsMax} characters`}</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => handleOpenChange(false)} disabled={report.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={report.isPending}>
                {report.isPending && <Spinner />}
                {report.isPending ? 'Sending...' : 'Send report'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
