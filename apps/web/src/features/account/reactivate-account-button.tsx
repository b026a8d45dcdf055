import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { PowerIcon } from 'lucide-react';
import { ACCOUNT_MESSAGES } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { sessionKeys } from '#/lib/session/api';
import { emitProfileUpdated } from '#/lib/session/profile-events';
import { errorMessage, isApiError } from '#/lib/api';
import { useSharedText, useT } from '#/lib/i18n';
import { useReactivateAccountMutation } from './api';
import { catalog } from './i18n';

/**
 * One press shows a deactivated member's profile again (the profile banner and Settings > Security both offer it).
 * The member is reloaded at once, so the whole club opens without a page reload; other tabs follow.
 */
export function ReactivateAccountButton({ className }: { className?: string }) {
  const queryClient = useQueryClient();
  const reactivate = useReactivateAccountMutation();
  const t = useT(catalog);
  const s = useSharedText();

  const handleClick = async () => {
    try {
      await reactivate.mutateAsync();
    } catch (error) {
      // 409: another tab reactivated first. The account is active either way; only reload.
      if (!isApiError(error) || error.status !== 409) {
        toast.error(s(ACCOUNT_MESSAGES.reactivateFailed), { description: errorMessage(error) });
        return;
      }
    }
    toast.success(s(ACCOUNT_MESSAGES.reactivated));
    void queryClient.invalidateQueries({ queryKey: sessionKeys.permissions });
    await queryClient.refetchQueries({ queryKey: sessionKeys.me });
    emitProfileUpdated();
  };

  return (
    <Button type="button" className={className} onClick={() => void handleClick()} disabled={reactivate.isPending}>
      {reactivate.isPending ? <Spinner /> : <PowerIcon aria-hidden="true" />}
      {reactivate.isPending ? t('account.reactivate.busy') : t('account.reactivate.label')}
    </Button>
  );
}
