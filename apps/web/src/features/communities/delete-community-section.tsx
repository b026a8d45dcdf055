import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { COMMUNITY_MESSAGES, type CommunityView } from '@bayclub/shared';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '#/components/ui/alert-dialog';
import { Button } from '#/components/ui/button';
import { errorMessage } from '#/lib/api';
import { useSharedText, useT } from '#/lib/i18n';
import { useDeleteCommunityMutation } from './api';
import { catalog } from './i18n';

/** Delete, after a confirm that says what goes with it. Then to /groups. */
export function DeleteCommunitySection({ community }: { community: CommunityView }) {
  const navigate = useNavigate();
  const t = useT(catalog);
  const s = useSharedText();
  // The toast comes first: once on /groups this component is gone, and so are its callbacks.
  const remove = useDeleteCommunityMutation(community.id, () => {
    toast.success(s(COMMUNITY_MESSAGES.deleted));
    return navigate('/groups', { replace: true });
  });
  const handleDelete = () =>
    remove.mutate(undefined, {
      onError: (error) => toast.error(t('communities.delete.failed'), { description: errorMessage(error) }),
    });
  return (
    <section aria-labelledby="delete-community" className="grid gap-2 border-t pt-5">
      <h3 id="delete-community" className="font-semibold text-destructive">
        {t('communities.delete.title')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('communities.delete.description')}</p>
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button variant="destructive" className="justify-self-start" disabled={remove.isPending}>
            {t('communities.delete.title')}
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('communities.delete.confirmTitle', { name: community.name })}</AlertDialogTitle>
            <AlertDialogDescription>
              {t('communities.delete.confirmBody', { posts: community.postCount ?? 0, members: community.memberCount })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('communities.delete.cancel')}</AlertDialogCancel>
            <AlertDialogAction onClick={handleDelete}>{t('communities.delete.confirm')}</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}
