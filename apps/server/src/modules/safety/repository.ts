import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { blocks, conversations, hellos, matches, messages, profiles, reports } from '../../db/schema/index.js';
import type { ReportReason } from '@bayclub/shared';
import { exactInstant } from '../../platform/cursor.js';
import { orderedPair } from '../access/index.js';

export async function insertBlock(db: DbOrTx, blockerId: string, blockedId: string) {
  await db.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

export async function deleteBlock(db: DbOrTx, blockerId: string, blockedId: string) {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}


/** A block ends the pair's match and withdraws pending hellos both ways. Returns the conversation id, if any. */
export async function endRelationship(db: DbOrTx, a: string, b: string): Promise<{ conversationId: string | null; hadMatch: boolean }> {
  const [u1, u2] = orderedPair(a, b);
  const ended = await db
    .update(matches)
    .set({ isActive: false, updatedAt: sql`now()` })
    .where(and(eq(matches.user1Id, u1), eq(matches.user2Id, u2), eq(matches.isActive, true)))
    .returning({ id: matches.id });
  await db
    .update(hellos)
    .set({ status: 'withdrawn', respondedAt: sql`now()` })
    .where(
      and(
        eq(hellos.status, 'pending'),
        or(and(eq(hellos.senderId, a), eq(hellos.recipientId, b)), and(eq(hellos.senderId, b), eq(hellos.recipientId, a))),
      ),
    );
  const [conv] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.participant1Id, u1), eq(conversations.participant2Id, u2)))
    .limit(1);
  return { conversationId: conv?.id ?? null, hadMatch: ended.length > 0 };
}

export async function listBlocked(db: DbOrTx, blockerId: string, opts: { cursor: { c: string; i: string } | null; limit: number }) {
  const conditions = [eq(blocks.blockerId, blockerId)];
  if (opts.cursor) conditions.push(sql`(${blocks.createdAt}, ${blocks.blockedId}) < (${opts.cursor.c}::timestamptz, ${opts.cursor.i}::uuid)`);
  return db
    .select({ blockedAt: blocks.createdAt, at: exactInstant(blocks.createdAt), profile: profiles })
    .from(blocks)
    .innerJoin(profiles, eq(profiles.id, blocks.blockedId))
    .where(and(...conditions))
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
    .limit(opts.limit + 1);
}

export async function insertReport(
  db: DbOrTx,
  r: { reporterId: string; reportedUserId: string; reason: ReportReason; details: string | null; conversationId: string | null; messageId: string | null },
) {
  const [row] = await db.insert(reports).values(r).returning({ id: reports.id });
  return row!.id;
}

/** The conversation is the reporter's (and the reported member's), and the message, if given, is in it. */
export async function reportContextValid(
  db: DbOrTx,
  reporterId: string,
  reportedId: string,
  conversationId: string | null,
  messageId: string | null,
): Promise<boolean> {
  if (!conversationId && !messageId) return true;
  const [u1, u2] = orderedPair(reporterId, reportedId);
  if (messageId) {
    const [row] = await db
      .select({ c: messages.conversationId })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(and(eq(messages.id, messageId), eq(conversations.participant1Id, u1), eq(conversations.participant2Id, u2)))
      .limit(1);
    return !!row && (!conversationId || row.c === conversationId);
  }
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId!), eq(conversations.participant1Id, u1), eq(conversations.participant2Id, u2)))
    .limit(1);
  return !!row;
}
