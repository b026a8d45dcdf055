import type * as React from 'react';
import { Link } from 'react-router';
import { CHECK_IN_VISIBILITY_LABELS, imageVariantUrl, type LocationCheckInView } from '@bayclub/shared';
import { memberName } from '#/lib/member-format';
import { useSharedText, useT } from '#/lib/i18n';
import { AvatarWithRetry } from '#/components/member/avatar-with-retry';
import { VerifiedBadge } from '#/components/member/verified-badge';
import { catalog } from './i18n';
import { VISIBILITY_ICONS } from './visibility-choice';

/**
 * A member's check-in at the place: photo, name (a link to the profile), when, and who may see it when that is
 * not everyone (a connections-only check-in is only shown to connections, and they may like to know).
 */
export function CheckInRow({ checkIn, when, actions }: { checkIn: LocationCheckInView; when: string; actions?: React.ReactNode }) {
  const name = memberName(checkIn.member);
  const Icon = VISIBILITY_ICONS[checkIn.visibility];
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <AvatarWithRetry src={imageVariantUrl(checkIn.member.profilePictureUrl, 'small')} alt="" className="size-10" />
      <div className="grid min-w-0 flex-1 leading-tight">
        <span className="flex min-w-0 items-center gap-1.5">
          <Link to={`/view-profile/${checkIn.member.id}`} className="truncate font-medium hover:underline">
            {name}
          </Link>
          {checkIn.member.isVerified && <VerifiedBadge />}
          {checkIn.isMine && <span className="text-sm text-muted-foreground">{t('locations.checkIn.you')}</span>}
        </span>
        <span className="inline-flex items-center gap-1 text-sm text-muted-foreground">
          {when}
          {checkIn.visibility !== 'public' && (
            <>
              <span aria-hidden="true">·</span>
              <Icon aria-hidden="true" className="size-3.5" />
              {s(CHECK_IN_VISIBILITY_LABELS[checkIn.visibility])}
            </>
          )}
        </span>
      </div>
      {actions}
    </div>
  );
}
