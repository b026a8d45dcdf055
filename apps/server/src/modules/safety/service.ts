import type { BlockedMemberView, ReportInput } from '@bayclub/shared';
import type { z } from 'zod';
import type { reportSchema } from '@bayclub/shared';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { publish } from '../../platform/bus.js';
import { announceReport } from '../../platform/report-announcements.js';
import { decodeCursor, encodeCursor, isTimeCursor } from '../../platform/cursor.js';
import { canSeeMembers, findProfile, lockPair, presentMember, type Actor } from '../access/index.js';
import * as repo from './repository.js';
import { SAFETY_ERRORS as M } from './messages.js';


type Report = z.output<typeof reportSchema>;
export type { ReportInput };

const unknownMember = () => notFound(M.memberUnavailable);

export function createSafetyService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /**
     * Block: from the next request on, the two members no longer see each other anywhere, their match ends, and
     * their sockets stop carrying anything about each other (the conversation is announced closed).
     */
    async block(actor: Actor, userId: string) {
      if (userId === actor.userId) throw badRequest(M.cannotBlockSelf, { userId: M.cannotBlockSelf });
      await db.transaction(async (tx) => {
        // The same pair lock as saying hi and accepting: a hello answered at this very moment either commits
        // first (and its match is ended here) or waits and then sees the block.
        await lockPair(tx, actor.userId, userId);
        // An applicant sees no other member (decision 009), so has nobody to block: the unknown member's answer.
        const target = canSeeMembers(actor) ? await findProfile(tx, userId) : null;
        if (!target) throw unknownMember();
        await repo.insertBlock(tx, actor.userId, userId);
        const { conversationId } = await repo.endRelationship(tx, actor.userId, userId);
        const users = [actor.userId, userId];
        await publish(tx, { k: 'conn', u: users });
        if (conversationId) await publish(tx, { k: 'conv', c: conversationId, a: false, u: users });
      });
    },

    /** Unblocking makes the members visible again; it does not bring back the match. */
    async unblock(actor: Actor, userId: string) {
      await db.transaction(async (tx) => {
        await repo.deleteBlock(tx, actor.userId, userId);
        await publish(tx, { k: 'conn', u: [actor.userId, userId] });
      });
    },

    async listBlocked(actor: Actor, cursor: string | undefined, limit: number) {
      const from = decodeCursor(cursor, isTimeCursor);
      // The list presents members: nobody for a caller who may see no member (decision 009).
      if (!canSeeMembers(actor)) return { items: [], nextCursor: null };
      const rows = await repo.listBlocked(db, actor.userId, { cursor: from, limit });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map((r): BlockedMemberView => ({ member: presentMember(r.profile), blockedAt: r.blockedAt.toISOString() })),
        nextCursor: rows.length > limit && last ? encodeCursor({ c: last.at, i: last.profile.id }) : null,
      };
    },

    async report(actor: Actor, input: Report) {
      if (input.userId === actor.userId) throw badRequest(M.cannotReportSelf, { userId: M.cannotReportSelf });
      const target = canSeeMembers(actor) ? await findProfile(db, input.userId) : null;
      if (!target) throw unknownMember();
      const conversationId = input.conversationId ?? null;
      const messageId = input.messageId ?? null;
      // A report may point at a conversation or message only if both members are in it: nothing else is learned.
      if (!(await repo.reportContextValid(db, actor.userId, input.userId, conversationId, messageId))) {
        throw notFound(M.conversationUnavailable);
      }
      const id = await db.transaction(async (tx) => {
        const reportId = await repo.insertReport(tx, {
          reporterId: actor.userId,
          reportedUserId: input.userId,
          reason: input.reason,
          details: input.details,
          conversationId,
          messageId,
        });
        // Member and message reports belong to no community: the admins and platform moderators are told.
        await announceReport(tx, { id: reportId, communityId: null, change: 'new' });
        return reportId;
      });
      return { id };
    },
  };
}

export type SafetyService = ReturnType<typeof createSafetyService>;
