import { z } from 'zod';
import { ACCOUNT_TYPES, CITIES, USER_ROLES, type AccountType, type ApplicationStatus, type City, type UserRole } from './enums.js';
import type { ReportReason } from './safety.js';
import type { Page } from './applications.js';

/**
 * The back office's Members section and Overview (issue 23, decision 029): the admins' member table, a member's admin
 * page (roles, account type, verified badge, suspension, deletion) and the dashboard's figures. Admins only.
 */

export const ADMIN_MEMBER_STATES = ['active', 'pending', 'rejected', 'deactivated', 'suspended'] as const;
export type AdminMemberState = (typeof ADMIN_MEMBER_STATES)[number];
export const ADMIN_MEMBER_STATE_LABELS: Record<AdminMemberState, string> = {
  active: 'Active',
  pending: 'Pending',
  rejected: 'Rejected',
  deactivated: 'Deactivated',
  suspended: 'Suspended',
};

export const ADMIN_MEMBER_SORTS = ['joined', 'name', 'last_active'] as const;
export type AdminMemberSort = (typeof ADMIN_MEMBER_SORTS)[number];
export const ADMIN_MEMBER_SORT_LABELS: Record<AdminMemberSort, string> = {
  joined: 'Joined',
  name: 'Name',
  last_active: 'Last active',
};
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const ADMIN_LIMITS = {
  pageSize: 25,
  pageSizeMax: 100,
  queryMax: 100,
  searchDebounce: 300,
  suspensionReasonMax: 500,
  /** Reports made / received shown on a member's page (the counts are exact). */
  latestReports: 5,
  /** Weeks in the Overview's chart. */
  weeks: 8,
  /** Last active is stamped at most once per this many seconds per member. */
  lastActiveEverySeconds: 60,
  /** A report open longer than this is on the needs-attention list. */
  staleReportHours: 48,
  /** A backup older than this is on the needs-attention list. */
  backupMaxAgeHours: 24,
} as const;

export const ADMIN_MESSAGES = {
  queryTooLong: `Search at most ${ADMIN_LIMITS.queryMax} characters`,
  queryControl: 'Search cannot contain control characters',
  reasonRequired: 'Please give a reason',
  reasonTooLong: `The reason must be at most ${ADMIN_LIMITS.suspensionReasonMax} characters`,
  lastAdmin: 'The club needs at least one admin: grant admin to someone else first',
  notFound: 'Member not found',
  alreadySuspended: 'This member is already suspended',
  notSuspended: 'This member is not suspended',
  selfSuspend: 'You cannot suspend yourself',
  deleteConfirm: 'Type DELETE to confirm',
  /** Shown on the sign-in form after the right password; {reason} is the admin's text. */
  suspendedSignIn: 'Your account is suspended.',
  loadError: 'Could not load members',
  empty: 'No members match these filters',
} as const;

const searchText = z
  .string()
  .max(ADMIN_LIMITS.queryMax * 4)
  .optional()
  .transform((v) => v?.trim() ?? '')
  .pipe(
    z
      .string()
      .max(ADMIN_LIMITS.queryMax, { error: ADMIN_MESSAGES.queryTooLong })
      .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), { error: ADMIN_MESSAGES.queryControl }),
  );

/** GET /api/admin/members: search by name, username or email ("contains"); filters; sort; keyset cursor. */
export const adminMembersQuerySchema = z.object({
  q: searchText,
  type: z.enum(ACCOUNT_TYPES, { error: 'Please choose an account type' }).optional(),
  state: z.enum(ADMIN_MEMBER_STATES, { error: 'Please choose a state' }).optional(),
  role: z.enum(USER_ROLES, { error: 'Please choose a role' }).optional(),
  city: z.enum(CITIES, { error: 'Please choose a city' }).optional(),
  sort: z.enum(ADMIN_MEMBER_SORTS, { error: 'Please choose a sort order' }).optional().default('joined'),
  dir: z.enum(SORT_DIRECTIONS, { error: 'Please choose a direction' }).optional().default('desc'),
  cursor: z.string().max(1200).optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_LIMITS.pageSizeMax).optional().default(ADMIN_LIMITS.pageSize),
});
export type AdminMembersQueryInput = z.input<typeof adminMembersQuerySchema>;
export type AdminMembersQuery = z.output<typeof adminMembersQuerySchema>;

export const adminMemberParamsSchema = z.object({ id: z.uuid({ error: 'Must be a valid id' }) });
export const adminRoleParamsSchema = z.object({
  id: z.uuid({ error: 'Must be a valid id' }),
  role: z.enum(USER_ROLES, { error: 'Please choose a role' }),
});

/** PUT /api/admin/members/:id/account-type */
export const adminAccountTypeSchema = z.object({
  accountType: z.enum(ACCOUNT_TYPES, { error: 'Please choose an account type' }),
});
export type AdminAccountTypeInput = z.input<typeof adminAccountTypeSchema>;

/** PUT /api/admin/members/:id/verified */
export const adminVerifiedSchema = z.object({ verified: z.boolean({ error: 'Must be true or false' }) });
export type AdminVerifiedInput = z.input<typeof adminVerifiedSchema>;

/** POST /api/admin/members/:id/suspend: the reason is shown to the member when they try to sign in. */
export const adminSuspendSchema = z.object({
  reason: z
    .string({ error: ADMIN_MESSAGES.reasonRequired })
    .trim()
    .min(1, { error: ADMIN_MESSAGES.reasonRequired })
    .max(ADMIN_LIMITS.suspensionReasonMax, { error: ADMIN_MESSAGES.reasonTooLong }),
});
export type AdminSuspendInput = z.input<typeof adminSuspendSchema>;

/** DELETE /api/admin/members/:id { confirm: 'DELETE' } */
export const adminDeleteMemberSchema = z.object({
  confirm: z.literal('DELETE', { error: ADMIN_MESSAGES.deleteConfirm }),
});
export type AdminDeleteMemberInput = z.input<typeof adminDeleteMemberSchema>;

/** One row of the members table. */
export interface AdminMemberRow {
  id: string;
  name: string | null;
  username: string | null;
  email: string | null;
  profilePictureUrl: string | null;
  accountType: AccountType;
  state: AdminMemberState;
  city: City | null;
  roles: UserRole[];
  isVerified: boolean;
  joinedAt: string;
  lastActiveAt: string | null;
}
export type AdminMembersPage = Page<AdminMemberRow>;

export interface AdminReportBrief {
  id: string;
  reason: ReportReason;
  details: string | null;
  status: 'open' | 'reviewed' | 'dismissed';
  /** What was reported: a member, a post, a comment, a message, an event or a place. */
  targetType: 'member' | 'post' | 'comment' | 'message' | 'event' | 'location';
  /** The other member: the reported member for reports made, the reporter for reports received (null when deleted). */
  other: { id: string; name: string | null } | null;
  createdAt: string;
}

/** GET /api/admin/members/:id: a member's admin page. */
export interface AdminMemberView extends AdminMemberRow {
  bio: string | null;
  age: number | null;
  gender: string | null;
  interests: string[];
  applicationStatus: ApplicationStatus | null;
  application: {
    id: string;
    status: ApplicationStatus;
    createdAt: string;
    decidedAt: string | null;
    decidedBy: { id: string; name: string | null } | null;
    rejectionReason: string | null;
    bio: string | null;
    instagramUsername: string | null;
  } | null;
  suspension: { at: string; reason: string } | null;
  isDeactivated: boolean;
  /** Whether this member is the only active admin (their admin role cannot be revoked). */
  lastAdmin: boolean;
  reports: {
    madeCount: number;
    receivedCount: number;
    made: AdminReportBrief[];
    received: AdminReportBrief[];
  };
}

export const ATTENTION_SEVERITIES = ['critical', 'warning', 'info'] as const;
export type AttentionSeverity = (typeof ATTENTION_SEVERITIES)[number];
export const ATTENTION_CODES = [
  'default_app_name',
  'mail_not_configured',
  'mail_failing',
  'push_keys_missing',
  'payments_test_mode',
  'embedded_db_in_production',
  'no_backup',
  'backup_old',
  'reports_waiting',
] as const;
export type AttentionCode = (typeof ATTENTION_CODES)[number];

export interface AttentionItem {
  code: AttentionCode;
  text: string;
  severity: AttentionSeverity;
  /** The dashboard tab it links to (?tab=). */
  tab: 'overview' | 'members' | 'applications' | 'reports' | 'settings' | 'health' | 'audit';
}

/** GET /api/admin/overview */
export interface AdminOverviewView {
  members: {
    total: number;
    byType: Record<AccountType, number>;
    byState: Record<AdminMemberState, number>;
  };
  applications: {
    waiting: number;
    /** Oldest first, at most 5. */
    oldest: Array<{ id: string; name: string; createdAt: string; ageHours: number }>;
  };
  openReports: number;
  /** ADMIN_LIMITS.weeks weeks, oldest first; weekStart is the Monday (America/New_York) as YYYY-MM-DD. */
  weeks: Array<{ weekStart: string; newMembers: number; activeMembers: number }>;
  upcomingEvents: Array<{ id: string; title: string; startsAt: string; going: number; capacity: number | null }>;
  checkInsThisWeek: { places: number; events: number };
  paymentsThisMonth: { count: number; refunds: number; byCurrency: Array<{ currency: string; paid: number; refunded: number }> };
  attention: AttentionItem[];
  generatedAt: string;
}

/** The sign-in form's refusal for a suspended member (after the right password), with the admin's reason. */
export const suspendedSignInMessage = (reason: string | null) =>
  reason ? `${ADMIN_MESSAGES.suspendedSignIn} Reason: ${reason}` : ADMIN_MESSAGES.suspendedSignIn;
/** better-auth's error code for it (the body's error.code). */
export const SUSPENDED_SIGN_IN_CODE = 'ACCOUNT_SUSPENDED';
