import { useState } from 'react';
import { toast } from 'sonner';
import { ACCOUNT_MESSAGES } from '@bayclub/shared';
import { AlertDialog, AlertDialogContent } from '#/components/ui/alert-dialog';
import { errorMessage } from '#/lib/api';
import { useSignOut } from '#/lib/session/use-sign-out';
import { useDeactivateAccountMutation } from './api';
import { useT } from '#/lib/i18n';
import { ConfirmWordForm } from './confirm-word-form';
import { catalog } from './i18n';

interface DeactivateAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Deactivate (spec 2 Dialogs, 4, 5): typing exactly DEACTIVATE enables the action. The server hides the
 * profile and ends every session; here the local session is cleared and the member lands on '/'. Signing in
 * again does not reactivate (decision 012): the profile banner and Settings > Security offer the button.
 */
export function DeactivateAccountDialog({ open, onOpenChange }: DeactivateAccountDialogProps) {
  const [typed, setTyped] = useState('');
  const deactivate = useDeactivateAccountMutation();
  const signOut = useSignOut();
  const t = useT(catalog);
  /** Signing in again keeps the account hidden: the member reactivates it with one button once signed in. */
  const reactivationNote = t('account.deactivate.reactivationNote');
  const busy = deactivate.isPending;
  const confirmed = typed === ACCOUNT_MESSAGES.deactivateWord;

  const handleOpenChange = (next: boolean) => {
    if (busy) return;
    if (!next) setTyped('');
    onOpenChange(next);
  };

  const handleConfirm = async () => {
    if (!confirmed || busy) return;
    try {
      await deactivate.mutateAsync({ confirmation: ACCOUNT_MESSAGES.deactivateWord });
    } catch (error) {
      // The spec only logs this failure; the member still needs to know nothing happened.
      toast.error(t('account.deactivate.failed'), { description: errorMessage(error) });
      return;
    }
    toast.success(t('account.deactivate.done'), { description: reactivationNote });
    await signOut();
  };

  return (
    <AlertDialog open={open} onOpenChange={handleOpenChange}>
      <AlertDialogContent>
        <ConfirmWordForm
          title={t('account.deactivate.title')}
          description={`${t('account.deactivate.description')} ${reactivationNote}`}
          word={ACCOUNT_MESSAGES.deactivateWord}
          typed={typed}
          onTypedChange={setTyped}
          busy={busy}
          action={t('account.deactivate.title')}
          busyAction={t('account.deactivate.busy')}
          onConfirm={() => void handleConfirm()}
        />
      </AlertDialogContent>
    </AlertDialog>
  );
}
