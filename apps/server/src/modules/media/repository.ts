import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { blocks, chatAttachments, communities, communityMembers, conversations, postImages, posts, profiles } from '../../db/schema/index.js';
import type { CommunityMemberRole, CommunityVisibility, MembershipStatus } from '@bayclub/shared';
import type { ChatMediaAccess } from './policy.js';

/** The member a stored file belongs to (the first key segment of member buckets), for the visibility check. */
export async function findMediaOwner(db: DbOrTx, id: string): Promise<{ id: string; isDeactivated: boolean } | null> {
  const [row] = await db
    .select({ id: profiles.id, isDeactivated: profiles.isDeactivated })
    .from(profiles)
    .where(eq(profiles.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * Who may see a chat attachment (see canReadChatMedia): one query by primary keys, the attachment row, its
 * conversation and the two possible block rows between the participants.
 */
export async function findChatMediaAccess(db: DbOrTx, storageKey: string): Promise<ChatMediaAccess | null> {
  const [row] = await db
    .select({
      uploaderId: chatAttachments.uploaderId,
      participant1Id: conversations.participant1Id,
      participant2Id: conversations.participant2Id,
      blocked: sql<boolean>`exists (
        select 1 from ${blocks}
        where (${blocks.blockerId} = ${conversations.participant1Id} and ${blocks.blockedId} = ${conversations.participant2Id})
           or (${blocks.blockerId} = ${conversations.participant2Id} and ${blocks.blockedId} = ${conversations.participant1Id})
      )`,
    })
    .from(chatAttachments)
    .leftJoin(conversations, eq(conversations.id, chatAttachments.conversationId))
    .where(eq(chatAttachments.storageKey, storageKey))
    .limit(1);
  if (!row) return null;
  const participants = row.participant1Id && row.participant2Id ? ([row.participant1Id, row.participant2Id] as const) : null;
  return { uploaderId: row.uploaderId, participants, blocked: row.blocked === true };
}

/** Who may see a post image (see canReadPostImage in media/service.ts): its upload row and, once claimed, its post. */
export interface PostImageAccess {
  uploaderId: string;
  post: {
    authorId: string;
    communityId: string | null;
    visibility: CommunityVisibility | null;
    hidden: boolean;
    /** The author is deactivated or a block stands between author and reader. */
    gone: boolean;
  } | null;
  membership: { status: MembershipStatus; role: CommunityMemberRole } | null;
}

/**
 * The upload row of a post image (by its large-variant key), its post, the post's community and the reader's
 * membership of it, and whether author and reader are blocked either way: one query by primary keys.
 */
export async function findPostImageAccess(db: DbOrTx, largeKey: string, readerId: string): Promise<PostImageAccess | null> {
  const reader = sql`${readerId}::uuid`;
  const [row] = await db
    .select({
      uploaderId: postImages.uploaderId,
      authorId: posts.authorId,
      communityId: posts.communityId,
      visibility: communities.visibility,
      hidden: sql<boolean>`${posts.hiddenAt} is not null`,
      gone: sql<boolean>`(select p.is_deactivated from ${profiles} p where p.id = ${posts.authorId})
        or exists (select 1 from ${blocks} b where (b.blocker_id = ${posts.authorId} and b.blocked_id = ${reader})
          or (b.blocker_id = ${reader} and b.blocked_id = ${posts.authorId}))`,
      status: communityMembers.status,
      role: communityMembers.role,
    })
    .from(postImages)
    .leftJoin(posts, eq(posts.id, postImages.postId))
    .leftJoin(communities, eq(communities.id, posts.communityId))
    .leftJoin(communityMembers, sql`${communityMembers.communityId} = ${posts.communityId} and ${communityMembers.userId} = ${reader}`)
    .where(eq(postImages.storageKey, largeKey))
    .limit(1);
  if (!row) return null;
  return {
    uploaderId: row.uploaderId,
    post: row.authorId
      ? { authorId: row.authorId, communityId: row.communityId, visibility: row.visibility, hidden: row.hidden === true, gone: row.gone === true }
      : null,
    membership: row.status && row.role ? { status: row.status, role: row.role } : null,
  };
}
