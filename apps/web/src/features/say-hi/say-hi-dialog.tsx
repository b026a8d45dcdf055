import * as React from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { LIMITS, sayHiSchema, type SayHiInput, type SayHiResult } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#/components/ui/dialog';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '#/components/ui/form';
import { Spinner } from '#/components/ui/spinner';
import { Textarea } from '#/components/ui/textarea';
import { applyFieldErrors, errorMessage, isApiError } from '#/lib/api';
import { Trans, useT } from '#/lib/i18n';
import { cn } from '#/lib/utils';
import { isDailyLimit, useSayHiMutation } from './api';
import { catalog } from './i18n';

interface SayHiDialogProps {
  /** The member to say hi to; the dialog is open while it is set. */
  member: { id: string; name: string } | null;
  onOpenChange: (open: boolean) => void;
  /** The hi went out ('sent'), or made a match ('matched'). */
  onSent: (result: SayHiResult) => void;
  /** 429: no hellos left today. The dialog closes; the caller says so where the button was. */
  onDailyLimit?: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** Say Hi with an optional note (at most 200 characters), shared by the deck and profiles. */
export function SayHiDialog({ member, onOpenChange, onSent, onDailyLimit, onCloseAutoFocus }: SayHiDialogProps) {
  return (
    <Dialog open={member !== null} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        {member && (
          // Keyed by member so a new card starts with an empty note.
          <SayHiForm key={member.id} member={member} onOpenChange={onOpenChange} onSent={onSent} onDailyLimit={onDailyLimit} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function SayHiForm({
  member,
  onOpenChange,
  onSent,
  onDailyLimit,
}: Omit<SayHiDialogProps, 'member' | 'onCloseAutoFocus'> & { member: { id: string; name: string } }) {
  const t = useT(catalog);
  const sayHi = useSayHiMutation();
  const [failure, setFailure] = React.useState<string | null>(null);
  const form = useForm<SayHiInput>({
    resolver: zodResolver(sayHiSchema, undefined, { raw: true }),
    defaultValues: { userId: member.id, note: '' },
  });
  const note = useWatch({ control: form.control, name: 'note' }) ?? '';
  const over = note.length > LIMITS.helloNoteMax;

  const handleSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const trimmed = values.note?.trim();
    let result: SayHiResult;
    try {
      result = await sayHi.mutateAsync({ userId: member.id, ...(trimmed ? { note: trimmed } : {}) });
    } catch (error) {
      if (isDailyLimit(error)) {
        onOpenChange(false);
        onDailyLimit?.();
      } else if (isApiError(error) && (error.status === 404 || error.status === 409)) {
        // Already said hi, already connected, or no longer here: nothing to retry.
        onOpenChange(false);
        toast.info(error.message);
      } else if (!applyFieldErrors(error, form.setError)) {
        setFailure(errorMessage(error));
      }
      return;
    }
    onOpenChange(false);
    onSent(result);
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('say-hi.dialog.title', { name: member.name })}</DialogTitle>
        <DialogDescription>{t('say-hi.dialog.description')}</DialogDescription>
      </DialogHeader>
      <Form {...form}>
        <form noValidate onSubmit={handleSubmit} className="grid gap-4">
          <FormField
            control={form.control}
            name="note"
            render={({ field, fieldState }) => (
              <FormItem>
                <FormLabel>
                  <Trans catalog={catalog} id="say-hi.dialog.note" components={{ 0: <span className="font-normal text-muted-foreground" /> }} />
                </FormLabel>
                <FormControl>
                  <Textarea
                    {...field}
                    value={field.value ?? ''}
                    rows={3}
                    placeholder={t('say-hi.dialog.placeholder')}
                    onChange={(e) => {
                      field.onChange(e);
                      // Say "too long" while typing, and clear it as soon as it fits again.
                      if (e.target.value.length > LIMITS.helloNoteMax || fieldState.invalid) void form.trigger('note');
                    }}
                  />
                </FormControl>
                <FormDescription className={cn('tabular-nums', over && 'font-medium text-destructive')}>
                  {`${note.length}/${LIMITS.helloNoteMax}`}
                </FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
          {failure && (
            <p role="alert" className="text-sm text-destructive">
              {failure}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={sayHi.isPending}>
              {t('say-hi.dialog.cancel')}
            </Button>
            <Button type="submit" disabled={sayHi.isPending}>
              {sayHi.isPending && <Spinner />}
              {sayHi.isPending ? t('say-hi.dialog.sending') : t('say-hi.dialog.send')}
            </Button>
          </DialogFooter>
        </form>
      </Form>
    </>
  );
}
