import type * as React from 'react';
import { Link } from 'react-router';
import { imageVariantUrl, type MemberSummary } from '@bayclub/shared';
import { cityLabel } from '#/features/admin/format';
import { formatterOnDemand } from '#/lib/format';
import { AvatarWithRetry } from '#/features/profile/avatar-with-retry';
import { VerifiedBadge } from '#/features/profile/verified-badge';

const dateFormat = formatterOnDemand(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }));
export const formatDay = (iso: string) => dateFormat().format(new Date(iso));

export const memberName = (member: MemberSummary) => member.fullName?.trim() || 'Member';

interface MemberRowProps {
  member: MemberSummary;
  /** Link the name to the profile (not for blocked members: their profile is hidden). */
  linkProfile?: boolean;
  /** Small text under the name, e.g. 'Matched Jan 5, 2025'. */
  meta: string;
  /** Extra content under the name (a hello's note). */
  children?: React.ReactNode;
  actions: React.ReactNode;
}

/** A member in a connections list: avatar, name (+ verified), city and when; actions at the end (below on phones). */
export function MemberRow({ member, linkProfile = true, meta, children, actions }: MemberRowProps) {
  const name = memberName(member);
  const city = cityLabel(member.city);
  return (
    <article className="flex flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <AvatarWithRetry
          src={imageVariantUrl(member.profilePictureUrl, 'small')}
          alt={`Profile picture of ${name}`}
          className="size-12"
        />
        <div className="grid min-w-0 flex-1 gap-0.5">
          <h3 className="flex min-w-0 items-center gap-1.5 font-medium">
            {linkProfile ? (
              <Link
                to={`/view-profile/${member.id}`}
                className="min-w-0 truncate rounded-sm hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              >
                {name}
              </Link>
            ) : (
              <span className="min-w-0 truncate">{name}</span>
            )}
            {member.isVerified && <VerifiedBadge />}
          </h3>
          <p className="text-sm text-muted-foreground">
            {[city, member.age !== null ? String(member.age) : null, meta].filter(Boolean).join(' · ')}
          </p>
          {children}
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2">{actions}</div>
    </article>
  );
}
