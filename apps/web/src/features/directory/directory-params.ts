import { ALL_INTERESTS, DIRECTORY_LIMITS, DIRECTORY_SORTS, LIMITS, type City, type DirectorySort } from '@bayclub/shared';
import { isCity } from '#/lib/member-format';

/** What the directory shows, all of it in the URL (`?q=&city=&interests=a,b&ageMin=&ageMax=&verified=&hideIncomplete=&sort=`). */
export interface DirectoryFilters {
  q: string;
  city: City | null;
  interests: string[];
  ageMin: number | null;
  ageMax: number | null;
  verified: boolean;
  hideIncomplete: boolean;
  sort: DirectorySort;
}

export const NO_DIRECTORY_FILTERS: DirectoryFilters = {
  q: '',
  city: null,
  interests: [],
  ageMin: null,
  ageMax: null,
  verified: false,
  hideIncomplete: false,
  sort: 'newest',
};

const KNOWN_INTERESTS = new Set(ALL_INTERESTS);
const isSort = (v: string | null): v is DirectorySort => v !== null && (DIRECTORY_SORTS as readonly string[]).includes(v);

function ageParam(v: string | null): number | null {
  if (v === null || !/^\d{1,3}$/.test(v)) return null;
  const n = Number(v);
  return n >= LIMITS.ageMin && n <= LIMITS.ageMax ? n : null;
}

/**
 * The filters from the URL. A hand-edited URL never reaches the server broken: unknown values are dropped, a
 * reversed age range keeps only the minimum, a long search is cut to the limit.
 */
export function directoryFromSearch(search: URLSearchParams): DirectoryFilters {
  const city = search.get('city');
  const sort = search.get('sort');
  const interests = [...new Set((search.get('interests') ?? '').split(',').map((s) => s.trim()))]
    .filter((s) => KNOWN_INTERESTS.has(s))
    .slice(0, LIMITS.interestsMax);
  const ageMin = ageParam(search.get('ageMin'));
  let ageMax = ageParam(search.get('ageMax'));
  if (ageMin !== null && ageMax !== null && ageMin > ageMax) ageMax = null;
  return {
    q: (search.get('q') ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').trim().slice(0, DIRECTORY_LIMITS.queryMax),
    city: isCity(city) ? city : null,
    interests,
    ageMin,
    ageMax,
    verified: search.get('verified') === 'true',
    hideIncomplete: search.get('hideIncomplete') === 'true',
    sort: isSort(sort) ? sort : 'newest',
  };
}

/** The same filters as query parameters, for the URL and for GET /api/directory; defaults are left out. */
export function directoryToParams(f: DirectoryFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (f.q) params.q = f.q;
  if (f.city) params.city = f.city;
  if (f.interests.length > 0) params.interests = f.interests.join(',');
  if (f.ageMin !== null) params.ageMin = String(f.ageMin);
  if (f.ageMax !== null) params.ageMax = String(f.ageMax);
  if (f.verified) params.verified = 'true';
  if (f.hideIncomplete) params.hideIncomplete = 'true';
  if (f.sort !== 'newest') params.sort = f.sort;
  return params;
}

/** The panel's filters that are on (the search and the sort are not filters). */
export const countDirectoryFilters = (f: DirectoryFilters) =>
  (f.city ? 1 : 0) +
  (f.interests.length > 0 ? 1 : 0) +
  (f.ageMin !== null || f.ageMax !== null ? 1 : 0) +
  (f.verified ? 1 : 0) +
  (f.hideIncomplete ? 1 : 0);

/** Clear filters: the search and every filter go; the chosen order stays. */
export const clearedFilters = (f: DirectoryFilters): DirectoryFilters => ({ ...NO_DIRECTORY_FILTERS, sort: f.sort });
