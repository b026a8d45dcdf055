import { z } from 'zod';
import { CITIES, INTEREST_CATEGORIES } from './enums.js';
import { LIMITS } from './limits.js';
import type { Page } from './applications.js';
import type { MemberSummary } from './connections.js';

/**
 * The People directory (`/user-directory`, issue 13; decision 018): approved, active members a full member can
 * browse, search by name or username, filter and sort.
 */
export const DIRECTORY_SORTS = ['newest', 'name', 'common'] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];
export const DIRECTORY_SORT_LABELS: Record<DirectorySort, string> = {
  newest: 'Newest',
  name: 'Name A-Z',
  common: 'Most interests in common',
};

export const DIRECTORY_LIMITS = {
  pageSize: 24,
  pageSizeMax: 50,
  queryMax: 100,
  /** Debounce of the search box (the spec's search debounce). */
  searchDebounce: 300,
} as const;

export const DIRECTORY_MESSAGES = {
  title: 'People',
  searchLabel: 'Search members by name or username',
  empty: 'No members match these filters',
  emptyHint: 'Try another search or fewer filters.',
  clearFilters: 'Clear filters',
  loadError: 'Could not load members',
  queryTooLong: `Search at most ${DIRECTORY_LIMITS.queryMax} characters`,
  queryControl: 'Search cannot contain control characters',
  ageRange: 'The minimum age must not be above the maximum age',
  unknownInterest: 'Unknown interest',
  tooManyInterests: `Choose at most ${LIMITS.interestsMax} interests`,
  badBoolean: 'Must be true or false',
  hideIncomplete: 'Hide members without a photo and bio',
  verifiedOnly: 'Verified members only',
} as const;

const KNOWN_INTERESTS = new Set(INTEREST_CATEGORIES.flatMap((c) => c.options));

/** `true`/`false` in a query string; false is the same as leaving the filter out. */
const queryBoolean = z
  .enum(['true', 'false'], { error: DIRECTORY_MESSAGES.badBoolean })
  .optional()
  .transform((v) => v === 'true');

/**
 * Interests as `interests=a,b` or repeated `interests=a&interests=b` (both arrive; each is split on commas).
 * Interest names hold no commas.
 */
const interestsParam = z
  .union([z.string().max(2000), z.array(z.string().max(2000)).max(LIMITS.interestsMax)])
  .optional()
  .transform((v) => {
    const parts = (v === undefined ? [] : Array.isArray(v) ? v : [v]).flatMap((s) => s.split(','));
    return [...new Set(parts.map((s) => s.trim()).filter(Boolean))];
  })
  .pipe(
    z
      .array(z.string().refine((s) => KNOWN_INTERESTS.has(s), { error: DIRECTORY_MESSAGES.unknownInterest }))
      .max(LIMITS.interestsMax, { error: DIRECTORY_MESSAGES.tooManyInterests }),
  );

/** GET /api/directory. An empty or blank `q` means no search. */
export const directoryQuerySchema = z
  .object({
    q: z
      .string()
      .max(DIRECTORY_LIMITS.queryMax * 4)
      .optional()
      .transform((v) => v?.trim() ?? '')
      .pipe(
        z
          .string()
          .max(DIRECTORY_LIMITS.queryMax, { error: DIRECTORY_MESSAGES.queryTooLong })
          // NUL cannot be stored in PostgreSQL text (a query with one fails); other controls match nothing anyway.
          .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), { error: DIRECTORY_MESSAGES.queryControl }),
      ),
    city: z.enum(CITIES, { error: 'Please choose a city' }).optional(),
    interests: interestsParam,
    ageMin: z.coerce.number({ error: 'Must be a number' }).int().min(LIMITS.ageMin).max(LIMITS.ageMax).optional(),
    ageMax: z.coerce.number({ error: 'Must be a number' }).int().min(LIMITS.ageMin).max(LIMITS.ageMax).optional(),
    verified: queryBoolean,
    hideIncomplete: queryBoolean,
    sort: z.enum(DIRECTORY_SORTS, { error: 'Please choose a sort order' }).optional().default('newest'),
    cursor: z.string().max(1200).optional(),
    limit: z.coerce.number().int().min(1).max(DIRECTORY_LIMITS.pageSizeMax).optional().default(DIRECTORY_LIMITS.pageSize),
  })
  .refine((q) => q.ageMin === undefined || q.ageMax === undefined || q.ageMin <= q.ageMax, {
    error: DIRECTORY_MESSAGES.ageRange,
    path: ['ageMin'],
  });
export type DirectoryQueryInput = z.input<typeof directoryQuerySchema>;
export type DirectoryQuery = z.output<typeof directoryQuerySchema>;

/** One member card of the directory. */
export interface DirectoryCardView extends MemberSummary {
  interests: string[];
  /** The viewer's interests this member shares, in the member's order. */
  sharedInterests: string[];
  /** The Instagram handle linked through Instagram (shown with its verified mark); null when none is linked. */
  linkedInstagram: string | null;
}

export type DirectoryPage = Page<DirectoryCardView>;
