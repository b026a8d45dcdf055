import { TextField } from '#/components/text-field';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { changePasswordSchema, PASSWORD_MESSAGES, type ChangePasswordInput } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#/components/ui/dialog';
import { Form } from '#/components/ui/form';
import { Spinner } from '#/components/ui/spinner';
import { applyFieldErrors, errorMessage } from '#/lib/api';
import { useSharedText, useT } from '#/lib/i18n';
import { useChangePasswordMutation } from './api';
import { catalog } from './i18n';

const EMPTY: ChangePasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The three fields; `label` is an account catalogue id. */
const FIELDS: ReadonlyArray<{ name: keyof ChangePasswordInput; label: string; autoComplete: string }> = [
  { name: 'currentPassword', label: 'account.password.current', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'account.password.new', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'account.password.confirm', autoComplete: 'new-password' },
];

interface ChangePasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The Change Password dialog (spec 2 Dialogs, rules in spec 5). Opened from the profile and from Settings > Security. */
export function ChangePasswordDialog({ open, onOpenChange }: ChangePasswordDialogProps) {
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const changePassword = useChangePasswordMutation();
  const t = useT(catalog);
  const s = useSharedText();
  const submitting = form.formState.isSubmitting;

  const handleOpenChange = (next: boolean) => {
    if (submitting) return;
    if (!next) form.reset(EMPTY);
    onOpenChange(next);
  };

  const handleSubmit = form.handleSubmit(async (values) => {
    try {
      await changePassword.mutateAsync(values);
    } catch (error) {
      if (!applyFieldErrors(error, form.setError)) {
        toast.error(s(PASSWORD_MESSAGES.changeFailed), { description: errorMessage(error) });
      }
      return;
    }
    toast.success(t('account.password.changed'));
    form.reset(EMPTY);
    onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('account.password.title')}</DialogTitle>
          <DialogDescription>{t('account.password.description')}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form noValidate onSubmit={handleSubmit} className="grid gap-4">
            {FIELDS.map(({ name, label, autoComplete }) => (
              <TextField key={name} name={name} label={t(label)} type="password" autoComplete={autoComplete} maxLength={128} />
            ))}
            <DialogFooter className="pt-2">
              <Button type="button" variant="outline" onClick={() => handleOpenChange(false)} disabled={submitting}>
                {t('account.cancel')}
              </Button>
              <Button type="submit" disabled={submitting}>
                {submitting && <Spinner />}
                {submitting ? t('account.password.changing') : t('account.password.title')}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
