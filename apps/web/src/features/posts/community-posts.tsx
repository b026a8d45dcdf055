import * as React from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { COMMUNITY_MESSAGES, POST_MESSAGES, type CommunityViewerState, type PostView } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { OnceOpened } from '#/components/once-opened';
import { Spinner } from '#/components/ui/spinner';
import { errorMessage } from '#/lib/api';
import { useSharedText, useT } from '#/lib/i18n';
import { lazyNamed } from '#/lib/lazy-named';
import { communityPostsQueryOptions, postListPath, reportedPostsQueryOptions, useDeletePostMutation, useRestorePostMutation } from './api';
import { Composer } from './composer';
import { catalog } from './i18n';
import { LivePosts } from './live-posts';
import { PostList } from './post-list';
import { usePostsRealtime } from './use-posts-realtime';

const ConfirmDeleteDialog = lazyNamed(() => import('./content-dialogs'), 'ConfirmDeleteDialog');

/** A community's Posts tab: the composer for members who may post, then its posts, live. */
export function CommunityPosts({
  communityId,
  communityName,
  viewer,
}: {
  communityId: string;
  /** Labels the composer. */
  communityName?: string;
  viewer: CommunityViewerState;
}) {
  const t = useT(catalog);
  const s = useSharedText();
  const name = communityName ?? t('posts.community.fallbackName');
  const community = React.useMemo(() => ({ id: communityId, name }), [communityId, name]);
  const accepts = React.useCallback((e: { communityId: string | null }) => e.communityId === communityId, [communityId]);
  if (!viewer.canRead) return <p className="p-4 text-sm text-muted-foreground">{s(COMMUNITY_MESSAGES.privateNotice)}</p>;
  return (
    <div className="grid gap-4">
      {viewer.canPost && <Composer community={community} />}
      <LivePosts
        options={communityPostsQueryOptions(communityId)}
        path={postListPath.community(communityId)}
        accepts={accepts}
        label={t('posts.community.list')}
        empty={{ title: t('posts.community.empty.title'), hint: viewer.canPost ? t('posts.community.empty.hint') : undefined }}
      />
    </div>
  );
}

/** The moderators' queue: reported and hidden posts with their report counts, to restore or delete. */
export function ReportedPosts({ communityId }: { communityId: string }) {
  usePostsRealtime();
  const query = useInfiniteQuery(reportedPostsQueryOptions(communityId));
  const t = useT(catalog);
  return (
    <PostList
      query={query}
      label={t('posts.reported.list')}
      empty={{ title: t('posts.reported.empty.title'), hint: t('posts.reported.empty.hint') }}
      footer={(post) => <ModerationBar post={post} communityId={communityId} />}
    />
  );
}

function ModerationBar({ post, communityId }: { post: PostView; communityId: string }) {
  const [confirming, setConfirming] = React.useState(false);
  const restore = useRestorePostMutation(communityId);
  const remove = useDeletePostMutation(post.id);
  const reports = post.reportCount ?? 0;
  const t = useT(catalog);
  const s = useSharedText();

  // mutateAsync, not mutate's callbacks: the post's realtime event can take this card out of the queue before the
  // answer arrives, and an unmounted observer's callbacks never run (the toast was lost).
  const handleRestore = async () => {
    try {
      await restore.mutateAsync(post.id);
      toast.success(t('posts.reported.restored'));
    } catch (error) {
      toast.error(errorMessage(error, t('posts.reported.restoreFailed')));
    }
  };
  const handleDelete = async () => {
    try {
      await remove.mutateAsync(undefined);
      toast.success(s(POST_MESSAGES.deleted));
    } catch (error) {
      toast.error(errorMessage(error, t('posts.post.deleteFailed')));
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2 border-t pt-3">
      <p className="mr-auto text-sm text-muted-foreground">
        {t('posts.reported.count', { count: reports })}
        {post.hidden && t('posts.reported.hidden')}
      </p>
      <Button variant="outline" size="sm" onClick={() => void handleRestore()} disabled={restore.isPending || remove.isPending}>
        {restore.isPending && <Spinner />}
        {t('posts.reported.restore')}
      </Button>
      <Button variant="destructive" size="sm" onClick={() => setConfirming(true)} disabled={restore.isPending || remove.isPending}>
        {remove.isPending && <Spinner />}
        {t('posts.menu.delete')}
      </Button>
      <OnceOpened open={confirming}>
        <ConfirmDeleteDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t('posts.post.deleteTitle')}
          description={t('posts.reported.deleteDescription')}
          onConfirm={() => void handleDelete()}
        />
      </OnceOpened>
    </div>
  );
}
