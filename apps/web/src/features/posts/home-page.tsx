import { POST_MESSAGES } from '@bayclub/shared';
import { feedQueryOptions, postListPath } from './api';
import { Composer } from './composer';
import { LivePosts } from './live-posts';

const acceptsAll = () => true;

/**
 * '/community', Home: the composer, then posts from the member's communities and the member-wide feed, newest
 * first, with a "N new posts" pill for what arrives while reading.
 */
export function HomePage() {
  return (
    <section aria-labelledby="home-title" className="mx-auto grid w-full max-w-2xl content-start gap-4 px-4 py-6 sm:px-6 sm:py-8">
      <h1 id="home-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
        Home
      </h1>
      <Composer />
      <LivePosts
        options={feedQueryOptions()}
        path={postListPath.feed()}
        accepts={acceptsAll}
        label="Posts"
        empty={{ title: POST_MESSAGES.emptyFeed, hint: POST_MESSAGES.emptyFeedHint }}
      />
    </section>
  );
}
