import { BadgeCheckIcon, CakeIcon, HeartIcon, MapPinIcon } from 'lucide-react';
import type { OwnProfileView } from '@bayclub/shared';
import { Avatar, AvatarFallback, AvatarImage } from '#/components/ui/avatar';
import { Tooltip, TooltipContent, TooltipTrigger } from '#/components/ui/tooltip';
import { cityLabel, initials, relationshipLabel } from '#/features/admin/format';

export const ACCOUNT_TYPE_LABELS = {
  full_platform: 'Full platform member',
  community_only: 'Community member',
} as const;

/** Name, handle, facts, bio and interests of the signed-in member. */
export function ProfileHeader({ profile }: { profile: OwnProfileView }) {
  const city = cityLabel(profile.city);
  const relationship = relationshipLabel(profile.relationshipStatus);
  const facts = [
    city && { icon: MapPinIcon, label: 'City', text: city },
    profile.age !== null && { icon: CakeIcon, label: 'Age', text: String(profile.age) },
    relationship && { icon: HeartIcon, label: 'Relationship status', text: relationship },
  ].filter((f): f is { icon: typeof MapPinIcon; label: string; text: string } => Boolean(f));

  return (
    <section aria-labelledby="profile-name" className="grid gap-5">
      <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-end sm:text-left">
        <Avatar className="size-24 border-4 border-background shadow-lg ring-2 ring-primary/40 sm:size-28">
          {profile.profilePictureUrl && <AvatarImage src={profile.profilePictureUrl} alt="" />}
          <AvatarFallback className="bg-primary/15 text-3xl font-semibold text-primary">
            {initials(profile.fullName)}
          </AvatarFallback>
        </Avatar>
        <div className="grid min-w-0 gap-1">
          <h1 id="profile-name" className="flex items-center justify-center gap-2 text-3xl font-semibold tracking-tight sm:justify-start">
            <span className="truncate">{profile.fullName || 'Member'}</span>
            {profile.isVerified && <VerifiedBadge />}
          </h1>
          {profile.username && <p className="text-muted-foreground">@{profile.username}</p>}
          <p className="mt-1 inline-flex w-fit items-center self-center rounded-full border border-primary/40 bg-primary/10 px-3 py-0.5 text-xs font-medium sm:self-start">
            {ACCOUNT_TYPE_LABELS[profile.accountType]}
          </p>
        </div>
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
        <p className="line-clamp-3 text-center leading-relaxed whitespace-pre-line sm:text-left" title={profile.bio}>
          {profile.bio}
        </p>
      )}

      {profile.interests.length > 0 && (
        <ul aria-label="Interests" className="flex flex-wrap justify-center gap-2 sm:justify-start">
          {profile.interests.map((interest) => (
            <li key={interest} className="rounded-full border bg-secondary px-3 py-1 text-sm text-secondary-foreground">
              {interest}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function VerifiedBadge() {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span tabIndex={0} className="inline-flex shrink-0 rounded-full text-primary">
          <BadgeCheckIcon aria-hidden="true" className="size-6" />
          <span className="sr-only">Verified account</span>
        </span>
      </TooltipTrigger>
      <TooltipContent>Verified account</TooltipContent>
    </Tooltip>
  );
}
