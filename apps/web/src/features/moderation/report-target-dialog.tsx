import * as React from 'react';
import { useForm, type DefaultValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import {
  MODERATION_MESSAGES,
  SAFETY_MESSAGES,
  targetReportSchema,
  type TargetReportInput,
} from '@bayclub/shared';
import { ReportDetailsField, ReportDialogFooter, ReportReasonField } from '#/components/report-fields';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#/components/ui/dialog';
import { Form } from '#/components/ui/form';
import { applyFieldErrors, errorMessage, isApiError } from '#/lib/api';
import { useSharedText, useT } from '#/lib/i18n';
import { useReportTargetMutation } from './api';
import { catalog } from './i18n';

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
  const t = useT(catalog);
  const s = useSharedText();
  const empty = React.useMemo<DefaultValues<TargetReportInput>>(() => ({ details: '' }), []);
  const form = useForm<TargetReportInput>({ resolver: zodResolver(targetReportSchema, undefined, { raw: true }), defaultValues: empty });

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
      if (!applyFieldErrors(error, form.setError)) toast.error(errorMessage(error, s(SAFETY_MESSAGES.failed)));
      return;
    }
    toast.success(s(MODERATION_MESSAGES.reported));
    form.reset(empty);
    onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{s(kind === 'event' ? MODERATION_MESSAGES.reportEventTitle : MODERATION_MESSAGES.reportPlaceTitle)}</DialogTitle>
          <DialogDescription>{t('moderation.reportTarget.description', { name })}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form noValidate onSubmit={handleSubmit} className="grid gap-4">
            <ReportReasonField<TargetReportInput> />
            <ReportDetailsField<TargetReportInput> />
            <ReportDialogFooter pending={report.isPending} onCancel={() => handleOpenChange(false)} />
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
