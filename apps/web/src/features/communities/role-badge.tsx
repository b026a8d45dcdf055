import { ShieldIcon, StarIcon } from 'lucide-react';
import type { CommunityMemberRole } from '@bayclub/shared';
import { Badge } from '#/components/ui/badge';

/** Creator and Moderator badges; plain members have none. */
export function RoleBadge({ role }: { role: CommunityMemberRole }) {
  if (role === 'creator') {
    return (
      <Badge>
        <StarIcon aria-hidden="true" />
        Creator
      </Badge>
    );
  }
  if (role === 'moderator') {
    return (
      <Badge variant="secondary">
        <ShieldIcon aria-hidden="true" />
        Moderator
      </Badge>
    );
  }
  return null;
}
