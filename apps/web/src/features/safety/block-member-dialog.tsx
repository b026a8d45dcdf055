import type * as React from 'react';
import { toast } from 'sonner';
import { SAFETY_MESSAGES } from '@bayclub/shared';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '#/components/ui/alert-dialog';
import { Spinner } from '#/components/ui/spinner';
import { errorMessage } from '#/lib/api';
import { useSharedText, useT } from '#/lib/i18n';
import { useBlockMutation } from './api';
import { catalog } from './i18n';

interface BlockMemberDialogProps {
  userId: string;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onBlocked?: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** Asks before blocking; stays open (and says why) when the block fails. */
export function BlockMemberDialog({ userId, name, open, onOpenChange, onBlocked, onCloseAutoFocus }: BlockMemberDialogProps) {
  const block = useBlockMutation();
  const t = useT(catalog);
  const s = useSharedText();

  const handleOpenChange = (next: boolean) => {
    if (block.isPending) return;
    onOpenChange(next);
  };

  const handleConfirm = (event: React.MouseEvent) => {
    // Closing waits for the answer, so a failure can be told in place.
    event.preventDefault();
    block.mutate(userId, {
      onSuccess: () => {
        onOpenChange(false);
        onBlocked?.();
      },
      onError: (error) => {
        toast.error(errorMessage(error, s(SAFETY_MESSAGES.failed)));
      },
    });
  };

  return (
    <AlertDialog open={open} onOpenChange={handleOpenChange}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{s(SAFETY_MESSAGES.blockTitle)}</AlertDialogTitle>
          <AlertDialogDescription>{s(SAFETY_MESSAGES.blockBody)}</AlertDialogDescription>
        </AlertDialogHeader>
        <p className="text-sm font-medium">{name}</p>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={block.isPending}>{t('safety.cancel')}</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={handleConfirm} disabled={block.isPending}>
            {block.isPending && <Spinner />}
            {block.isPending ? t('safety.block.pending') : t('safety.block.confirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
