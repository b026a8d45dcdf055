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
import { useT } from '#/lib/i18n';
import { useModerationMutation, type ModerationAction } from './api';
import { ConfirmMemberAction } from './confirm-member-action';
import { catalog } from './i18n';

/** Catalogue ids of what each action says when it worked ({name}: the member). */
const DONE: Record<ModerationAction, string> = {
  approve: 'communities.actions.done.approve',
  decline: 'communities.actions.done.decline',
  remove: 'communities.actions.done.remove',
  ban: 'communities.actions.done.ban',
  unban: 'communities.actions.done.unban',
  appoint: 'communities.actions.done.appoint',
  dismiss: 'communities.actions.done.dismiss',
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
  const t = useT(catalog);
  // The outcome is told from the mutation's own callbacks: the row (and this component) leaves the list as soon
  // as the action starts, and callbacks passed to mutate() are dropped once their component is gone.
  const moderation = useModerationMutation(community.id, {
    onSuccess: ({ action }) => toast.success(t(DONE[action], { name })),
    onError: (error) => toast.error(t('communities.actions.failed'), { description: errorMessage(error) }),
  });
  const [confirming, setConfirming] = React.useState<'remove' | 'ban' | null>(null);
  if (entry.member.id === me?.user.id || entry.role === 'creator') return null;

  const act = (action: ModerationAction) => moderation.mutate({ userId: entry.member.id, action });

  if (entry.status === 'pending') {
    return (
      <>
        <Button size="sm" onClick={() => act('approve')} aria-label={t('communities.actions.approveName', { name })}>
          {t('communities.actions.approve')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => act('decline')} aria-label={t('communities.actions.declineName', { name })}>
          {t('communities.actions.decline')}
        </Button>
      </>
    );
  }
  if (entry.status === 'banned') {
    return (
      <Button size="sm" variant="outline" onClick={() => act('unban')} aria-label={t('communities.actions.unbanName', { name })}>
        {t('communities.actions.unban')}
      </Button>
    );
  }
  // Moderators act on plain members; a moderator is removed or banned only by the creator or an admin.
  if (entry.role !== 'member' && !viewer.canEdit) return null;
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button size="icon" variant="ghost" aria-label={t('communities.actions.menu', { name })}>
            <EllipsisVerticalIcon aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {viewer.canEdit &&
            (entry.role === 'moderator' ? (
              <DropdownMenuItem onSelect={() => act('dismiss')}>{t('communities.actions.dismiss')}</DropdownMenuItem>
            ) : (
              <DropdownMenuItem onSelect={() => act('appoint')}>{t('communities.actions.appoint')}</DropdownMenuItem>
            ))}
          {viewer.canEdit && <DropdownMenuSeparator />}
          <DropdownMenuItem onSelect={() => setConfirming('remove')}>{t('communities.actions.remove')}</DropdownMenuItem>
          <DropdownMenuItem variant="destructive" onSelect={() => setConfirming('ban')}>
            {t('communities.actions.ban')}
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
