import type * as React from 'react';
import { CheckIcon, ChevronDownIcon, ClockIcon } from 'lucide-react';
import { toast } from 'sonner';
import { COMMUNITY_MESSAGES, type CommunityView } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '#/components/ui/dropdown-menu';
import { errorMessage } from '#/lib/api';
import { useSharedText, useT } from '#/lib/i18n';
import { useMembershipMutation } from './api';
import { catalog } from './i18n';

/**
 * Join / Ask to join / Requested / Joined, for approved members (visitors and applicants get no button). The
 * change shows at once and is undone with a message when the server refuses. Leave and Withdraw sit in a menu so
 * one stray tap cannot drop a membership; the creator has no Leave (they delete the community instead).
 */
export function MembershipButton({ community }: { community: CommunityView }) {
  const membership = useMembershipMutation(community.id);
  const t = useT(catalog);
  const s = useSharedText();
  const viewer = community.viewer;
  if (!viewer) return null;

  const act = (action: 'join' | 'leave') =>
    membership.mutate(action, {
      onError: (error) => toast.error(action === 'join' ? t('communities.membership.joinFailed') : t('communities.membership.leaveFailed'), { description: errorMessage(error) }),
    });

  switch (viewer.status) {
    case 'banned':
      return <p className="text-sm text-muted-foreground">{s(COMMUNITY_MESSAGES.banned)}</p>;
    case 'none':
      return (
        <Button onClick={() => act('join')} disabled={membership.isPending}>
          {s(community.joinPolicy === 'open' ? COMMUNITY_MESSAGES.join : COMMUNITY_MESSAGES.requestToJoin)}
        </Button>
      );
    case 'pending':
      return (
        <StatusMenu label={s(COMMUNITY_MESSAGES.requested)} icon={<ClockIcon aria-hidden="true" />} disabled={membership.isPending}>
          <DropdownMenuItem onSelect={() => act('leave')}>{t('communities.membership.withdraw')}</DropdownMenuItem>
        </StatusMenu>
      );
    case 'active':
      if (viewer.role === 'creator') {
        return (
          <Button variant="secondary" disabled>
            <CheckIcon aria-hidden="true" />
            {s(COMMUNITY_MESSAGES.joined)}
          </Button>
        );
      }
      return (
        <StatusMenu label={s(COMMUNITY_MESSAGES.joined)} icon={<CheckIcon aria-hidden="true" />} disabled={membership.isPending}>
          <DropdownMenuItem variant="destructive" onSelect={() => act('leave')}>
            {s(COMMUNITY_MESSAGES.leave)}
          </DropdownMenuItem>
        </StatusMenu>
      );
  }
}

function StatusMenu({
  label,
  icon,
  disabled,
  children,
}: {
  label: string;
  icon: React.ReactNode;
  disabled: boolean;
  children: React.ReactNode;
}) {
  const t = useT(catalog);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="secondary" disabled={disabled} aria-label={t('communities.membership.options', { label })}>
          {icon}
          {label}
          <ChevronDownIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">{children}</DropdownMenuContent>
    </DropdownMenu>
  );
}
