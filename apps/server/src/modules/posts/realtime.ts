import type { Db } from '../../db/client.js';
import type { Hub } from '../realtime/index.js';
import { postCountsRecipients, postRecipients } from './repository.js';

declare module '../../platform/bus.js' {
  interface BusEvents {
    /** Post id was written by author a, in community c (null: the member-wide feed). */
    post: { id: string; c: string | null; a: string };
    /**
     * The like and comment counts of post id changed, by member u (who liked, unliked, commented or deleted a
     * comment): members blocked with u either way are not told (issue 21: the live count showed a blocked member's
     * activity as it happened). The event carries no counts: each reader is sent the counts they see.
     */
    postc: { id: string; c: string | null; a: string; u?: string };
    /** Comment id by member u on post p (by a, in c). */
    cmt: { id: string; p: string; c: string | null; a: string; u: string };
    /** Post id (by a, in c) was deleted, or hidden by reports (h). */
    postx: { id: string; c: string | null; a: string; h?: 1 };
  }
}

/**
 * Post events go to the local members who could read the post (postRecipients: one query among this process's
 * members per event, none when nobody is connected here). Payloads are ids, and counts as each reader sees them:
 * clients fetch what they may see.
 */
export function registerPostsRealtime(hub: Hub, db: Db) {
  hub.register('post', {
    recipients: (e, local) => postRecipients(db, local, { kind: 'home', postId: e.id, communityId: e.c, authorId: e.a }),
    payload: (e) => ({ type: 'feed:new', postId: e.id, communityId: e.c, authorId: e.a }),
  });
  // Counts differ per reader (likes and comments of members blocked with them or deactivated are left out), read
  // when the event is delivered: one statement for all of this process's readers.
  hub.register('postc', {
    deliver: async (e, sockets) => {
      const local = sockets.localMembers();
      const readers = await postCountsRecipients(db, local, { postId: e.id, communityId: e.c, authorId: e.a, alsoUnblocked: e.u });
      for (const r of readers) sockets.sendTo(r.id, { type: 'post:counts', postId: e.id, likeCount: r.like_count, commentCount: r.comment_count });
    },
  });
  hub.register('cmt', {
    recipients: (e, local) => postRecipients(db, local, { kind: 'readers', postId: e.p, communityId: e.c, authorId: e.a, alsoUnblocked: e.u }),
    payload: (e) => ({ type: 'post:comment', postId: e.p, commentId: e.id }),
  });
  hub.register('postx', {
    recipients: (e, local) => postRecipients(db, local, { kind: 'removed', postId: e.id, communityId: e.c, authorId: e.a, hidden: e.h === 1 }),
    payload: (e) => ({ type: 'post:removed', postId: e.id }),
  });
}
