import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { CHAT_MEDIA_URL, type AttachmentKind } from '@bayclub/shared';
import type { DbOrTx } from '../../db/client.js';
import { chatAttachments } from '../../db/schema/index.js';

const URL_PREFIX = '/media/chat-media/';

/** The storage key of a chat attachment URL (`/media/chat-media/{key}`), or null when it is not one. */
export function keyOfChatMediaUrl(url: string): string | null {
  return CHAT_MEDIA_URL.test(url) ? url.slice(URL_PREFIX.length) : null;
}

export async function insertAttachment(db: DbOrTx, row: { storageKey: string; uploaderId: string; kind: AttachmentKind }) {
  await db.insert(chatAttachments).values(row);
}

/**
 * Attach uploaded files to a conversation (the messaging module calls this inside its send transaction).
 * Every URL must name a file the sender uploaded that is not yet sent in another conversation; then each
 * is marked as sent in `conversationId` and their kinds come back in the order given. When any URL is not
 * claimable the answer is null and nothing changes.
 *
 * Two queries whatever the number of URLs. The rows are locked (FOR UPDATE) until the caller's transaction
 * ends, so two sends racing to claim one file for different conversations cannot both succeed: the second
 * waits, re-reads the row, no longer matches and gets null.
 */
export async function claimAttachments(
  tx: DbOrTx,
  args: { uploaderId: string; conversationId: string; urls: string[] },
): Promise<AttachmentKind[] | null> {
  if (!args.urls.length) return [];
  const keys: string[] = [];
  for (const url of args.urls) {
    const key = keyOfChatMediaUrl(url);
    if (!key) return null;
    keys.push(key);
  }
  const wanted = [...new Set(keys)];
  const rows = await tx
    .select({ storageKey: chatAttachments.storageKey, kind: chatAttachments.kind, conversationId: chatAttachments.conversationId })
    .from(chatAttachments)
    .where(
      and(
        inArray(chatAttachments.storageKey, wanted),
        eq(chatAttachments.uploaderId, args.uploaderId),
        or(isNull(chatAttachments.conversationId), eq(chatAttachments.conversationId, args.conversationId)),
      ),
    )
    .for('update');
  if (rows.length !== wanted.length) return null;

  const unclaimed = rows.filter((r) => r.conversationId === null).map((r) => r.storageKey);
  if (unclaimed.length) {
    await tx
      .update(chatAttachments)
      .set({ conversationId: args.conversationId })
      .where(and(inArray(chatAttachments.storageKey, unclaimed), isNull(chatAttachments.conversationId)));
  }
  const kindOf = new Map(rows.map((r) => [r.storageKey, r.kind]));
  return keys.map((key) => kindOf.get(key)!);
}

/**
 * Delete up to `limit` attachments uploaded before `cutoff` and never sent; answers their storage keys (the
 * caller schedules the files' deletion in the same transaction). Rows a send is claiming right now are
 * locked by it and skipped; a claimed row no longer matches once the claim commits.
 */
export async function deleteUnclaimed(tx: DbOrTx, cutoff: Date, limit: number): Promise<string[]> {
  const stale = tx
    .select({ key: chatAttachments.storageKey })
    .from(chatAttachments)
    .where(and(isNull(chatAttachments.conversationId), lt(chatAttachments.createdAt, cutoff)))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await tx
    .delete(chatAttachments)
    .where(and(inArray(chatAttachments.storageKey, stale), isNull(chatAttachments.conversationId)))
    .returning({ key: chatAttachments.storageKey });
  return rows.map((r) => r.key);
}
