import type * as React from 'react';
import { Link } from 'react-router';
import type { MemberSummary } from '@bayclub/shared';
import { catalog } from '#/components/i18n';
import { useSharedText, useT } from '#/lib/i18n';
import { cityLabel, memberName } from '#/lib/member-format';
import { Skeleton } from '#/components/ui/skeleton';
import { MemberPhoto } from './member-photo';
import { VerifiedBadge } from './verified-badge';

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
  const t = useT(catalog);
  const s = useSharedText();
  const name = memberName(member);
  const city = cityLabel(member.city);
  return (
    <article className="flex flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <MemberPhoto member={member} alt={t('components.member.photoOf', { name })} className="size-12" />
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
            {[city && s(city), member.age !== null ? String(member.age) : null, meta].filter(Boolean).join(' · ')}
          </p>
          {children}
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2">{actions}</div>
    </article>
  );
}

/** Three member rows while a list loads. */
export function MemberRowsSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-3">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-3 rounded-xl border p-4">
          <Skeleton className="size-12 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-24" />
          </div>
          <Skeleton className="h-9 w-24" />
        </div>
      ))}
    </div>
  );
}
