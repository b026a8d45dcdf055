import * as React from 'react';
import { useForm, type DefaultValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import {
  SAFETY_MESSAGES,
  reportSchema,
  type ReportInput,
} from '@bayclub/shared';
import { ReportDetailsField, ReportDialogFooter, ReportReasonField } from '#/components/report-fields';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#/components/ui/dialog';
import { Form } from '#/components/ui/form';
import { applyFieldErrors, errorMessage } from '#/lib/api';
import { useSharedText, useT } from '#/lib/i18n';
import { useReportMutation } from './api';
import { catalog } from './i18n';

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
  const t = useT(catalog);
  const s = useSharedText();
  // No reason is chosen until the member picks one (the schema then says 'Please choose a reason').
  const empty = React.useMemo<DefaultValues<ReportInput>>(
    () => ({ userId, details: '', conversationId, messageId }),
    [userId, conversationId, messageId],
  );
  const form = useForm<ReportInput>({
    resolver: zodResolver(reportSchema, undefined, { raw: true }),
    defaultValues: empty,
  });

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
      if (!applyFieldErrors(error, form.setError)) toast.error(errorMessage(error, s(SAFETY_MESSAGES.failed)));
      return;
    }
    toast.success(s(SAFETY_MESSAGES.reported));
    form.reset(empty);
    onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{s(SAFETY_MESSAGES.reportTitle)}</DialogTitle>
          <DialogDescription>{t('safety.report.description', { name })}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form noValidate onSubmit={handleSubmit} className="grid gap-4">
            <ReportReasonField<ReportInput> />
            <ReportDetailsField<ReportInput> />
            <ReportDialogFooter pending={report.isPending} onCancel={() => handleOpenChange(false)} />
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
