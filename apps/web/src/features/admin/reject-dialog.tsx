import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { LIMITS, rejectApplicationSchema, type ApplicationView, type RejectApplicationInput } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#/components/ui/dialog';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '#/components/ui/form';
import { Spinner } from '#/components/ui/spinner';
import { Textarea } from '#/components/ui/textarea';
import { applyFieldErrors, errorMessage } from '#/lib/api';
import { Trans, useT } from '#/lib/i18n';
import { useRejectApplicationMutation } from './api';
import { catalog } from './i18n';

interface RejectDialogProps {
  application: ApplicationView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Reject with an optional reason (at most LIMITS.rejectReasonMax characters). */
export function RejectDialog({ application, open, onOpenChange }: RejectDialogProps) {
  const t = useT(catalog);
  const reject = useRejectApplicationMutation();
  const form = useForm<RejectApplicationInput>({
    resolver: zodResolver(rejectApplicationSchema, undefined, { raw: true }),
    defaultValues: { reason: '' },
  });
  const reason = useWatch({ control: form.control, name: 'reason' }) ?? '';

  const handleOpenChange = (next: boolean) => {
    if (reject.isPending) return;
    if (!next) form.reset({ reason: '' });
    onOpenChange(next);
  };

  const handleSubmit = form.handleSubmit(async (values) => {
    try {
      await reject.mutateAsync({ id: application.id, reason: values.reason });
    } catch (error) {
      if (!applyFieldErrors(error, form.setError)) {
        toast.error(t('admin.reject.failed'), { description: errorMessage(error) });
      }
      return;
    }
    toast.success(t('admin.reject.done'), { description: t('admin.reject.doneDescription', { name: application.name }) });
    form.reset({ reason: '' });
    onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('admin.reject.title')}</DialogTitle>
          <DialogDescription>
            {t('admin.reject.description', { name: application.name })}
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form noValidate onSubmit={handleSubmit} className="grid gap-4">
            <FormField
              control={form.control}
              name="reason"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>
                    <Trans catalog={catalog} id="admin.reject.reason" components={{ 0: <span className="font-normal text-muted-foreground" /> }} />
                  </FormLabel>
                  <FormControl>
                    <Textarea {...field} value={field.value ?? ''} rows={4} maxLength={LIMITS.rejectReasonMax} />
                  </FormControl>
                  <FormDescription className="tabular-nums">{t('admin.reject.count', { count: reason.length, max: LIMITS.rejectReasonMax })}</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => handleOpenChange(false)} disabled={reject.isPending}>
                {t('admin.common.cancel')}
              </Button>
              <Button type="submit" variant="destructive" disabled={reject.isPending}>
                {reject.isPending && <Spinner />}
                {reject.isPending ? t('admin.reject.pending') : t('admin.reject.submit')}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
