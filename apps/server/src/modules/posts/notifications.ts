import { z } from 'zod';
import { likeNotificationText, postPath } from '@bayclub/shared';
import { defineNotificationKind } from '../notifications/index.js';

const actor = { actorId: z.uuid().nullable(), actorName: z.string().nullable() };
const nameOf = (p: { actorName: string | null }) => p.actorName ?? 'A member';

/** Likes of a member's post: one unread notice per post, its count refreshed by each like. */
export const likeNotification = defineNotificationKind('posts.like', {
  type: 'like',
  params: z.object({ ...actor, count: z.number().int().min(1) }),
  render: (p) => ({ title: 'New like', message: likeNotificationText(nameOf(p), p.count) }),
  push: (p, target) => ({
    title: 'New like',
    body: likeNotificationText(nameOf(p), p.count),
    url: target.path ?? postPath(target.relatedId ?? ''),
    tag: `like-${target.relatedId}`,
  }),
});

/** A comment, or a reply to a comment: `what` it was, said after the commenter's name. */
const commentKind = (name: string, what: string) =>
  defineNotificationKind(name, {
    type: 'comment',
    // excerpt: the comment's first words (the member's own), for the push.
    params: z.object({ ...actor, excerpt: z.string().nullable() }),
    render: (p) => ({ title: 'New comment', message: `${nameOf(p)} ${what}` }),
    push: (p, target) => ({
      title: nameOf(p),
      body: p.excerpt === null ? `${nameOf(p)} ${what}` : `${nameOf(p)} ${what}: ${p.excerpt}`,
      url: target.path ?? postPath(target.relatedId ?? ''),
      tag: `comment-${target.relatedId}`,
    }),
  });

export const commentNotification = commentKind('posts.comment', 'commented on your post');
export const replyNotification = commentKind('posts.reply', 'replied to your comment');

/**
 * A member named with @username in a post or a comment (issue 21): once per member and post or comment, never
 * again for an edit that keeps the name. The spec has no mention type; 'comment' gives it the conversation icon.
 */
export const mentionNotification = defineNotificationKind('posts.mention', {
  type: 'comment',
  params: z.object({ ...actor, in: z.enum(['post', 'comment']), excerpt: z.string().nullable() }),
  render: (p) => ({ title: 'New mention', message: `${nameOf(p)} mentioned you in a ${p.in}` }),
  push: (p, target) => ({
    title: nameOf(p),
    body: p.excerpt === null ? `${nameOf(p)} mentioned you in a ${p.in}` : `${nameOf(p)} mentioned you: ${p.excerpt}`,
    url: target.path ?? postPath(target.relatedId ?? ''),
    tag: `mention-${target.relatedId}`,
  }),
});
