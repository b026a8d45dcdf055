import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { blocks, chatAttachments, conversations, profiles } from '../../db/schema/index.js';
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
