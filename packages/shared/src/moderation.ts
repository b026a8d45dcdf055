import { z } from 'zod';
import { LIMITS } from './limits.js';
import { REPORT_REASONS, SAFETY_MESSAGES, type ReportReason } from './safety.js';
import type { MemberSummary } from './connections.js';
import type { Page } from './applications.js';
import type { AuditAction } from './audit.js';

/**
 * The back office's reports queue (issue 23, decision 029): every report (posts, comments, members, messages the
 * reporter chose to share, events, places) in one queue, with the reported content in context, and the actions a
 * moderator takes on it. The reporter is never named to the author; the queue shows the reporter to moderators.
 */
export const REPORT_TARGETS = ['post', 'comment', 'member', 'message', 'event', 'place'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
export const REPORT_TARGET_LABELS: Record<ReportTarget, string> = {
  post: 'Post',
  comment: 'Comment',
  member: 'Member',
  message: 'Message',
  event: 'Event',
  place: 'Place',
};

export const REPORT_ACTIONS = ['dismiss', 'remove', 'warn', 'suspend', 'ban'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
export const REPORT_ACTION_LABELS: Record<ReportAction, string> = {
  dismiss: 'Dismiss',
  remove: 'Remove',
  warn: 'Warn',
  suspend: 'Suspend',
  ban: 'Ban',
};

/** What became of a report (reports.resolution). */
export const REPORT_RESOLUTIONS = ['dismissed', 'removed', 'warned', 'suspended', 'banned'] as const;
export type ReportResolution = (typeof REPORT_RESOLUTIONS)[number];
export const RESOLUTION_OF: Record<ReportAction, ReportResolution> = {
  dismiss: 'dismissed',
  remove: 'removed',
  warn: 'warned',
  suspend: 'suspended',
  ban: 'banned',
};
export const REPORT_RESOLUTION_LABELS: Record<ReportResolution, string> = {
  dismissed: 'Dismissed',
  removed: 'Content removed',
  warned: 'Author warned',
  suspended: 'Author suspended',
  banned: 'Author banned',
};

export const MODERATION_LIMITS = {
  /** Reasons a moderator gives the author. */
  actionReasonMax: 500,
  /** Earlier reports listed under an item (the counts are exact). */
  earlierListed: 3,
  pageDefault: 20,
  pageMax: 50,
  excerptMax: 280,
} as const;

export const MODERATION_MESSAGES = {
  queueTitle: 'Reports',
  noOpenReports: 'No open reports',
  noResolvedReports: 'No resolved reports',
  reasonRequired: 'Tell the author why',
  reasonTooLong: `The reason must be at most ${MODERATION_LIMITS.actionReasonMax} characters`,
  actionRequired: 'Choose an action',
  reportNotFound: 'This report no longer exists',
  alreadyResolved: 'This report was already handled',
  moderatorsOnly: 'Only moderators can see reports',
  notYourCommunity: 'You can only act on reports in communities you moderate',
  adminsOnlySuspend: 'Only admins can suspend a member',
  actionNotAvailable: 'This action does not apply to this report',
  alreadyReportedEvent: 'You already reported this event. Our moderators will review it.',
  alreadyReportedPlace: 'You already reported this place. Our moderators will review it.',
  cannotReportOwnEvent: 'You cannot report your own event',
  cannotReportOwnPlace: 'You cannot report your own place',
  reportEventTitle: 'Report this event',
  reportPlaceTitle: 'Report this place',
  reported: SAFETY_MESSAGES.reported,
  actionDone: {
    dismiss: 'Report dismissed',
    remove: 'Content removed',
    warn: 'Author warned',
    suspend: 'Author suspended',
    ban: 'Author banned',
  } satisfies Record<ReportAction, string>,
  actionFailed: 'Could not complete the action. The report is back in the list.',
} as const;

/** POST /api/events/:id/report and POST /api/locations/:id/report: the reasons of member reports. */
export const targetReportSchema = z
  .object({
    reason: z.enum(REPORT_REASONS, { error: SAFETY_MESSAGES.reasonRequired }),
    details: z
      .string()
      .trim()
      .max(LIMITS.reportDetailsMax, { error: SAFETY_MESSAGES.detailsTooLong })
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .refine((r) => r.reason !== 'other' || !!r.details, { error: SAFETY_MESSAGES.detailsRequired, path: ['details'] });
export type TargetReportInput = z.input<typeof targetReportSchema>;

/** GET /api/moderation/reports: open (oldest first: who waited longest) or resolved (newest first). */
export const reportQueueQuerySchema = z.object({
  status: z.enum(['open', 'resolved'], { error: 'Choose open or resolved' }).default('open'),
  type: z.enum(REPORT_TARGETS, { error: 'Choose a report type from the list' }).optional(),
  communityId: z.uuid({ error: 'Invalid community id' }).optional(),
  cursor: z.string().max(512, { error: 'Invalid cursor' }).optional(),
  limit: z.coerce.number().int().min(1).max(MODERATION_LIMITS.pageMax).default(MODERATION_LIMITS.pageDefault),
});
export type ReportQueueQuery = z.input<typeof reportQueueQuerySchema>;

/** POST /api/moderation/reports/:id/actions. A reason (shown to the author) for everything but dismiss. */
export const reportActionSchema = z
  .object({
    action: z.enum(REPORT_ACTIONS, { error: MODERATION_MESSAGES.actionRequired }),
    reason: z
      .string()
      .trim()
      .max(MODERATION_LIMITS.actionReasonMax, { error: MODERATION_MESSAGES.reasonTooLong })
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .refine((a) => a.action === 'dismiss' || !!a.reason, { error: MODERATION_MESSAGES.reasonRequired, path: ['reason'] });
export type ReportActionInput = z.input<typeof reportActionSchema>;

/** The reported thing as the moderator needs to judge it. Fields not of its type are absent. */
export interface ReportedContentView {
  type: ReportTarget;
  /** post / comment / message text (a member's own words, shown as text). */
  text: string | null;
  imageCount: number;
  /** Still there (a deleted comment, a cancelled event, a deactivated place, a hidden post say so). */
  state: 'visible' | 'hidden' | 'removed' | 'cancelled' | 'inactive';
  /** event */
  eventTitle: string | null;
  eventStartsAt: string | null;
  /** place */
  placeName: string | null;
  placeCity: string | null;
  /** The post of a comment, the id of the event or place, for a link. */
  targetId: string | null;
  postId: string | null;
  createdAt: string | null;
}

export interface EarlierReportView {
  id: string;
  reason: ReportReason;
  status: 'open' | 'resolved';
  resolution: ReportResolution | null;
  createdAt: string;
}

export interface ReportQueueItem {
  id: string;
  target: ReportedContentView;
  /** The member who wrote / made the reported thing (the reported member for member and message reports). */
  author: MemberSummary | null;
  /** The reporter: moderators see who reported; the author never does. Null once that account is deleted. */
  reporter: MemberSummary | null;
  reason: ReportReason;
  reasonLabel: string;
  details: string | null;
  community: { id: string; name: string } | null;
  status: 'open' | 'resolved';
  resolution: ReportResolution | null;
  resolvedAt: string | null;
  createdAt: string;
  /** Other reports on the same target / about the same author (this one excluded): exact counts, newest few listed. */
  earlier: {
    sameTargetCount: number;
    sameAuthorCount: number;
    sameTarget: EarlierReportView[];
    sameAuthor: EarlierReportView[];
  };
  /** What the caller may do with it (suspend: admins only; ban: a community's moderator in a community, or an admin). */
  actions: ReportAction[];
}

export type ReportQueuePage = Page<ReportQueueItem>;

export interface ReportActionResult {
  /** The report after the action; null when the removed content took its reports with it (a deleted comment). */
  item: ReportQueueItem | null;
  /** Open reports this action closed (this one and every other on the same target). */
  closed: number;
}

/** The audit log's moderation entries: what a platform moderator (not an admin) reads of it. */
export const MODERATION_AUDIT_ACTIONS = ['report.dismiss', 'report.remove', 'member.warn', 'member.ban'] as const satisfies readonly AuditAction[];

/**
 * The moderators' queue, live: a report was filed ('new') or resolved ('resolved'). Sent only to members whose queue
 * shows that report; ids only, the queue refetches what its reader may see.
 */
export type ModerationServerEvent = { type: 'moderation:queue'; reportId: string; change: 'new' | 'resolved' };

declare module './realtime.js' {
  interface ServerEvents {
    moderation: ModerationServerEvent;
  }
}
