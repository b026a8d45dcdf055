import type * as React from 'react';
import { Link } from 'react-router';
import { imageVariantUrl, postPath, type MemberSummary, type PostView } from '@bayclub/shared';
import { memberName } from '#/lib/member-format';
import { AvatarWithRetry } from '#/components/member/avatar-with-retry';
import { VerifiedBadge } from '#/components/member/verified-badge';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';
import { postTimeLabel, postTimeTitle } from './time-label';

const linkClass = 'rounded-sm hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none';

/** Who wrote it, where and when; the time links to the post's own page. `menu` sits at the end. */
export function PostHeader({ post, menu }: { post: PostView; menu: React.ReactNode }) {
  const name = memberName(post.author);
  const t = useT(catalog);
  return (
    <header className="flex items-start gap-3">
      <AuthorAvatar member={post.author} className="size-10" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex min-w-0 flex-wrap items-center gap-x-1.5 text-sm">
          <Link to={profilePath(post.author)} className={`truncate font-medium ${linkClass}`}>
            {name}
          </Link>
          {post.author.isVerified && <VerifiedBadge />}
          {post.community && (
            <>
              <span aria-hidden="true" className="text-muted-foreground">
                ›
              </span>
              <span className="sr-only">{t('posts.post.in')}</span>
              <Link to={`/community/${post.community.id}`} className={`truncate text-muted-foreground ${linkClass}`}>
                {post.community.name}
              </Link>
            </>
          )}
        </p>
        <p className="text-xs text-muted-foreground">
          <Link to={postPath(post.id)} className={linkClass}>
            <time dateTime={post.createdAt} title={postTimeTitle(post.createdAt)}>
              {postTimeLabel(post.createdAt)}
            </time>
          </Link>
          {post.editedAt && <span> {t('posts.post.edited')}</span>}
        </p>
      </div>
      {menu}
    </header>
  );
}

export const profilePath = (member: MemberSummary) => `/view-profile/${member.id}`;

/** A member's small round picture, linking to their profile (hidden from the accessibility tree: the name links too). */
export function AuthorAvatar({ member, className }: { member: MemberSummary; className: string }) {
  return (
    <Link to={profilePath(member)} tabIndex={-1} aria-hidden="true" className="shrink-0">
      <AvatarWithRetry src={imageVariantUrl(member.profilePictureUrl, 'small')} alt="" className={className} />
    </Link>
  );
}
