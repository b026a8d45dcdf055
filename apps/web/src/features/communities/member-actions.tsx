import * as React from 'react';
import { EllipsisVerticalIcon } from 'lucide-react';
import { toast } from 'sonner';
import type { CommunityMemberView, CommunityView, CommunityViewerState } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#/components/ui/dropdown-menu';
import { useMe } from '#/lib/session/use-session';
import { memberName } from '#/lib/member-format';
import { errorMessage } from '#/lib/api';
import { useModerationMutation, type ModerationAction } from './api';
import { ConfirmMemberAction } from './confirm-member-action';

const DONE: Record<ModerationAction, (name: string) => string> = {
  approve: (n) => `${n} joined`,
  decline: (n) => `Request from ${n} declined`,
  remove: (n) => `${n} was removed`,
  ban: (n) => `${n} was banned`,
  unban: (n) => `${n} was unbanned`,
  appoint: (n) => `${n} is now a moderator`,
  dismiss: (n) => `${n} is no longer a moderator`,
};

/**
 * What a moderator may do to one member (the server decides again): approve or decline a request, unban, and
 * for active members remove or ban (never the creator; a moderator only by the creator or an admin). Appointing
 * and dismissing moderators is for the creator and admins. Removing and banning ask first.
 */
export function MemberActions({
  community,
  viewer,
  entry,
}: {
  community: CommunityView;
  viewer: CommunityViewerState;
  entry: CommunityMemberView;
}) {
  const me = useMe();
  const name = memberName(entry.member);
  // The outcome is told from the mutation's own callbacks: the row (and this component) leaves the list as soon
  // as the action starts, and callbacks passed to mutate() are dropped once their component is gone.
  const moderation = useModerationMutation(community.id, {
    onSuccess: ({ action }) => toast.success(DONE[action](name)),
    onError: (error) => toast.error('That did not work', { description: errorMessage(error) }),
  });
  const [confirming, setConfirming] = React.useState<'remove' | 'ban' | null>(null);
  if (entry.member.id === me?.user.id || entry.role === 'creator') return null;

  const act = (action: ModerationAction) => moderation.mutate({ userId: entry.member.id, action });

  if (entry.status === 'pending') {
    return (
      <>
        <Button size="sm" onClick={() => act('approve')} aria-label={`Approve ${name}`}>
          Approve
        </Button>
        <Button size="sm" variant="outline" onClick={() => act('decline')} aria-label={`Decline ${name}`}>
          Decline
        </Button>
      </>
    );
  }
  if (entry.status === 'banned') {
    return (
      <Button size="sm" variant="outline" onClick={() => act('unban')} aria-label={`Unban ${name}`}>
        Unban
      </Button>
    );
  }
  // Moderators act on plain members; a moderator is removed or banned only by the creator or an admin.
  if (entry.role !== 'member' && !viewer.canEdit) return null;
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button size="icon" variant="ghost" aria-label={`Actions for ${name}`}>
            <EllipsisVerticalIcon aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {viewer.canEdit &&
            (entry.role === 'moderator' ? (
              <DropdownMenuItem onSelect={() => act('dismiss')}>Remove moderator</DropdownMenuItem>
            ) : (
              <DropdownMenuItem onSelect={() => act('appoint')}>Make moderator</DropdownMenuItem>
            ))}
          {viewer.canEdit && <DropdownMenuSeparator />}
          <DropdownMenuItem onSelect={() => setConfirming('remove')}>Remove from community</DropdownMenuItem>
          <DropdownMenuItem variant="destructive" onSelect={() => setConfirming('ban')}>
            Ban
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmMemberAction
        action={confirming}
        name={name}
        community={community.name}
        onCancel={() => setConfirming(null)}
        onConfirm={(action) => {
          setConfirming(null);
          act(action);
        }}
      />
    </>
  );
}
