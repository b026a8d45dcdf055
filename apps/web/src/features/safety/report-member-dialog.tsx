import * as React from 'react';
import { useForm, useWatch, type DefaultValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import {
  LIMITS,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  SAFETY_MESSAGES,
  reportSchema,
  type ReportInput,
} from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#/components/ui/dialog';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '#/components/ui/form';
import { Spinner } from '#/components/ui/spinner';
import { Textarea } from '#/components/ui/textarea';
import { applyFieldErrors, errorMessage } from '#/lib/api';
import { cn } from '#/lib/utils';
import { useReportMutation } from './api';

interface ReportMemberDialogProps {
  userId: string;
  name: string;
  conversationId?: string;
  messageId?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** A reason (required), details (required for 'Something else', at most 1000 characters), sent to the moderators. */
export function ReportMemberDialog({
  userId,
  name,
  conversationId,
  messageId,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: ReportMemberDialogProps) {
  const report = useReportMutation();
  // No reason is chosen until the member picks one (the schema then says 'Please choose a reason').
  const empty = React.useMemo<DefaultValues<ReportInput>>(
    () => ({ userId, details: '', conversationId, messageId }),
    [userId, conversationId, messageId],
  );
  const form = useForm<ReportInput>({
    resolver: zodResolver(reportSchema, undefined, { raw: true }),
    defaultValues: empty,
  });
  const reason = useWatch({ control: form.control, name: 'reason' });

  const handleOpenChange = (next: boolean) => {
    if (report.isPending) return;
    if (!next) form.reset(empty);
    onOpenChange(next);
  };

  const handleSubmit = form.handleSubmit(async (values) => {
    const details = values.details?.trim();
    try {
      await report.mutateAsync({
        userId,
        reason: values.reason,
        ...(details ? { details } : {}),
        ...(conversationId ? { conversationId } : {}),
        ...(messageId ? { messageId } : {}),
      });
    } catch (error) {
      if (!applyFieldErrors(error, form.setError)) toast.error(errorMessage(error, SAFETY_MESSAGES.failed));
      return;
    }
    toast.success(SAFETY_MESSAGES.reported);
    form.reset(empty);
    onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{SAFETY_MESSAGES.reportTitle}</DialogTitle>
          <DialogDescription>
            Tell our moderators what went wrong with {name}. They are not told who reported them.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form noValidate onSubmit={handleSubmit} className="grid gap-4">
            <ReasonField />
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
                    <Textarea
                      {...field}
                      value={field.value ?? ''}
                      rows={4}
                      maxLength={LIMITS.reportDetailsMax}
                      aria-required={reason === 'other'}
                    />
                  </FormControl>
                  <FormDescription className="tabular-nums">
                    {`${(field.value ?? '').length}/${LIMITS.reportDetailsMax} characters`}
                  </FormDescription>
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

/** The reasons as a radio group: native radios keep arrow-key movement and a form-friendly focus target. */
function ReasonField() {
  const labelId = React.useId();
  return (
    <FormField<ReportInput, 'reason'>
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
                    // The first radio takes focus when the reason is missing on submit.
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
  );
}
