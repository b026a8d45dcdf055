import {
  MODERATION_LIMITS,
  RESOLUTION_OF,
  eventPath,
  postPath,
  type LimitedUserFlags,
  type ReportActionResult,
  type ReportAction,
  type ReportQueuePage,
  type ReportQueueQuery,
  type ReportReason,
  type AuditAction,
  type AuditTargetType,
} from '@bayclub/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { AfterCommit } from '../../platform/after-commit.js';
import { decodeCursor, encodeCursor, isTimeCursor } from '../../platform/cursor.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { announceReport } from '../../platform/report-announcements.js';
import { uniqueViolation } from '../../platform/sql.js';
import type { Actor } from '../access/index.js';
import { suspendMember } from '../admin/index.js';
import { recordAudit } from '../audit/index.js';
import { banFromCommunity } from '../communities/index.js';
import { cancelEventForModeration, reportableEvent, type EventPayouts } from '../events/index.js';
import { deactivatePlaceForModeration, reportablePlace } from '../locations/index.js';
import type { Notifier } from '../notifications/index.js';
import { clearPostReports, deleteCommentForModeration, hidePostForModeration } from '../posts/index.js';
import { MODERATION_ERRORS as M } from './messages.js';
import { bannedNotification, contentRemovedNotification, reportHandledNotification, warningNotification } from './notifications.js';
import { queueAccess, type QueueAccess } from './policy.js';
import { factsOf, presentQueueItem } from './presenter.js';
import * as repo from './repository.js';

const EARLIER = MODERATION_LIMITS.earlierListed;
const excerpt = (text: string | null) => (text === null ? null : text.length > 120 ? `${text.slice(0, 119)}…` : text);

export interface ModerationDeps {
  db: Db;
  notifier: Notifier;
  flags: () => Promise<LimitedUserFlags>;
  /** Issue 22: a cancelled event's payments are refunded (the payments module, wired by the composition). */
  payouts?: Pick<EventPayouts, 'afterCancel'>;
}

/** The queue's audience: 403 for everyone else (a crm_user, a member, an applicant). */
function requireQueue(actor: Actor): NonNullable<QueueAccess> {
  const access = queueAccess(actor);
  if (!access) throw forbidden(M.moderatorsOnly);
  return access;
}

const scopeOf = (actor: Actor, access: NonNullable<QueueAccess>): repo.QueueScope =>
  access.kind === 'all' ? { all: true, callerId: actor.userId } : { all: false, callerId: actor.userId };

/**
 * The reports queue (issue 23): lists and one report, the actions, and the event and place reports that join the
 * member, message, post and comment reports other modules write.
 */
export function createModerationService(deps: ModerationDeps) {
  const { db, notifier } = deps;

  /** One report the caller may see: 404 unknown, 403 outside a community moderator's communities. */
  async function visibleItem(actor: Actor, access: NonNullable<QueueAccess>, reportId: string, tx: DbOrTx = db) {
    const row = await repo.queueItem(tx, actor.userId, reportId, EARLIER);
    if (!row) throw notFound(M.reportNotFound);
    if (access.kind === 'communities' && !row.caller_moderates) throw forbidden(M.notYourCommunity);
    return row;
  }

  async function reportTarget(
    actor: Actor,
    target: { eventId: string } | { locationId: string },
    input: { reason: ReportReason; details: string | null },
    facts: { authorId: string | null; communityId: string | null },
  ): Promise<{ id: string }> {
    const isEvent = 'eventId' in target;
    if (facts.authorId === actor.userId) throw forbidden(isEvent ? M.cannotReportOwnEvent : M.cannotReportOwnPlace);
    // An event or place whose maker's account is gone has nobody to answer for it: nothing to report about them.
    if (!facts.authorId) throw notFound(isEvent ? M.eventNotFound : M.placeNotFound);
    const authorId = facts.authorId;
    const id = await db
      .transaction(async (tx) => {
        const reportId = await repo.insertTargetReport(tx, {
          reporterId: actor.userId,
          reportedUserId: authorId,
          target,
          communityId: facts.communityId,
          reason: input.reason,
          details: input.details,
        });
        if (reportId) await announceReport(tx, { id: reportId, communityId: facts.communityId, change: 'new' });
        return reportId;
      })
      .catch((err: unknown) => {
        // The target deleted while reporting: as unknown.
        const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
        if (code === '23503') throw notFound(isEvent ? M.eventNotFound : M.placeNotFound);
        if (uniqueViolation(err)) return null;
        throw err;
      });
    if (!id) throw conflict(isEvent ? M.alreadyReportedEvent : M.alreadyReportedPlace);
    return { id };
  }

  return {
    async list(actor: Actor, q: ReportQueueQuery & { status: 'open' | 'resolved'; limit: number }): Promise<ReportQueuePage> {
      const access = requireQueue(actor);
      const rows = await repo.queuePage(db, scopeOf(actor, access), q, decodeCursor(q.cursor, isTimeCursor), q.limit, EARLIER);
      const page = rows.slice(0, q.limit);
      const last = page.at(-1);
      return {
        items: page.map((r) => presentQueueItem(r, actor, access)),
        nextCursor: rows.length > q.limit && last ? encodeCursor({ c: last.cursor_at, i: last.id }) : null,
      };
    },

    async get(actor: Actor, reportId: string) {
      const access = requireQueue(actor);
      return presentQueueItem(await visibleItem(actor, access, reportId), actor, access);
    },

    /** Only who can open the event may report it; once per open report (409 after). */
    async reportEvent(actor: Actor, eventId: string, input: { reason: ReportReason; details: string | null }) {
      const event = await reportableEvent(db, actor, eventId);
      if (!event) throw notFound(M.eventNotFound);
      return reportTarget(actor, { eventId }, input, { authorId: event.createdBy, communityId: event.communityId });
    },

    /** Only who can open the place may report it; once per open report (409 after). */
    async reportPlace(actor: Actor, locationId: string, input: { reason: ReportReason; details: string | null }) {
      const place = await reportablePlace(db, actor, await deps.flags(), locationId);
      if (!place) throw notFound(M.placeNotFound);
      return reportTarget(actor, { locationId }, input, { authorId: await repo.placeCreator(db, locationId), communityId: null });
    },

    /**
     * Act on a report, in one transaction under the report's row lock: the action itself (through the owning
     * module's face), every open report on the same target closed, the author told why, the reporters told their
     * report was handled (never who acted, never who reported), and the audit entry. Nothing is written on a refusal.
     */
    async act(actor: Actor, reportId: string, input: { action: ReportAction; reason: string | null }): Promise<ReportActionResult> {
      const access = requireQueue(actor);
      const after = new AfterCommit();
      let cancelledEvent: string | null = null;
      const outcome = await db.transaction(async (tx) => {
        const locked = await repo.lockReport(tx, reportId);
        if (!locked) throw notFound(M.reportNotFound);
        const row = await visibleItem(actor, access, reportId, tx);
        if (locked.status !== 'open') throw conflict(M.alreadyResolved);
        const item = presentQueueItem(row, actor, access);
        if (!item.actions.includes(input.action)) {
          if (input.action === 'suspend' && !(access.kind === 'all' && access.admin)) throw forbidden(M.adminsOnlySuspend);
          if (input.action === 'ban' && access.kind === 'all' && !access.admin && row.community_id !== null) throw forbidden(M.notYourCommunity);
          throw badRequest(M.actionNotAvailable, { action: M.actionNotAvailable });
        }
        const facts = factsOf(row);
        const reason = input.reason ?? '';
        const authorId = facts.authorId;
        const type = row.target_type;
        const label = type === 'event' ? row.event_title : type === 'place' ? row.place_name : excerpt(row.text);
        const path =
          type === 'post' ? postPath(row.post_id!) : type === 'comment' && row.comment_post_id ? postPath(row.comment_post_id) : type === 'event' ? eventPath(row.event_id!) : type === 'place' ? `/locations/${row.location_id!}` : null;
        const admin = access.kind === 'all' && access.admin;

        let audit: { action: AuditAction; targetType: AuditTargetType; targetId: string | null; before?: unknown; after?: unknown } | null = null;
        let deleteCommentAfterClosing = false;
        switch (input.action) {
          case 'dismiss': {
            if (type === 'post' && row.post_id && !(await repo.postWasRemoved(tx, row.post_id))) await clearPostReports(tx, row.post_id);
            audit = { action: 'report.dismiss', targetType: 'report', targetId: row.id, before: { status: 'open' }, after: { status: 'dismissed' } };
            break;
          }
          case 'remove': {
            if (type === 'post') {
              await hidePostForModeration(tx, row.post_id!);
              audit = { action: 'report.remove', targetType: 'post', targetId: row.post_id, before: { hidden: row.post_hidden, content: label }, after: { hidden: true } };
            } else if (type === 'comment') {
              deleteCommentAfterClosing = true;
              audit = { action: 'report.remove', targetType: 'comment', targetId: row.comment_id, before: { content: label }, after: null };
            } else if (type === 'event') {
              await cancelEventForModeration(tx, after, notifier, row.event_id!);
              cancelledEvent = row.event_id;
              audit = { action: 'report.remove', targetType: 'event', targetId: row.event_id, before: { status: 'scheduled' }, after: { status: 'cancelled' } };
            } else {
              await deactivatePlaceForModeration(tx, row.location_id!);
              audit = { action: 'report.remove', targetType: 'location', targetId: row.location_id, before: { active: true }, after: { active: false } };
            }
            if (authorId) {
              await notifier.notify(tx, after, { userId: authorId, kind: contentRemovedNotification, params: { target: type, label, reason }, relatedId: row.id, path: type === 'event' || type === 'post' ? path : null });
            }
            break;
          }
          case 'warn': {
            await notifier.notify(tx, after, { userId: authorId!, kind: warningNotification, params: { target: type, community: row.community_name, reason }, relatedId: row.id, path: null });
            audit = { action: 'member.warn', targetType: 'member', targetId: authorId, after: { warned: true, report: row.id } };
            break;
          }
          case 'suspend': {
            // modules/admin writes its own member.suspend entry in this transaction.
            await suspendMember(tx, actor, authorId!, reason);
            break;
          }
          case 'ban': {
            if (admin) {
              // An admin's ban is a suspension, marked as a ban (decision 029).
              await suspendMember(tx, actor, authorId!, `Banned: ${reason}`);
              audit = { action: 'member.ban', targetType: 'member', targetId: authorId, before: { suspended: false }, after: { suspended: true, ban: true } };
            } else {
              const banned = await banFromCommunity(tx, actor, row.community_id!, authorId!);
              if (banned === 'not_allowed') throw forbidden(M.cannotBan);
              if (banned === 'gone') throw notFound(M.reportNotFound);
              await notifier.notify(tx, after, { userId: authorId!, kind: bannedNotification, params: { community: row.community_name ?? 'the community', reason }, relatedId: row.community_id, path: null });
              audit = { action: 'member.ban', targetType: 'member', targetId: authorId, before: { community: banned === 'already' ? 'banned' : 'member' }, after: { community: 'banned' } };
            }
            break;
          }
        }

        const closed = await repo.closeSameTarget(tx, row.id, RESOLUTION_OF[input.action], actor.userId);
        const reporters = [...new Set(closed.map((c) => c.reporter_id).filter((id): id is string => id !== null && id !== actor.userId && id !== authorId))];
        if (reporters.length) {
          await notifier.notifyMany(tx, after, reporters, {
            kind: reportHandledNotification,
            params: { target: type, actionTaken: input.action !== 'dismiss' },
            relatedId: null,
            path: null,
          });
        }
        if (audit) {
          await recordAudit(tx, actor, {
            ...audit,
            targetLabel: type === 'member' || type === 'message' || audit.targetType === 'member' ? (row.author?.fullName ?? row.author?.username ?? null) : label,
            memberId: authorId,
            communityId: row.community_id,
            reason: input.reason,
          });
        }
        // The other moderators' open queues drop it (and the reports closed with it) at COMMIT.
        await announceReport(tx, { id: row.id, communityId: row.community_id, change: 'resolved' });
        // Last: the comment's deletion takes its reports with it (their resolution was written for the notices).
        if (deleteCommentAfterClosing) await deleteCommentForModeration(tx, row.comment_id!, row.comment_post_id!);
        return { closed: closed.length, gone: deleteCommentAfterClosing };
      });
      after.run();
      if (cancelledEvent) deps.payouts?.afterCancel(cancelledEvent);
      const fresh = outcome.gone ? null : await repo.queueItem(db, actor.userId, reportId, EARLIER);
      return { item: fresh ? presentQueueItem(fresh, actor, access) : null, closed: outcome.closed };
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
