import { z } from 'zod';
import { ACCOUNT_TYPES, ALL_INTERESTS, CITIES, type AccountType, type City } from './enums.js';
import { ADMIN_MEMBER_STATES, SORT_DIRECTIONS, type AdminMemberState } from './admin.js';

/**
 * The CRM (issue 23 section 2, decision 029): every member's engagement at a glance for the club's CRM staff
 * (admin, crm_admin: read and write; crm_user: read, export and segments), and a community's organisers (creator,
 * moderator) for their own communities' active members only, without the CRM's private notes and tags.
 */

export const CRM_LIMITS = {
  pageSize: 25,
  pageSizeMax: 100,
  queryMax: 100,
  noteMax: 2000,
  tagMax: 30,
  tagsPerMember: 30,
  segmentNameMax: 60,
  segmentsMax: 200,
  timelinePage: 20,
  notesPage: 50,
  /** The community filter's choices for CRM staff: a city club has tens of communities; past this, the first A-Z. */
  filterCommunities: 500,
  /** Minimum filters ("attended at least N") accept up to this. */
  countMax: 100_000,
  /** The CSV export reads members in batches of this many (keyset), never the whole club at once. */
  exportBatch: 500,
  /** The background refresh of the engagement figures runs this often. */
  refreshEveryMinutes: 5,
  organiserEvents: 20,
  organiserRequests: 50,
} as const;

/**
 * The engagement score, all-time (no decay: a member who came to 10 events two years ago still counts; "last active"
 * is its own column and filter for recency). Written here once: the server builds its SQL from these weights, the
 * CRM shows the formula from them.
 */
export const CRM_SCORE_WEIGHTS = {
  attended: 3,
  checkIns: 1,
  posts: 1,
  connections: 1,
  noShows: -2,
} as const;
export type CrmScorePart = keyof typeof CRM_SCORE_WEIGHTS;
export const CRM_SCORE_PART_LABELS: Record<CrmScorePart, string> = {
  attended: 'events attended',
  checkIns: 'check-ins',
  posts: 'posts',
  connections: 'connections',
  noShows: 'no-shows',
};
export const CRM_SCORE_FORMULA = 'score = attended × 3 + check-ins + posts + connections − no-shows × 2 (all time, no decay)';

export const CRM_MESSAGES = {
  queryTooLong: `Search at most ${CRM_LIMITS.queryMax} characters`,
  queryControl: 'Search cannot contain control characters',
  notFound: 'Member not found',
  noteRequired: 'Please write a note',
  noteTooLong: `A note can be at most ${CRM_LIMITS.noteMax} characters`,
  noteNotFound: 'Note not found',
  noteNotYours: 'Only the author or a CRM admin can delete this note',
  tagInvalid: `A tag is 1 to ${CRM_LIMITS.tagMax} lowercase letters, digits or dashes, starting with a letter or digit`,
  tooManyTags: `A member can have at most ${CRM_LIMITS.tagsPerMember} tags`,
  segmentNameRequired: 'Please name the segment',
  segmentNameTooLong: `A segment name can be at most ${CRM_LIMITS.segmentNameMax} characters`,
  segmentNotFound: 'Segment not found',
  segmentNotYours: 'Only the segment’s author or a CRM admin can change it',
  tooManySegments: `The CRM keeps at most ${CRM_LIMITS.segmentsMax} segments`,
  readOnly: 'Your CRM access is read-only',
  privateToStaff: 'Notes and tags are private to the club’s CRM staff',
  communityNotFound: 'Community not found',
  communityNotYours: 'You can filter only by the communities you organise',
  fieldsRequired: 'Choose at least one field',
  refreshBusy: 'The figures are being refreshed already',
  dateInvalid: 'Use a date like 2026-01-31',
  countInvalid: `A whole number from 0 to ${CRM_LIMITS.countMax}`,
  loadError: 'Could not load the CRM',
  empty: 'No members match these filters',
} as const;

// ------------------------------------------------------------------------------------------------
// The members query (also a segment's saved filters: one schema)

export const CRM_SORTS = ['name', 'joined', 'last_active', 'rsvps', 'attended', 'no_shows', 'check_ins', 'paid_events', 'posts', 'connections', 'score'] as const;
export type CrmSort = (typeof CRM_SORTS)[number];
export const CRM_SORT_LABELS: Record<CrmSort, string> = {
  name: 'Name',
  joined: 'Joined',
  last_active: 'Last active',
  rsvps: 'RSVPs',
  attended: 'Attended',
  no_shows: 'No-shows',
  check_ins: 'Check-ins',
  paid_events: 'Paid events',
  posts: 'Posts',
  connections: 'Connections',
  score: 'Score',
};

/** The "at least N" filters, by figure. */
export const CRM_MIN_FILTERS = {
  minRsvps: 'rsvps',
  minAttended: 'attended',
  minNoShows: 'no_shows',
  minCheckIns: 'check_ins',
  minPaidEvents: 'paid_events',
  minConnections: 'connections',
} as const;
export type CrmMinFilter = keyof typeof CRM_MIN_FILTERS;
export const CRM_MIN_FILTER_KEYS = Object.keys(CRM_MIN_FILTERS) as CrmMinFilter[];

export const CRM_TAG_PATTERN = /^[a-z0-9][a-z0-9-]{0,29}$/;
export const crmTagSchema = z
  .string({ error: CRM_MESSAGES.tagInvalid })
  .max(200, { error: CRM_MESSAGES.tagInvalid })
  .transform((s) => s.trim().toLowerCase())
  .pipe(z.string().regex(CRM_TAG_PATTERN, { error: CRM_MESSAGES.tagInvalid }));

const searchText = z
  .string()
  .max(CRM_LIMITS.queryMax * 4)
  .optional()
  .transform((v) => v?.trim() ?? '')
  .pipe(
    z
      .string()
      .max(CRM_LIMITS.queryMax, { error: CRM_MESSAGES.queryTooLong })
      .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), { error: CRM_MESSAGES.queryControl }),
  );

const day = z
  .string({ error: CRM_MESSAGES.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: CRM_MESSAGES.dateInvalid })
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && d.getUTCFullYear() >= 1970 && d.getUTCFullYear() <= 9999;
  }, { error: CRM_MESSAGES.dateInvalid })
  .optional();

const atLeast = z.coerce
  .number({ error: CRM_MESSAGES.countInvalid })
  .int({ error: CRM_MESSAGES.countInvalid })
  .min(0, { error: CRM_MESSAGES.countInvalid })
  .max(CRM_LIMITS.countMax, { error: CRM_MESSAGES.countInvalid })
  .optional();

const interestList = z.preprocess(
  (v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : v),
  z
    .array(z.enum(ALL_INTERESTS as [string, ...string[]], { error: 'Please choose interests from the list' }))
    .max(20, { error: 'Choose at most 20 interests' })
    .optional(),
);

/** The filters: every field optional; empty strings from a form mean "any". */
export const crmFiltersSchema = z.object({
  q: searchText,
  type: z.enum(ACCOUNT_TYPES, { error: 'Please choose an account type' }).optional(),
  state: z.enum(ADMIN_MEMBER_STATES, { error: 'Please choose a state' }).optional(),
  city: z.enum(CITIES, { error: 'Please choose a city' }).optional(),
  interests: interestList,
  community: z.uuid({ error: 'Invalid community id' }).optional(),
  joinedFrom: day,
  joinedTo: day,
  activeFrom: day,
  activeTo: day,
  minRsvps: atLeast,
  minAttended: atLeast,
  minNoShows: atLeast,
  minCheckIns: atLeast,
  minPaidEvents: atLeast,
  minConnections: atLeast,
  tag: crmTagSchema.optional(),
});
export type CrmFiltersInput = z.input<typeof crmFiltersSchema>;
export type CrmFilters = z.output<typeof crmFiltersSchema>;

/** Blank form values ('' or null) dropped, so a form's empty field means "any". */
export function compactFilters(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) {
    if (v === '' || v === null || v === undefined) continue;
    if (Array.isArray(v) && v.length === 0) continue;
    out[k] = v;
  }
  return out;
}

/** GET /api/crm/members */
export const crmMembersQuerySchema = crmFiltersSchema.extend({
  sort: z.enum(CRM_SORTS, { error: 'Please choose a sort order' }).optional().default('score'),
  dir: z.enum(SORT_DIRECTIONS, { error: 'Please choose a direction' }).optional().default('desc'),
  cursor: z.string().max(1200, { error: 'Invalid cursor' }).optional(),
  limit: z.coerce.number().int().min(1).max(CRM_LIMITS.pageSizeMax).optional().default(CRM_LIMITS.pageSize),
});
export type CrmMembersQueryInput = z.input<typeof crmMembersQuerySchema>;
export type CrmMembersQuery = z.output<typeof crmMembersQuerySchema>;

export const crmMemberParamsSchema = z.object({ id: z.uuid({ error: 'Must be a valid id' }) });
export const crmTagParamsSchema = z.object({ id: z.uuid({ error: 'Must be a valid id' }), tag: crmTagSchema });
export const crmNoteParamsSchema = z.object({ noteId: z.uuid({ error: 'Must be a valid id' }) });
export const crmSegmentParamsSchema = z.object({ id: z.uuid({ error: 'Must be a valid id' }) });
export const crmCommunityParamsSchema = z.object({ id: z.uuid({ error: 'Must be a valid id' }) });
export const crmPageQuerySchema = z.object({ cursor: z.string().max(600, { error: 'Invalid cursor' }).optional() });

export const crmNoteSchema = z.object({
  body: z
    .string({ error: CRM_MESSAGES.noteRequired })
    .trim()
    .min(1, { error: CRM_MESSAGES.noteRequired })
    .max(CRM_LIMITS.noteMax, { error: CRM_MESSAGES.noteTooLong }),
});
export type CrmNoteInput = z.input<typeof crmNoteSchema>;

export const crmSegmentSchema = z.object({
  name: z
    .string({ error: CRM_MESSAGES.segmentNameRequired })
    .trim()
    .min(1, { error: CRM_MESSAGES.segmentNameRequired })
    .max(CRM_LIMITS.segmentNameMax, { error: CRM_MESSAGES.segmentNameTooLong }),
  filters: crmFiltersSchema,
});
export type CrmSegmentInput = z.input<typeof crmSegmentSchema>;
export const crmSegmentUpdateSchema = crmSegmentSchema.partial();
export type CrmSegmentUpdateInput = z.input<typeof crmSegmentUpdateSchema>;

// ------------------------------------------------------------------------------------------------
// Export

export const CRM_EXPORT_FIELDS = [
  'name',
  'username',
  'email',
  'type',
  'state',
  'city',
  'interests',
  'bio',
  'joined',
  'last_active',
  'rsvps',
  'attended',
  'no_shows',
  'check_ins',
  'paid_events',
  'posts',
  'connections',
  'score',
  'tags',
] as const;
export type CrmExportField = (typeof CRM_EXPORT_FIELDS)[number];
export const CRM_EXPORT_FIELD_LABELS: Record<CrmExportField, string> = {
  name: 'Name',
  username: 'Username',
  email: 'Email',
  type: 'Account type',
  state: 'State',
  city: 'City',
  interests: 'Interests',
  bio: 'Bio',
  joined: 'Joined',
  last_active: 'Last active',
  rsvps: 'RSVPs',
  attended: 'Attended',
  no_shows: 'No-shows',
  check_ins: 'Check-ins',
  paid_events: 'Paid events',
  posts: 'Posts',
  connections: 'Connections',
  score: 'Score',
  tags: 'Tags',
};
export const CRM_DEFAULT_EXPORT_FIELDS: CrmExportField[] = ['name', 'username', 'email', 'city', 'joined', 'rsvps', 'attended', 'no_shows', 'score'];

/** GET /api/crm/export.csv: a segment (its saved filters) or the current filters; fields comma-separated. */
export const crmExportQuerySchema = crmFiltersSchema.extend({
  segment: z.uuid({ error: 'Invalid segment id' }).optional(),
  fields: z.preprocess(
    (v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : v),
    z
      .array(z.enum(CRM_EXPORT_FIELDS, { error: 'Choose fields from the list' }))
      .min(1, { error: CRM_MESSAGES.fieldsRequired })
      .max(CRM_EXPORT_FIELDS.length)
      .optional(),
  ),
  sort: z.enum(CRM_SORTS, { error: 'Please choose a sort order' }).optional().default('name'),
  dir: z.enum(SORT_DIRECTIONS, { error: 'Please choose a direction' }).optional().default('asc'),
});
export type CrmExportQueryInput = z.input<typeof crmExportQuerySchema>;

/**
 * One CSV cell, safe to open in a spreadsheet: a value starting with = + - @ tab or carriage return is prefixed with
 * a single quote (so it is text, never a formula), quotes are doubled and every cell is quoted.
 */
export function csvCell(value: string | number | null | undefined): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
}
export const csvRow = (cells: ReadonlyArray<string | number | null | undefined>) => `${cells.map(csvCell).join(',')}\r\n`;

// ------------------------------------------------------------------------------------------------
// Views

export type CrmLevel = 'admin' | 'staff' | 'organiser';

/** GET /api/crm/access: what the caller may do in the CRM. */
export interface CrmAccessView {
  level: CrmLevel;
  /** Notes and tags (admin, crm_admin). */
  canWrite: boolean;
  /** Sees notes and tags (CRM staff, not organisers). */
  canSeePrivate: boolean;
  canRefresh: boolean;
  canExport: boolean;
  /** Segments: save, rename, delete (CRM staff). */
  canSaveSegments: boolean;
  /** The communities the caller organises (creator or moderator, active). */
  communities: Array<{ id: string; name: string; role: 'creator' | 'moderator' }>;
  /**
   * The communities the caller may filter members by: every community for CRM staff (at most
   * CRM_LIMITS.filterCommunities, A-Z), the ones they organise for organisers.
   */
  filterCommunities: Array<{ id: string; name: string }>;
  /** When the engagement figures were last rebuilt; null before the first run. */
  figuresAsOf: string | null;
  scoreFormula: string;
}

export interface CrmFigures {
  rsvps: number;
  attended: number;
  noShows: number;
  checkIns: number;
  paidEvents: number;
  posts: number;
  connections: number;
  score: number;
}

export interface CrmMemberRow extends CrmFigures {
  id: string;
  name: string | null;
  username: string | null;
  /** Null for organisers. */
  email: string | null;
  avatarUrl: string | null;
  type: AccountType;
  state: AdminMemberState;
  city: City | null;
  interests: string[];
  joinedAt: string;
  lastActiveAt: string | null;
}

export interface CrmMembersPage {
  items: CrmMemberRow[];
  nextCursor: string | null;
  figuresAsOf: string | null;
}

export const CRM_TIMELINE_KINDS = ['joined', 'post', 'rsvp', 'attended', 'no_show', 'check_in', 'payment'] as const;
export type CrmTimelineKind = (typeof CRM_TIMELINE_KINDS)[number];
export const CRM_TIMELINE_LABELS: Record<CrmTimelineKind, string> = {
  joined: 'Joined the club',
  post: 'Posted',
  rsvp: 'RSVPed',
  attended: 'Came to',
  no_show: 'Did not come to',
  check_in: 'Checked in at',
  payment: 'Paid for',
};

export interface CrmTimelineItem {
  kind: CrmTimelineKind;
  at: string;
  /** The event, place or post it is about (a post's first words). */
  label: string | null;
  targetId: string | null;
}
export interface CrmTimelinePage {
  items: CrmTimelineItem[];
  nextCursor: string | null;
}

export interface CrmNoteView {
  id: string;
  body: string;
  authorId: string | null;
  authorName: string | null;
  createdAt: string;
  canDelete: boolean;
}

export interface CrmScoreView {
  total: number;
  formula: string;
  parts: Array<{ part: CrmScorePart; label: string; count: number; weight: number; points: number }>;
}

export interface CrmMemberCard {
  member: CrmMemberRow & { bio: string | null; isVerified: boolean };
  score: CrmScoreView;
  timeline: CrmTimelinePage;
  /** Null for organisers (private to CRM staff). */
  notes: CrmNoteView[] | null;
  tags: string[] | null;
  figuresAsOf: string | null;
}

export interface CrmSegmentView {
  id: string;
  name: string;
  filters: CrmFilters;
  createdBy: string | null;
  createdByName: string | null;
  canEdit: boolean;
  updatedAt: string;
}

export interface CrmCommunitySummary {
  id: string;
  name: string;
  role: 'creator' | 'moderator' | null;
  memberCount: number;
  pendingCount: number;
}

export interface CrmCommunityMember {
  id: string;
  name: string | null;
  username: string | null;
  avatarUrl: string | null;
  role: 'creator' | 'moderator' | 'member';
  joinedAt: string;
  /** Figures for this community's events only. */
  rsvps: number;
  attended: number;
  noShows: number;
}

export interface CrmCommunityEvent {
  id: string;
  title: string;
  startsAt: string;
  cancelled: boolean;
  going: number;
  attended: number;
  noShows: number;
}

export interface CrmCommunityView {
  community: CrmCommunitySummary;
  members: CrmCommunityMember[];
  nextCursor: string | null;
  requests: Array<{ id: string; name: string | null; username: string | null; avatarUrl: string | null; requestedAt: string }>;
  events: CrmCommunityEvent[];
}

export interface CrmRefreshView {
  ran: boolean;
  figuresAsOf: string | null;
  members: number;
  ms: number;
}

