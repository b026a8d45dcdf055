import * as React from 'react';
import { Link } from 'react-router';
import { UserIcon } from 'lucide-react';
import { imageVariantUrl, type DirectoryCardView } from '@bayclub/shared';
import { useSharedText, useT } from '#/lib/i18n';
import { cityLabel } from '#/lib/member-format';
import { VerifiedBadge } from '#/components/member/verified-badge';
import { VerifiedInstagramMark } from '#/features/instagram';
import { catalog } from './i18n';

/**
 * One member: photo, name (+ verified), city and age, interests shared with the viewer highlighted. The name
 * links to the profile and its overlay makes the whole card clickable, with one tab stop per card.
 */
export function MemberCard({ member }: { member: DirectoryCardView }) {
  const t = useT(catalog);
  const s = useSharedText();
  const name = member.fullName?.trim() || member.username || t('directory.card.member');
  const city = cityLabel(member.city);
  const details = [city && s(city), member.age !== null ? `${member.age}` : null].filter(Boolean).join(' · ');
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-xs transition-shadow focus-within:ring-[3px] focus-within:ring-ring/50 hover:shadow-md">
      <CardPhoto key={member.id} url={member.profilePictureUrl} name={name} />
      <div className="grid gap-1 p-3">
        <h2 className="flex min-w-0 items-center gap-1.5 font-medium">
          <Link to={`/view-profile/${member.id}`} className="min-w-0 truncate outline-none after:absolute after:inset-0 hover:underline">
            {name}
          </Link>
          {/* Above the link's overlay, so its tooltip still opens. */}
          {member.isVerified && (
            <span className="relative z-10 inline-flex">
              <VerifiedBadge />
            </span>
          )}
        </h2>
        {member.username && <p className="truncate text-sm text-muted-foreground">@{member.username}</p>}
        {member.linkedInstagram && (
          // Only a handle linked through Instagram shows here, with its mark (decision 033); a typed one stays on the profile.
          <p className="relative z-10 flex min-w-0 items-center gap-1 text-sm text-muted-foreground">
            <span className="truncate">{t('directory.card.instagram', { handle: member.linkedInstagram })}</span>
            <VerifiedInstagramMark className="shrink-0" />
          </p>
        )}
        {details && <p className="text-sm text-muted-foreground">{details}</p>}
        {member.sharedInterests.length > 0 && (
          <ul aria-label={t('directory.card.commonInterests')} className="mt-1 flex flex-wrap gap-1.5">
            {member.sharedInterests.map((interest) => (
              <li key={interest} className="rounded-full border border-primary bg-primary/15 px-2 py-0.5 text-xs font-medium">
                {s(interest)}
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}

/** The medium variant; a placeholder icon when there is no picture or it fails to load. */
function CardPhoto({ url, name }: { url: string | null; name: string }) {
  const t = useT(catalog);
  const [broken, setBroken] = React.useState(false);
  const src = imageVariantUrl(url, 'medium');
  return (
    <div className="aspect-square w-full bg-muted">
      {src && !broken ? (
        <img src={src} alt={t('directory.card.photoOf', { name })} loading="lazy" className="size-full object-cover" onError={() => setBroken(true)} />
      ) : (
        <div className="flex size-full items-center justify-center">
          <UserIcon aria-hidden="true" className="size-12 text-muted-foreground" />
        </div>
      )}
    </div>
  );
}
