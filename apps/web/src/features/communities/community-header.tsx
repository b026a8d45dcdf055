import type * as React from 'react';
import { MapPinIcon, UsersIcon } from 'lucide-react';
import { CITY_LABELS, imageVariantUrl, type CommunityView } from '@bayclub/shared';
import { useSharedText, useT } from '#/lib/i18n';
import { CommunityAvatar, memberCountLabel, VisibilityBadge } from './community-card';
import { catalog } from './i18n';

/**
 * The top of /community/{id}: cover (a fixed 3:1 box, 4:1 from 768 px, so the page does not move when it
 * loads) with the avatar and the name on it, then city, member count, visibility and `actions` (membership
 * button, Edit). The name is white on a dark scrim at the cover's foot, so it reads on any cover, light or dark,
 * and on the plain gradient of a community without one, in both themes (drawn in the theme's colours straight
 * over the cover it nearly vanished on a light photo, and was dark-on-teal in the light theme).
 */
export function CommunityHeader({ community, actions }: { community: CommunityView; actions?: React.ReactNode }) {
  const cover = imageVariantUrl(community.coverUrl, 'large');
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <header className="overflow-hidden rounded-xl border bg-card text-card-foreground">
      <div className="relative aspect-[3/1] bg-gradient-to-br from-primary/60 to-primary/20 md:aspect-[4/1]">
        {cover && <img src={cover} alt={t('communities.header.coverAlt', { name: community.name })} className="size-full object-cover" />}
        <div
          aria-hidden="true"
          data-testid="community-cover-scrim"
          className="absolute inset-x-0 bottom-0 h-full bg-gradient-to-t from-black/85 via-black/45 to-black/0"
        />
        <div className="absolute inset-x-0 bottom-0 flex min-w-0 items-end gap-3 p-3 sm:px-6 sm:pb-4">
          <CommunityAvatar community={community} className="size-14 border-white/80 bg-card text-2xl md:size-20" />
          <h1 className="line-clamp-3 min-w-0 pb-0.5 text-xl font-semibold tracking-tight break-words text-white [text-shadow:0_1px_3px_rgb(0_0_0/0.6)] sm:text-3xl">
            {community.name}
          </h1>
        </div>
      </div>
      <div className="flex flex-col gap-4 px-4 py-3 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <UsersIcon aria-hidden="true" className="size-3.5" />
            {memberCountLabel(t, community.memberCount)}
          </span>
          {community.city && (
            <span className="inline-flex items-center gap-1">
              <MapPinIcon aria-hidden="true" className="size-3.5" />
              {s(CITY_LABELS[community.city])}
            </span>
          )}
          <VisibilityBadge visibility={community.visibility} />
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
    </header>
  );
}
