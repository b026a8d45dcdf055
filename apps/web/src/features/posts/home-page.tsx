import * as React from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { POST_MESSAGES } from '@bayclub/shared';
import { Welcome } from '#/features/welcome';
import { useSharedText, useT } from '#/lib/i18n';
import { feedQueryOptions, postListPath } from './api';
import { Composer } from './composer';
import { catalog } from './i18n';
import { LivePosts } from './live-posts';

const acceptsAll = () => true;

/** Fewer posts than this on the first page: Home suggests communities and events (issue 21). */
const THIN_FEED = 3;

/**
 * '/community', Home: the composer, then posts from the member's communities and the member-wide feed, newest
 * first, with a "N new posts" pill for what arrives while reading. A new member's welcome comes first.
 */
export function HomePage() {
  // The same cache entry LivePosts reads: no second request.
  const feed = useInfiniteQuery(feedQueryOptions());
  const thin = feed.isSuccess && (feed.data.pages[0]?.items.length ?? 0) < THIN_FEED;
  // Focus lands on the page's heading when the welcome (and its focused close button) goes, not on <body>.
  const titleRef = React.useRef<HTMLHeadingElement>(null);
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <section aria-labelledby="home-title" className="mx-auto grid w-full max-w-2xl content-start gap-4 px-4 py-6 sm:px-6 sm:py-8">
      <h1 ref={titleRef} id="home-title" tabIndex={-1} className="text-2xl font-semibold tracking-tight outline-none sm:text-3xl">
        {t('posts.home.title')}
      </h1>
      <Welcome thin={thin} onDismissed={() => titleRef.current?.focus()} />
      <Composer />
      <LivePosts
        options={feedQueryOptions()}
        path={postListPath.feed()}
        accepts={acceptsAll}
        label={t('posts.home.list')}
        empty={{ title: s(POST_MESSAGES.emptyFeed), hint: s(POST_MESSAGES.emptyFeedHint) }}
      />
    </section>
  );
}
