import { z } from 'zod';
import { postPath } from '@bayclub/shared';
import type { Translate } from '../../platform/i18n.js';
import { defineNotificationKind } from '../notifications/index.js';

const actor = { actorId: z.uuid().nullable(), actorName: z.string().nullable() };
/** The actor's name as stored (members' own words are never translated); "A member" in the reader's language. */
const nameOf = (p: { actorName: string | null }, t: Translate) => p.actorName ?? t('posts.notice.someone');
const likeText = (p: { actorName: string | null; count: number }, t: Translate) =>
  t('posts.notice.like.message', { name: nameOf(p, t), others: Math.max(0, p.count - 1) });

/** Likes of a member's post: one unread notice per post, its count refreshed by each like. */
export const likeNotification = defineNotificationKind('posts.like', {
  type: 'like',
  params: z.object({ ...actor, count: z.number().int().min(1) }),
  render: (p, t) => ({ title: t('posts.notice.like.title'), message: likeText(p, t) }),
  push: (p, target, t) => ({
    title: t('posts.notice.like.title'),
    body: likeText(p, t),
    url: target.path ?? postPath(target.relatedId ?? ''),
    tag: `like-${target.relatedId}`,
  }),
});

/** A comment, or a reply to a comment: its message and push texts' ids. */
const commentKind = (name: string, texts: { message: string; push: string }) =>
  defineNotificationKind(name, {
    type: 'comment',
    // excerpt: the comment's first words (the member's own), for the push.
    params: z.object({ ...actor, excerpt: z.string().nullable() }),
    render: (p, t) => ({ title: t('posts.notice.comment.title'), message: t(texts.message, { name: nameOf(p, t) }) }),
    push: (p, target, t) => ({
      title: nameOf(p, t),
      body: p.excerpt === null ? t(texts.message, { name: nameOf(p, t) }) : t(texts.push, { name: nameOf(p, t), excerpt: p.excerpt }),
      url: target.path ?? postPath(target.relatedId ?? ''),
      tag: `comment-${target.relatedId}`,
    }),
  });

export const commentNotification = commentKind('posts.comment', { message: 'posts.notice.comment.message', push: 'posts.notice.comment.push' });
export const replyNotification = commentKind('posts.reply', { message: 'posts.notice.reply.message', push: 'posts.notice.reply.push' });

/**
 * A member named with @username in a post or a comment (issue 21): once per member and post or comment, never
 * again for an edit that keeps the name. The spec has no mention type; 'comment' gives it the conversation icon.
 */
export const mentionNotification = defineNotificationKind('posts.mention', {
  type: 'comment',
  params: z.object({ ...actor, in: z.enum(['post', 'comment']), excerpt: z.string().nullable() }),
  render: (p, t) => ({ title: t('posts.notice.mention.title'), message: t('posts.notice.mention.message', { name: nameOf(p, t), in: p.in }) }),
  push: (p, target, t) => ({
    title: nameOf(p, t),
    body:
      p.excerpt === null
        ? t('posts.notice.mention.message', { name: nameOf(p, t), in: p.in })
        : t('posts.notice.mention.push', { name: nameOf(p, t), excerpt: p.excerpt }),
    url: target.path ?? postPath(target.relatedId ?? ''),
    tag: `mention-${target.relatedId}`,
  }),
});
