import { HeartIcon, MessageCircleIcon, Share2Icon } from 'lucide-react';
import { toast } from 'sonner';
import { POST_MESSAGES, postPath, type PostView } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { useCan } from '#/lib/session/use-session';
import { errorMessage } from '#/lib/api';
import { cn } from '#/lib/utils';
import { useSharedText, useT } from '#/lib/i18n';
import { useLikeMutation } from './api';
import { catalog } from './i18n';
import { sharePost } from './share';

interface PostActionsProps {
  post: PostView;
  commentsOpen: boolean;
  onToggleComments: () => void;
  /** The id of the comments region the Comment button opens. */
  commentsId: string;
}

/**
 * Like (optimistic, a toggle button), Comment (opens the comments) and Share. Limited members without like_posts
 * see the count only; without share_content there is no Share.
 */
export function PostActions({ post, commentsOpen, onToggleComments, commentsId }: PostActionsProps) {
  const canLike = useCan('like_posts');
  const canShare = useCan('share_content');
  const like = useLikeMutation(post.id);
  const t = useT(catalog);
  const s = useSharedText();

  const handleLike = () => {
    like.mutate(!post.likedByMe, {
      onError: (error) => toast.error(errorMessage(error, t('posts.actions.likeFailed'))),
    });
  };

  const handleShare = async () => {
    const outcome = await sharePost(post);
    if (outcome === 'copied') toast.success(s(POST_MESSAGES.linkCopied));
    else if (outcome === 'failed') toast.error(t('posts.actions.copyFailed', { url: `${window.location.origin}${postPath(post.id)}` }));
  };

  return (
    <div className="flex flex-wrap items-center gap-1 border-t pt-2">
      {canLike ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-pressed={post.likedByMe}
          aria-label={t('posts.actions.likeLabel', { count: post.likeCount })}
          onClick={handleLike}
        >
          <HeartIcon aria-hidden="true" className={cn(post.likedByMe && 'fill-red-500 text-red-500')} />
          <span aria-hidden="true" className="tabular-nums">
            {post.likeCount}
          </span>
        </Button>
      ) : (
        <span className="flex items-center gap-1.5 px-3 text-sm text-muted-foreground">
          <HeartIcon aria-hidden="true" className="size-4" />
          {t('posts.actions.likes', { count: post.likeCount })}
        </span>
      )}
      <Button
        type="button"
        variant="ghost"
        size="sm"
        aria-expanded={commentsOpen}
        aria-controls={commentsOpen ? commentsId : undefined}
        aria-label={t('posts.actions.commentsLabel', { count: post.commentCount })}
        onClick={onToggleComments}
      >
        <MessageCircleIcon aria-hidden="true" />
        <span aria-hidden="true" className="tabular-nums">
          {post.commentCount}
        </span>
      </Button>
      {canShare && (
        <Button type="button" variant="ghost" size="sm" className="ml-auto" onClick={() => void handleShare()}>
          <Share2Icon aria-hidden="true" />
          {t('posts.actions.share')}
        </Button>
      )}
    </div>
  );
}
