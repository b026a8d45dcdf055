import { z } from 'zod';
import type { City } from './enums.js';
import type { EventStatus } from './events.js';

/**
 * Global search (issue 13, decision 017): one query finds members, communities, upcoming events and posts the
 * searcher could open. Spec sections 2 (the overlay), 3 (history entry, result shapes), 5 (an empty query returns
 * nothing), 7 (debounce, 5 per type, fields, events from today) and 9 (constants).
 */
/** The spec's four types in its order, then places (issue 21, decision 026). */
export const SEARCH_TYPES = ['user', 'community', 'event', 'post', 'place'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** The overlay's tabs: All, then one per type. */
export const SEARCH_TABS = ['all', ...SEARCH_TYPES] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];
export const SEARCH_TAB_LABELS: Record<SearchTab, string> = {
  all: 'All',
  user: 'Users',
  community: 'Communities',
  event: 'Events',
  post: 'Posts',
  place: 'Places',
};

/** Spec section 9 ("Search"), plus what the spec leaves open (decision 017). */
export const SEARCH_LIMITS = {
  debounce: 300,
  perType: 5,
  historyKept: 10,
  historyShown: 5,
  postPreview: 100,
  /** Longest query, after trimming (the input stops there too). */
  queryMax: 100,
  /** Shorter queries return nothing, like an empty one: a single letter is in nearly everything. */
  minLength: 2,
  /** Posts need a trigram (3 characters): a two-letter post search would read every post. */
  postsMinLength: 3,
  /**
   * Counts stop here; the tab then says `${countCap}+`. Counting further means reading every match of a common
   * word; the cap is also how many of a type's matches are looked through for the best five (decision 017).
   */
  countCap: 50,
  /** Bios and descriptions are cut to an excerpt this long around their first match. */
  excerpt: 160,
} as const;

/** localStorage key of the recent searches (spec section 3). */
export const SEARCH_HISTORY_KEY = 'globalSearchHistory';

export const SEARCH_MESSAGES = {
  title: 'Search',
  inputLabel: 'Search',
  placeholder: 'Search people, communities, events and posts',
  searching: 'Searching...',
  recent: 'Recent searches',
  clearRecent: 'Clear',
  postsNeedMore: `Type at least ${SEARCH_LIMITS.postsMinLength} characters to search posts.`,
  failed: 'Search is not available right now. Please try again.',
  queryTooLong: `Search at most ${SEARCH_LIMITS.queryMax} characters`,
  shortcut: 'Search (Ctrl+K)',
} as const;

/**
 * The query as searched: Unicode NFC (so "é" typed either way is one character), control characters as spaces,
 * runs of white space as one space, trimmed. Used by the server's schema and the overlay's history alike.
 */
export function normalizeSearchQuery(raw: string): string {
  return raw
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The words of a query as the lexicon splits text (runs of letters and digits, lower case), in order, without
 * repeats, at most `max`. Typo tolerance works word by word; highlighting marks them too.
 */
export function searchWords(query: string, max = 8): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, max);
}

/**
 * GET /api/search?q=. Blank (or shorter than minLength) means no search: an empty answer, not an error. Controls are
 * blanked rather than refused (pasted text carries tabs and line breaks); only a query over queryMax is a 400.
 */
export const searchQuerySchema = z.object({
  q: z
    .string()
    .max(SEARCH_LIMITS.queryMax * 4, { error: SEARCH_MESSAGES.queryTooLong })
    .optional()
    .transform((v) => normalizeSearchQuery(v ?? ''))
    .pipe(z.string().max(SEARCH_LIMITS.queryMax, { error: SEARCH_MESSAGES.queryTooLong })),
});
export type SearchQueryInput = z.input<typeof searchQuerySchema>;

/** Spec section 3: User: full_name, username, bio; plus the picture and badge the row shows. */
export interface UserSearchResult {
  type: 'user';
  id: string;
  fullName: string | null;
  username: string | null;
  /** An excerpt around the first match (SEARCH_LIMITS.excerpt). */
  bio: string | null;
  profilePictureUrl: string | null;
  isVerified: boolean;
  /** The Instagram handle linked through Instagram (shown with its verified mark); null when none is linked. */
  linkedInstagram: string | null;
}

/** Community: name, description, url_slug; plus its avatar. */
export interface CommunitySearchResult {
  type: 'community';
  id: string;
  name: string;
  /** An excerpt around the first match. */
  description: string | null;
  urlSlug: string;
  avatarUrl: string | null;
}

/** Event: title, description, event_date (the start, shown in the event's zone). */
export interface EventSearchResult {
  type: 'event';
  id: string;
  title: string;
  /** An excerpt around the first match. */
  description: string;
  eventDate: string;
  timeZone: string;
  city: City | null;
  status: EventStatus;
}

/** Post: content, as the spec shows it: the first 100 characters plus an ellipsis when there is more. */
export interface PostSearchResult {
  type: 'post';
  id: string;
  content: string;
  createdAt: string;
}

/** Place (issue 21): an active place the searcher may see, as its card names it. */
export interface PlaceSearchResult {
  type: 'place';
  id: string;
  name: string;
  /** A LocationCategory (bar, cafe, ...). */
  category: string;
  city: City | null;
  address: string;
}

export type SearchResult = UserSearchResult | CommunitySearchResult | EventSearchResult | PostSearchResult | PlaceSearchResult;

export interface SearchResponse {
  /** The query as searched (normalized). */
  query: string;
  /** Up to SEARCH_LIMITS.perType of each type, best first, types in SEARCH_TYPES order. */
  results: SearchResult[];
  /** Matches per type the searcher could open, counted up to SEARCH_LIMITS.countCap. */
  counts: Record<SearchType, number>;
  /** What matched, for highlighting: the query, its words and the words typo tolerance found for them. */
  terms: string[];
  /** False when the query was too short for posts (SEARCH_LIMITS.postsMinLength). */
  postsSearched: boolean;
}

/** `s` as a regular expression that matches exactly it (server excerpts and typo patterns, web highlighting). */
export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A tab's count: exact below the cap, then "50+" (at least that many). */
export const searchCountLabel = (count: number) => (count >= SEARCH_LIMITS.countCap ? `${SEARCH_LIMITS.countCap}+` : String(count));

/** Spec section 3: a search history entry (localStorage globalSearchHistory): what was searched, where, when. */
export interface SearchHistoryEntry {
  query: string;
  /** The tab searched in, or the type of the result opened from it. */
  type: SearchTab;
  /** Milliseconds since the epoch. */
  timestamp: number;
}

/** Spec section 2: where a result leads. */
export function searchResultHref(r: SearchResult): string {
  switch (r.type) {
    case 'user':
      return `/${r.username ?? r.id}`;
    case 'community':
      return `/${r.urlSlug || r.id}`;
    case 'event':
      return `/events/${r.id}`;
    case 'post':
      return `/community/posts/${r.id}`;
    case 'place':
      return `/locations/${r.id}`;
  }
}

/** The text a result is known by (its option's name). */
export function searchResultLabel(r: SearchResult): string {
  switch (r.type) {
    case 'user':
      return r.fullName ?? r.username ?? 'User';
    case 'community':
      return r.name;
    case 'event':
      return r.title;
    case 'post':
      return r.content;
    case 'place':
      return r.name;
  }
}
