import { useState } from 'react';
import { toast } from 'sonner';
import { ACCOUNT_MESSAGES } from '@bayclub/shared';
import { AlertDialog, AlertDialogContent } from '#/components/ui/alert-dialog';
import { errorMessage } from '#/lib/api';
import { useSignOut } from '#/lib/session/use-sign-out';
import { useDeactivateAccountMutation } from './api';
import { ConfirmWordForm } from './confirm-word-form';

/** Signing in again keeps the account hidden: the member reactivates it with one button once signed in. */
export const DEACTIVATE_REACTIVATION_NOTE =
  'Signing in again keeps your profile hidden: you can reactivate it at any time with the Reactivate Account button on your profile or in Settings.';

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
      toast.error('Your account was not deactivated', { description: errorMessage(error) });
      return;
    }
    toast.success('Your account has been deactivated', { description: DEACTIVATE_REACTIVATION_NOTE });
    await signOut();
  };

  return (
    <AlertDialog open={open} onOpenChange={handleOpenChange}>
      <AlertDialogContent>
        <ConfirmWordForm
          title="Deactivate Account"
          description={`Your profile will be hidden from other members and you will be signed out on every device. Nothing is deleted. ${DEACTIVATE_REACTIVATION_NOTE}`}
          word={ACCOUNT_MESSAGES.deactivateWord}
          typed={typed}
          onTypedChange={setTyped}
          busy={busy}
          action="Deactivate Account"
          busyAction="Deactivating..."
          onConfirm={() => void handleConfirm()}
        />
      </AlertDialogContent>
    </AlertDialog>
  );
}
