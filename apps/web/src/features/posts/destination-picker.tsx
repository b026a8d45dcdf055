import * as React from 'react';
import { POST_MESSAGES } from '@bayclub/shared';
import { NativeSelect } from '#/components/ui/native-select';
import { useCan } from '#/lib/session/use-session';
import { useMyCommunitiesQuery } from '#/lib/session/my-communities';
import { useSharedText, useT } from '#/lib/i18n';
import { catalog } from './i18n';

export interface Destination {
  /** The select's value: '' for the member feed, else the community id. */
  value: string;
  communityId: string | null;
  label: string;
}

/**
 * Where the member may post: the member feed (full members, and community members with see_feed_nav) and every
 * community they are an active member of. A community's own tab offers only that community.
 */
export function useDestinations(community?: { id: string; name: string }): Destination[] {
  const memberFeed = useCan('see_feed_nav');
  const mine = useMyCommunitiesQuery();
  const memberFeedLabel = useSharedText()(POST_MESSAGES.memberFeed);
  return React.useMemo(() => {
    if (community) return [{ value: community.id, communityId: community.id, label: community.name }];
    const list: Destination[] = memberFeed ? [{ value: '', communityId: null, label: memberFeedLabel }] : [];
    for (const item of mine.data?.items ?? []) {
      if (item.status === 'active') list.push({ value: item.community.id, communityId: item.community.id, label: item.community.name });
    }
    return list;
  }, [community, memberFeed, memberFeedLabel, mine.data]);
}

export function DestinationPicker({
  destinations,
  value,
  onChange,
}: {
  destinations: Destination[];
  value: string;
  onChange: (value: string) => void;
}) {
  const id = React.useId();
  const t = useT(catalog);
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="shrink-0 text-sm font-medium">
        {t('posts.composer.postTo')}
      </label>
      {/* h-9 leaves 18 px inside the default padding for a 24 px line (16 px text on phones): it clipped the letters. */}
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)} className="h-9 py-1">
        {destinations.map((d) => (
          <option key={d.value || 'feed'} value={d.value}>
            {d.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
