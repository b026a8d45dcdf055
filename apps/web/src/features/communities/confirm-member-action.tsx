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

const TEXT = {
  remove: {
    title: (name: string) => `Remove ${name}?`,
    body: (community: string) => `They leave ${community} and can join again later.`,
    confirm: 'Remove',
  },
  ban: {
    title: (name: string) => `Ban ${name}?`,
    body: (community: string) => `They leave ${community} and cannot join again unless a moderator unbans them.`,
    confirm: 'Ban',
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
  return (
    <AlertDialog open={action !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent>
        {text && action && (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>{text.title(name)}</AlertDialogTitle>
              <AlertDialogDescription>{text.body(community)}</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              <AlertDialogAction onClick={() => onConfirm(action)}>{text.confirm}</AlertDialogAction>
            </AlertDialogFooter>
          </>
        )}
      </AlertDialogContent>
    </AlertDialog>
  );
}
