import type * as React from 'react';
import { CakeIcon, HeartIcon, MapPinIcon } from 'lucide-react';
import { imageVariantUrl, type PublicProfileView } from '@bayclub/shared';
import { cityLabel, relationshipLabel } from '#/lib/member-format';
import { AvatarWithRetry } from '#/components/member/avatar-with-retry';
import { SocialLinks } from './social-links';
import { VerifiedBadge } from '#/components/member/verified-badge';
import { useSharedText, useT } from '#/lib/i18n';
import { catalog } from './i18n';

/** What the header shows; both the own profile (OwnProfileView) and another member's (PublicProfileView) fit. */
export type ProfileHeaderData = Pick<
  PublicProfileView,
  | 'username'
  | 'fullName'
  | 'profilePictureUrl'
  | 'bio'
  | 'relationshipStatus'
  | 'age'
  | 'city'
  | 'instagramUsername'
  | 'instagramVerified'
  | 'tiktokUsername'
  | 'linkedinUsername'
  | 'youtubeUsername'
  | 'interests'
  | 'isVerified'
>;

interface ProfileHeaderProps {
  profile: ProfileHeaderData;
  /** Shown under the handle (the own profile shows the membership type). */
  badge?: React.ReactNode;
  /** Buttons beside the name: Share and Settings on the own profile, Message on another's. */
  actions?: React.ReactNode;
}

type Fact = { icon: typeof MapPinIcon; label: string; text: string };

/** Spec 2: avatar, name, verified badge, @username, social icons, age, city, relationship status, bio (3 lines). */
export function ProfileHeader({ profile, badge, actions }: ProfileHeaderProps) {
  const t = useT(catalog);
  const s = useSharedText();
  const name = profile.fullName || t('profile.header.fallbackName');
  // The club's cities, statuses and interests are the shared labels; a value it does not know is shown as it is.
  const city = cityLabel(profile.city);
  const relationship = relationshipLabel(profile.relationshipStatus);
  const facts = [
    profile.age !== null && { icon: CakeIcon, label: t('profile.header.age'), text: String(profile.age) },
    city && { icon: MapPinIcon, label: t('profile.header.city'), text: s(city) },
    relationship && { icon: HeartIcon, label: t('profile.header.relationship'), text: s(relationship) },
  ].filter((f): f is Fact => Boolean(f));

  return (
    <section aria-labelledby="profile-name" className="grid gap-5">
      <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-center sm:text-left">
        <AvatarWithRetry
          src={imageVariantUrl(profile.profilePictureUrl, 'medium')}
          alt={t('profile.header.pictureAlt', { name })}
          className="size-24 border-4 border-background shadow-lg ring-2 ring-primary/40 sm:size-28"
        />
        <div className="grid min-w-0 flex-1 gap-1">
          <h1
            id="profile-name"
            className="flex min-w-0 items-center justify-center gap-2 text-2xl font-semibold tracking-tight sm:justify-start sm:text-3xl"
          >
            <span className="min-w-0 break-words">{name}</span>
            {profile.isVerified && <VerifiedBadge />}
          </h1>
          {profile.username && <p className="truncate text-muted-foreground">@{profile.username}</p>}
          {badge}
          <SocialLinks profile={profile} />
        </div>
        {actions && <div className="flex flex-wrap items-start justify-center gap-2 sm:self-start">{actions}</div>}
      </div>

      {facts.length > 0 && (
        <dl className="flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm sm:justify-start">
          {facts.map(({ icon: Icon, label, text }) => (
            <div key={label} className="flex items-center gap-1.5">
              <dt>
                <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
                <span className="sr-only">{label}</span>
              </dt>
              <dd>{text}</dd>
            </div>
          ))}
        </dl>
      )}

      {profile.bio && (
        <p className="line-clamp-3 text-center leading-relaxed break-words whitespace-pre-line sm:text-left" title={profile.bio}>
          {profile.bio}
        </p>
      )}

      {profile.interests.length > 0 && (
        <ul aria-label={t('profile.header.interests')} className="flex flex-wrap justify-center gap-2 sm:justify-start">
          {profile.interests.map((interest) => (
            <li key={interest} className="rounded-full border bg-secondary px-3 py-1 text-sm text-secondary-foreground">
              {s(interest)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
