import * as React from 'react';
import { useNavigate } from 'react-router';
import { EyeOffIcon } from 'lucide-react';
import { toast } from 'sonner';
import { POST_MESSAGES, type PostView } from '@bayclub/shared';
import { OnceOpened } from '#/components/once-opened';
import { useMe } from '#/lib/session/use-session';
import { memberName } from '#/lib/member-format';
import { MessageText } from '#/components/message-text';
import { errorMessage } from '#/lib/api';
import { lazyNamed } from '#/lib/lazy-named';
import { useSharedText, useT } from '#/lib/i18n';
import { useDeletePostMutation } from './api';
import { Comments } from './comments';
import { ContentMenu } from './content-menu';
import { catalog } from './i18n';
import { PostActions } from './post-actions';
import { PostHeader } from './post-header';
import { PostImages } from './post-images';

const EditPostDialog = lazyNamed(() => import('./edit-post-dialog'), 'EditPostDialog');

interface PostCardProps {
  post: PostView;
  /** The post's own page opens its comments at once. */
  defaultCommentsOpen?: boolean;
  /** Where to go after deleting it (its own page leaves for Home). */
  afterDelete?: string;
  /** Extra controls under the post (moderators' Restore and Delete). */
  footer?: React.ReactNode;
}

/**
 * A post: author, community and time; its text with clickable links (links only: the safe preview route serves
 * messages, not posts); photos; Like, Comment and Share; a menu to edit, delete or report; comments when opened.
 */
export function PostCard({ post, defaultCommentsOpen = false, afterDelete, footer }: PostCardProps) {
  const me = useMe();
  const navigate = useNavigate();
  const [commentsOpen, setCommentsOpen] = React.useState(defaultCommentsOpen);
  const [editing, setEditing] = React.useState(0);
  const [editOpen, setEditOpen] = React.useState(false);
  const remove = useDeletePostMutation(post.id);
  const commentsId = React.useId();
  const headingId = React.useId();
  const mine = me?.user.id === post.author.id;
  const author = memberName(post.author);
  const t = useT(catalog);
  const s = useSharedText();

  // A new key each time: the dialog starts from the post's current text.
  const openEdit = () => {
    setEditing((n) => n + 1);
    setEditOpen(true);
  };

  // mutateAsync, not mutate's callbacks: the post's realtime event can unmount this card before the answer arrives,
  // and an unmounted observer's callbacks never run.
  const handleDelete = async () => {
    try {
      await remove.mutateAsync(undefined);
    } catch (error) {
      toast.error(errorMessage(error, t('posts.post.deleteFailed')));
      return;
    }
    toast.success(s(POST_MESSAGES.deleted));
    if (afterDelete) void navigate(afterDelete, { replace: true });
  };

  return (
    <article
      aria-labelledby={headingId}
      tabIndex={-1}
      className="grid gap-3 rounded-xl border bg-card p-4 text-card-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <h2 id={headingId} className="sr-only">{t('posts.post.heading', { name: author })}</h2>
      <PostHeader
        post={post}
        menu={
          <ContentMenu
            label={t('posts.post.menu', { name: author })}
            onEdit={post.canEdit ? openEdit : undefined}
            remove={
              post.canDelete
                ? { title: t('posts.post.deleteTitle'), description: t('posts.post.deleteDescription'), onConfirm: () => void handleDelete() }
                : undefined
            }
            report={mine ? undefined : { kind: 'post', id: post.id }}
          />
        }
      />
      {post.hidden && (
        <p className="flex items-center gap-2 rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
          <EyeOffIcon aria-hidden="true" className="size-4 shrink-0" />
          {s(POST_MESSAGES.hiddenNotice)}
        </p>
      )}
      {post.content && <MessageText content={post.content} mentions={post.mentions} />}
      {post.images.length > 0 && <PostImages postId={post.id} images={post.images} createdAt={post.createdAt} />}
      <PostActions
        post={post}
        commentsOpen={commentsOpen}
        onToggleComments={() => setCommentsOpen((open) => !open)}
        commentsId={commentsId}
      />
      {commentsOpen && <Comments id={commentsId} postId={post.id} />}
      {footer}
      {post.canEdit && (
        <OnceOpened open={editOpen}>
          <EditPostDialog key={editing} post={post} open={editOpen} onOpenChange={setEditOpen} />
        </OnceOpened>
      )}
    </article>
  );
}
