import type * as React from 'react';
import { Link } from 'react-router';
import { GlobeIcon, LockIcon, MapPinIcon, UsersIcon } from 'lucide-react';
import { CITY_LABELS, COMMUNITY_VISIBILITY_LABELS, imageVariantUrl, type CommunitySummaryView } from '@bayclub/shared';
import { Badge } from '#/components/ui/badge';
import { cn } from '#/lib/utils';
import { useSharedText, useT, type Translate } from '#/lib/i18n';
import { catalog } from './i18n';

/** '1 member', '12 members'. */
export const memberCountLabel = (t: Translate, count: number) => t('communities.memberCount', { count });

/** The community's avatar, or its initial on a tinted square when it has none. Decorative: the name is beside it. */
export function CommunityAvatar({ community, className }: { community: Pick<CommunitySummaryView, 'name' | 'avatarUrl'>; className?: string }) {
  const src = imageVariantUrl(community.avatarUrl, 'small');
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-xl border-2 border-background bg-primary/15 text-lg font-semibold text-primary',
        className,
      )}
    >
      {src ? <img src={src} alt="" className="size-full object-cover" loading="lazy" /> : community.name.trim()[0]?.toUpperCase()}
    </span>
  );
}

/** Public or Private, with its icon. */
export function VisibilityBadge({ visibility }: { visibility: CommunitySummaryView['visibility'] }) {
  const Icon = visibility === 'public' ? GlobeIcon : LockIcon;
  const s = useSharedText();
  return (
    <Badge variant="outline">
      <Icon aria-hidden="true" />
      {s(COMMUNITY_VISIBILITY_LABELS[visibility])}
    </Badge>
  );
}

/**
 * A community on /communities and /groups: cover (a fixed 3:1 box so nothing moves when it loads), avatar, name
 * (the link to the community), city, member count and visibility. `extra` adds a status such as Requested.
 */
export function CommunityCard({
  community,
  extra,
  headingLevel = 3,
}: {
  community: CommunitySummaryView;
  extra?: React.ReactNode;
  /** The name's heading level: one below the list's own heading. */
  headingLevel?: 2 | 3;
}) {
  const cover = imageVariantUrl(community.coverUrl, 'medium');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-xs focus-within:ring-[3px] focus-within:ring-ring/50 hover:shadow-sm">
      <div className="aspect-[3/1] bg-gradient-to-br from-primary/25 to-primary/5">
        {cover && <img src={cover} alt="" className="size-full object-cover" loading="lazy" />}
      </div>
      <div className="-mt-6 flex flex-1 flex-col gap-2 px-4 pb-4">
        <CommunityAvatar community={community} />
        <Heading className="font-semibold leading-tight">
          {/* The whole card is the link's target area; the name is its accessible name. */}
          <Link to={`/community/${community.id}`} className="outline-none after:absolute after:inset-0 hover:underline">
            {community.name}
          </Link>
        </Heading>
        {community.description && <p className="line-clamp-2 text-sm text-muted-foreground">{community.description}</p>}
        <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          {community.city && (
            <span className="inline-flex items-center gap-1">
              <MapPinIcon aria-hidden="true" className="size-3.5" />
              {s(CITY_LABELS[community.city])}
            </span>
          )}
          <span className="inline-flex items-center gap-1">
            <UsersIcon aria-hidden="true" className="size-3.5" />
            {memberCountLabel(t, community.memberCount)}
          </span>
          <VisibilityBadge visibility={community.visibility} />
          {extra}
        </div>
      </div>
    </article>
  );
}
