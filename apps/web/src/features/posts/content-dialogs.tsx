import * as React from 'react';
import { toast } from 'sonner';
import { POST_MESSAGES, REPORT_REASON_LABELS, REPORT_REASONS, contentReportSchema, type ReportReason } from '@bayclub/shared';
import { ConfirmDialog } from '#/components/confirm-dialog';
import { Button } from '#/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#/components/ui/dialog';
import { Spinner } from '#/components/ui/spinner';
import { Textarea } from '#/components/ui/textarea';
import { errorMessage, isApiError } from '#/lib/api';
import { useSharedText, useT } from '#/lib/i18n';
import { cn } from '#/lib/utils';
import { useReportContentMutation } from './api';
import { catalog } from './i18n';

interface DialogBase {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** Asks before a post or comment is deleted. */
export function ConfirmDeleteDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
  title,
  description,
  onConfirm,
}: DialogBase & { title: string; description: string; onConfirm: () => void }) {
  const t = useT(catalog);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title={title}
      description={description}
      confirm={t('posts.dialog.delete')}
      destructive
      onConfirm={onConfirm}
    />
  );
}

/** Report a post or comment: a reason (required), details (required for 'Something else'). */
export function ReportContentDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
  target,
}: DialogBase & { target: { kind: 'post' | 'comment'; id: string } }) {
  const id = React.useId();
  const [reason, setReason] = React.useState<ReportReason | null>(null);
  const [details, setDetails] = React.useState('');
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const report = useReportContentMutation(target);
  const t = useT(catalog);
  const s = useSharedText();

  const reset = () => {
    setReason(null);
    setDetails('');
    setErrors({});
  };
  const handleOpenChange = (next: boolean) => {
    if (report.isPending) return;
    if (!next) reset();
    onOpenChange(next);
  };

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = contentReportSchema.safeParse({ reason: reason ?? undefined, details });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'reason'), s(i.message)])));
      return;
    }
    setErrors({});
    report.mutate(
      { reason: parsed.data.reason, ...(parsed.data.details ? { details: parsed.data.details } : {}) },
      {
        onSuccess: () => {
          toast.success(s(POST_MESSAGES.reported));
          reset();
          onOpenChange(false);
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 409) {
            toast.info(s(POST_MESSAGES.alreadyReported));
            reset();
            onOpenChange(false);
            return;
          }
          if (isApiError(error) && error.fields) setErrors(error.fields);
          else toast.error(errorMessage(error));
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{t('posts.report.title', { kind: target.kind })}</DialogTitle>
          <DialogDescription>{t('posts.report.description')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit} className="grid gap-4">
          <fieldset className="grid gap-2" aria-describedby={errors.reason ? `${id}-reason-error` : undefined}>
            <legend className="mb-2 text-sm font-medium">{t('posts.report.reason')}</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {REPORT_REASONS.map((value) => (
                <label
                  key={value}
                  className="flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10"
                >
                  <input
                    type="radio"
                    name={`${id}-reason`}
                    value={value}
                    checked={reason === value}
                    onChange={() => setReason(value)}
                    className="size-4 accent-primary"
                  />
                  {s(REPORT_REASON_LABELS[value])}
                </label>
              ))}
            </div>
            {errors.reason && (
              <p id={`${id}-reason-error`} className="text-sm text-destructive">
                {errors.reason}
              </p>
            )}
          </fieldset>
          <div className="grid gap-2">
            <label htmlFor={`${id}-details`} className={cn('text-sm font-medium', errors.details && 'text-destructive')}>
              {t('posts.report.details')}{' '}
              <span className="font-normal text-muted-foreground">
                {reason === 'other' ? t('posts.report.required') : t('posts.report.optional')}
              </span>
            </label>
            <Textarea
              id={`${id}-details`}
              value={details}
              onChange={(e) => setDetails(e.target.value)}
              rows={3}
              maxLength={1000}
              aria-invalid={!!errors.details}
              aria-describedby={errors.details ? `${id}-details-error` : undefined}
            />
            {errors.details && (
              <p id={`${id}-details-error`} className="text-sm text-destructive">
                {errors.details}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => handleOpenChange(false)} disabled={report.isPending}>
              {t('posts.dialog.cancel')}
            </Button>
            <Button type="submit" disabled={report.isPending}>
              {report.isPending && <Spinner />}
              {report.isPending ? t('posts.report.sending') : t('posts.report.send')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
