import { SEARCH_LIMITS, SEARCH_TYPES, escapeRegExp, type City, type SearchResult, type SearchType } from '@bayclub/shared';
import { publicUrl } from '../../platform/storage/storage.js';
import type { SearchRow } from './repository.js';

const ELLIPSIS = '...';
const iso = (v: Date | string) => new Date(v).toISOString();

/** Characters kept before the first match when an excerpt starts further in. */
const EXCERPT_LEAD = 40;

/**
 * A bio or description cut to SEARCH_LIMITS.excerpt characters (code points, never half a character). When the
 * first of `terms` would fall outside the first ones, the excerpt starts a little before it, so the highlighted
 * match is in what is shown.
 */
export function excerpt(text: string, terms: string[]): string {
  const chars = Array.from(text);
  const max = SEARCH_LIMITS.excerpt;
  if (chars.length <= max) return text;
  const wanted = terms.filter(Boolean);
  const found = wanted.length ? new RegExp(wanted.map(escapeRegExp).join('|'), 'iu').exec(text) : null;
  let start = 0;
  if (found) {
    const at = Array.from(text.slice(0, found.index)).length;
    if (at + Array.from(found[0]).length > max) start = Math.max(0, Math.min(at - EXCERPT_LEAD, chars.length - max));
  }
  const cut = chars.slice(start, start + max).join('');
  return `${start > 0 ? ELLIPSIS : ''}${cut}${start + max < chars.length ? ELLIPSIS : ''}`;
}

/** One row as its type's view (spec section 3's fields, plus what the overlay shows): a whitelist. */
export function presentResult(row: SearchRow, terms: string[]): SearchResult {
  switch (row.type) {
    case 'user':
      return {
        type: 'user',
        id: row.id,
        fullName: row.title,
        username: row.subtitle,
        bio: row.body ? excerpt(row.body, terms) : null,
        profilePictureUrl: row.picture,
        isVerified: row.verified === true,
        linkedInstagram: row.instagram,
      };
    case 'community':
      return {
        type: 'community',
        id: row.id,
        name: row.title ?? '',
        description: row.body ? excerpt(row.body, terms) : null,
        urlSlug: row.subtitle ?? '',
        avatarUrl: row.picture ? publicUrl('post-images', row.picture) : null,
      };
    case 'event':
      return {
        type: 'event',
        id: row.id,
        title: row.title ?? '',
        description: excerpt(row.body ?? '', terms),
        eventDate: iso(row.starts_at!),
        timeZone: row.time_zone ?? 'America/New_York',
        city: (row.city as City | null) ?? null,
        status: row.status ?? 'scheduled',
      };
    case 'post':
      // The spec's preview: the first 100 characters (cut in SQL), plus an ellipsis when the post goes on.
      return { type: 'post', id: row.id, content: `${row.body ?? ''}${row.truncated ? ELLIPSIS : ''}`, createdAt: iso(row.created_at) };
    case 'place':
      return { type: 'place', id: row.id, name: row.title ?? '', category: row.subtitle ?? 'other', city: (row.city as City | null) ?? null, address: row.body ?? '' };
  }
}

/** Matches per type, from the rows' pool sizes (a type without rows had none). */
export function countsOf(rows: SearchRow[]): Record<SearchType, number> {
  const counts = Object.fromEntries(SEARCH_TYPES.map((t) => [t, 0])) as Record<SearchType, number>;
  for (const r of rows) counts[r.type] = Number(r.total);
  return counts;
}
