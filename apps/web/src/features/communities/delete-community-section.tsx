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
import { useDeleteCommunityMutation } from './api';

/** Delete, after a confirm that says what goes with it. Then to /groups. */
export function DeleteCommunitySection({ community }: { community: CommunityView }) {
  const navigate = useNavigate();
  // The toast comes first: once on /groups this component is gone, and so are its callbacks.
  const remove = useDeleteCommunityMutation(community.id, () => {
    toast.success(COMMUNITY_MESSAGES.deleted);
    return navigate('/groups', { replace: true });
  });
  const handleDelete = () =>
    remove.mutate(undefined, {
      onError: (error) => toast.error('Could not delete the community', { description: errorMessage(error) }),
    });
  return (
    <section aria-labelledby="delete-community" className="grid gap-2 border-t pt-5">
      <h3 id="delete-community" className="font-semibold text-destructive">
        Delete community
      </h3>
      <p className="text-sm text-muted-foreground">Its posts, photos and memberships are deleted too. This cannot be undone.</p>
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button variant="destructive" className="justify-self-start" disabled={remove.isPending}>
            Delete community
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete {community.name}?</AlertDialogTitle>
            <AlertDialogDescription>
              Its {community.postCount ?? 0} posts, their photos and its {community.memberCount} memberships are deleted. This cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={handleDelete}>Delete</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}
