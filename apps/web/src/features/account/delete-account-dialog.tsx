import { useState } from 'react';
import { toast } from 'sonner';
import { AlertTriangleIcon } from 'lucide-react';
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
import { isApiError } from '#/lib/api';
import { useSignOut } from '#/lib/session/use-sign-out';
import { AccountActionFailed, useDeleteAccountMutation } from './api';
import { sharedText, useSharedText, useT } from '#/lib/i18n';
import { ConfirmWordForm } from './confirm-word-form';
import { catalog } from './i18n';

interface DeleteAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** What goes (account catalogue ids). */
const DELETED_THINGS = [
  'account.delete.thing.profile',
  'account.delete.thing.photos',
  'account.delete.thing.messages',
  'account.delete.thing.rest',
] as const;

/**
 * The two-step Delete Account dialog (spec 2 Dialogs, 4, 5): a warning, then typing exactly DELETE.
 * Failures show the server's message (no user, last admin) or the spec's general text.
 */
export function DeleteAccountDialog({ open, onOpenChange }: DeleteAccountDialogProps) {
  const [step, setStep] = useState<'warning' | 'confirm'>('warning');
  const [typed, setTyped] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const remove = useDeleteAccountMutation();
  const signOut = useSignOut();
  const t = useT(catalog);
  const s = useSharedText();
  const busy = remove.isPending;
  const confirmed = typed === ACCOUNT_MESSAGES.deleteWord;

  const handleOpenChange = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setStep('warning');
      setTyped('');
      setFailure(null);
    }
    onOpenChange(next);
  };

  const handleDelete = async () => {
    if (!confirmed || busy) return;
    setFailure(null);
    let message: string;
    try {
      message = (await remove.mutateAsync({ confirmation: ACCOUNT_MESSAGES.deleteWord })).message;
    } catch (error) {
      setFailure(deleteFailureMessage(error));
      return;
    }
    toast.success(message || s(ACCOUNT_MESSAGES.deleted));
    await signOut();
  };

  return (
    <AlertDialog open={open} onOpenChange={handleOpenChange}>
      <AlertDialogContent>
        {step === 'warning' ? (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle className="flex items-center gap-2">
                <AlertTriangleIcon aria-hidden="true" className="size-5 text-destructive" /> {t('account.delete.title')}
              </AlertDialogTitle>
              <AlertDialogDescription>{t('account.delete.warning')}</AlertDialogDescription>
            </AlertDialogHeader>
            <div className="grid gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
              <p className="font-medium">{t('account.delete.whatGoes')}</p>
              <ul className="list-disc space-y-1 pl-5">
                {DELETED_THINGS.map((thing) => (
                  <li key={thing}>{t(thing)}</li>
                ))}
              </ul>
            </div>
            <AlertDialogFooter>
              <AlertDialogCancel type="button">{t('account.cancel')}</AlertDialogCancel>
              <Button type="button" variant="destructive" onClick={() => setStep('confirm')}>
                {t('account.delete.continue')}
              </Button>
            </AlertDialogFooter>
          </>
        ) : (
          <ConfirmWordForm
            title={t('account.delete.confirmTitle')}
            description={t('account.delete.confirmDescription')}
            word={ACCOUNT_MESSAGES.deleteWord}
            typed={typed}
            onTypedChange={setTyped}
            busy={busy}
            action={t('account.delete.title')}
            busyAction={t('account.delete.busy')}
            failure={failure}
            onConfirm={() => void handleDelete()}
          />
        )}
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** A refusal the member can act on (no user, last admin) is shown as the server says it; anything else gets the spec's text. */
function deleteFailureMessage(error: unknown): string {
  if (error instanceof AccountActionFailed && error.message) return error.message;
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return sharedText(ACCOUNT_MESSAGES.deleteFailedToast);
}
