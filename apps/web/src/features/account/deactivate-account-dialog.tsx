import { useState } from 'react';
import { toast } from 'sonner';
import { ACCOUNT_MESSAGES } from '@bayclub/shared';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '#/components/ui/alert-dialog';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { errorMessage } from '#/lib/api';
import { useSignOut } from '#/features/auth/use-sign-out';
import { useDeactivateAccountMutation } from './api';
import { ConfirmWordInput } from './confirm-word-input';

interface DeactivateAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Deactivate (spec 2 Dialogs, 4, 5): typing exactly DEACTIVATE enables the action. The server hides the
 * profile and ends every session; here the local session is cleared and the member lands on '/'.
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
    toast.success('Your account has been deactivated', { description: 'Sign in again at any time to reactivate it.' });
    await signOut();
  };

  return (
    <AlertDialog open={open} onOpenChange={handleOpenChange}>
      <AlertDialogContent>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            e.stopPropagation();
            void handleConfirm();
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>Deactivate Account</AlertDialogTitle>
            <AlertDialogDescription>
              Your profile will be hidden from other members and you will be signed out on every device. Nothing is
              deleted: sign in again at any time to reactivate your account.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <ConfirmWordInput word={ACCOUNT_MESSAGES.deactivateWord} value={typed} onChange={setTyped} disabled={busy} />
          <AlertDialogFooter>
            <AlertDialogCancel type="button" disabled={busy}>
              Cancel
            </AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={!confirmed || busy}>
              {busy && <Spinner />}
              {busy ? 'Deactivating...' : 'Deactivate Account'}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
