import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { posts } from '../../db/schema/index.js';
import { publish } from '../../platform/bus.js';
import * as repo from './repository.js';

/**
 * What the moderation module (issue 23) does to posts and comments from the reports queue, in the moderator's
 * transaction. A removed post is hidden, not deleted: its reports (and the queue's record of them) stay, and it
 * shows to nobody but its author and the moderators; a comment has no hidden state, so a removed comment is deleted
 * (its replies and reports go with it: the audit entry keeps what it said).
 */
export async function hidePostForModeration(tx: DbOrTx, postId: string): Promise<boolean> {
  const rows = await tx
    .update(posts)
    .set({ hiddenAt: sql`coalesce(${posts.hiddenAt}, now())` })
    .where(sql`${posts.id} = ${postId}::uuid`)
    .returning({ id: posts.id, c: posts.communityId, a: posts.authorId });
  const row = rows[0];
  if (!row) return false;
  await publish(tx, { k: 'postx', id: row.id, c: row.c, a: row.a, h: 1 });
  return true;
}

/** A dismissed report's post is shown again if reports had hidden it (a moderator looked: nothing wrong). */
export async function clearPostReports(tx: DbOrTx, postId: string) {
  await tx.execute(sql`update ${posts} set hidden_at = null, report_count = 0 where id = ${postId}::uuid`);
}

export async function deleteCommentForModeration(tx: DbOrTx, commentId: string, postId: string): Promise<void> {
  await repo.deleteComment(tx, commentId, postId);
}
