import { HeartIcon, MessageCircleIcon, Share2Icon } from 'lucide-react';
import { toast } from 'sonner';
import { POST_MESSAGES, postPath, type PostView } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { useCan } from '#/lib/session/use-session';
import { errorMessage } from '#/lib/api';
import { cn } from '#/lib/utils';
import { useLikeMutation } from './api';
import { sharePost } from './share';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

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

  const handleLike = () => {
    like.mutate(!post.likedByMe, {
      onError: (error) => toast.error(errorMessage(error, 'Could not save your like. Please try again.')),
    });
  };

  const handleShare = async () => {
    const outcome = await sharePost(post);
    if (outcome === 'copied') toast.success(POST_MESSAGES.linkCopied);
    else if (outcome === 'failed') toast.error(`Could not copy the link: ${window.location.origin}${postPath(post.id)}`);
  };

  return (
    <div className="flex flex-wrap items-center gap-1 border-t pt-2">
      {canLike ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-pressed={post.likedByMe}
          aria-label={`Like, ${plural(post.likeCount, 'like', 'likes')}`}
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
          {plural(post.likeCount, 'like', 'likes')}
        </span>
      )}
      <Button
        type="button"
        variant="ghost"
        size="sm"
        aria-expanded={commentsOpen}
        aria-controls={commentsOpen ? commentsId : undefined}
        aria-label={`Comments, ${plural(post.commentCount, 'comment', 'comments')}`}
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
          Share
        </Button>
      )}
    </div>
  );
}
