import { ShieldIcon, StarIcon } from 'lucide-react';
import type { CommunityMemberRole } from '@bayclub/shared';
import { Badge } from '#/components/ui/badge';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

/** Creator and Moderator badges; plain members have none. */
export function RoleBadge({ role }: { role: CommunityMemberRole }) {
  const t = useT(catalog);
  if (role === 'creator') {
    return (
      <Badge>
        <StarIcon aria-hidden="true" />
        {t('communities.role.creator')}
      </Badge>
    );
  }
  if (role === 'moderator') {
    return (
      <Badge variant="secondary">
        <ShieldIcon aria-hidden="true" />
        {t('communities.role.moderator')}
      </Badge>
    );
  }
  return null;
}
