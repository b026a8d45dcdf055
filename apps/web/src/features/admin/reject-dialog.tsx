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
import { useRejectApplicationMutation } from './api';

interface RejectDialogProps {
  application: ApplicationView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Reject with an optional reason (at most LIMITS.rejectReasonMax characters). */
export function RejectDialog({ application, open, onOpenChange }: RejectDialogProps) {
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
        toast.error('Could not reject the application', { description: errorMessage(error) });
      }
      return;
    }
    toast.success('Application rejected', { description: `${application.name}'s application was rejected.` });
    form.reset({ reason: '' });
    onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reject application</DialogTitle>
          <DialogDescription>
            {application.name} will see on their profile that the application was not approved.
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
                    Reason <span className="font-normal text-muted-foreground">(optional)</span>
                  </FormLabel>
                  <FormControl>
                    <Textarea {...field} value={field.value ?? ''} rows={4} maxLength={LIMITS.rejectReasonMax} />
                  </FormControl>
                  <FormDescription className="tabular-nums">{`${reason.length}/${LIMITS.rejectReasonMax} characters`}</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => handleOpenChange(false)} disabled={reject.isPending}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive" disabled={reject.isPending}>
                {reject.isPending && <Spinner />}
                {reject.isPending ? 'Rejecting...' : 'Reject application'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
