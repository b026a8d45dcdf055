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
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

/** Catalogue ids of each confirm's texts ({name} in the title, {community} in the body). */
const TEXT = {
  remove: {
    title: 'communities.confirm.remove.title',
    body: 'communities.confirm.remove.body',
    confirm: 'communities.confirm.remove.confirm',
  },
  ban: {
    title: 'communities.confirm.ban.title',
    body: 'communities.confirm.ban.body',
    confirm: 'communities.confirm.ban.confirm',
  },
} as const;

/** Asks before a member is removed or banned. */
export function ConfirmMemberAction({
  action,
  name,
  community,
  onCancel,
  onConfirm,
}: {
  action: 'remove' | 'ban' | null;
  name: string;
  community: string;
  onCancel: () => void;
  onConfirm: (action: 'remove' | 'ban') => void;
}) {
  const text = action ? TEXT[action] : null;
  const t = useT(catalog);
  return (
    <AlertDialog open={action !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent>
        {text && action && (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>{t(text.title, { name })}</AlertDialogTitle>
              <AlertDialogDescription>{t(text.body, { community })}</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>{t('communities.confirm.cancel')}</AlertDialogCancel>
              <AlertDialogAction onClick={() => onConfirm(action)}>{t(text.confirm)}</AlertDialogAction>
            </AlertDialogFooter>
          </>
        )}
      </AlertDialogContent>
    </AlertDialog>
  );
}
