import type * as React from 'react';
import { MapPinIcon, UsersIcon } from 'lucide-react';
import { CITY_LABELS, imageVariantUrl, type CommunityView } from '@bayclub/shared';
import { CommunityAvatar, memberCountLabel, VisibilityBadge } from './community-card';

/**
 * The top of /community/{id}: cover (a fixed 3:1 box, 4:1 from 768 px, so the page does not move when it
 * loads), avatar, name, city, member count, visibility, and `actions` (membership button, Edit).
 */
export function CommunityHeader({ community, actions }: { community: CommunityView; actions?: React.ReactNode }) {
  const cover = imageVariantUrl(community.coverUrl, 'large');
  return (
    <header className="overflow-hidden rounded-xl border bg-card text-card-foreground">
      <div className="aspect-[3/1] bg-gradient-to-br from-primary/30 to-primary/5 md:aspect-[4/1]">
        {cover && <img src={cover} alt={`Cover image of ${community.name}`} className="size-full object-cover" />}
      </div>
      <div className="flex flex-col gap-4 px-4 pb-4 sm:px-6 md:flex-row md:items-end md:justify-between">
        <div className="-mt-8 flex min-w-0 items-end gap-3 md:-mt-10">
          <CommunityAvatar community={community} className="size-16 text-2xl md:size-20" />
          <div className="grid min-w-0 gap-1 pb-1">
            <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">{community.name}</h1>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
              <span className="inline-flex items-center gap-1">
                <UsersIcon aria-hidden="true" className="size-3.5" />
                {memberCountLabel(community.memberCount)}
              </span>
              {community.city && (
                <span className="inline-flex items-center gap-1">
                  <MapPinIcon aria-hidden="true" className="size-3.5" />
                  {CITY_LABELS[community.city]}
                </span>
              )}
              <VisibilityBadge visibility={community.visibility} />
            </div>
          </div>
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
    </header>
  );
}
