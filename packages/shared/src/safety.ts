import { z } from 'zod';
import { LIMITS } from './limits.js';
import type { MemberSummary } from './connections.js';

/** Block and report (issue 4). Reports wait for the moderators' queue; its admin screen comes later. */
export const REPORT_REASONS = ['spam', 'harassment', 'inappropriate', 'fake_profile', 'underage', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or scam',
  harassment: 'Harassment or bullying',
  inappropriate: 'Inappropriate content',
  fake_profile: 'Fake profile',
  underage: 'Under age',
  other: 'Something else',
};

export const SAFETY_MESSAGES = {
  blockTitle: 'Block this member?',
  blockBody:
    'You will no longer see each other anywhere: not in Say Hi, profiles, search or messages. Your connection ends. They are not told.',
  blocked: 'Member blocked',
  unblocked: 'Member unblocked',
  reportTitle: 'Report this member',
  reported: 'Thanks. Our moderators will review your report.',
  reasonRequired: 'Please choose a reason',
  detailsTooLong: `Details must be at most ${LIMITS.reportDetailsMax} characters`,
  detailsRequired: 'Please tell us what happened',
  cannotBlockSelf: 'You cannot block yourself',
  cannotReportSelf: 'You cannot report yourself',
  noBlocked: 'You have not blocked anyone',
  failed: 'Something went wrong. Please try again.',
} as const;

export const blockSchema = z.object({ userId: z.uuid({ error: 'Must be a valid id' }) });

export const reportSchema = z
  .object({
    userId: z.uuid({ error: 'Must be a valid id' }),
    reason: z.enum(REPORT_REASONS, { error: SAFETY_MESSAGES.reasonRequired }),
    details: z
      .string()
      .trim()
      .max(LIMITS.reportDetailsMax, { error: SAFETY_MESSAGES.detailsTooLong })
      .optional()
      .transform((v) => (v ? v : null)),
    /** Where it happened, when reported from a chat. */
    conversationId: z.uuid({ error: 'Must be a valid id' }).optional(),
    messageId: z.uuid({ error: 'Must be a valid id' }).optional(),
  })
  .refine((r) => r.reason !== 'other' || !!r.details, { error: SAFETY_MESSAGES.detailsRequired, path: ['details'] });
export type ReportInput = z.input<typeof reportSchema>;

export interface BlockedMemberView {
  member: MemberSummary;
  blockedAt: string;
}
