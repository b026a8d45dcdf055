import { z } from 'zod';
import { ALL_INTERESTS, CITIES, CONNECTION_MESSAGES, LIMITS, ageSchema } from '@bayclub/shared';
import { t } from '#/lib/i18n';
import type { DeckFilters } from '#/lib/relationships';
import { isCity } from '#/lib/member-format';

export const NO_FILTERS: DeckFilters = { city: null, interests: [], ageMin: null, ageMax: null };

const KNOWN_INTERESTS = new Set(ALL_INTERESTS);

function ageParam(v: string | null): number | null {
  if (v === null || !/^\d{1,3}$/.test(v)) return null;
  const n = Number(v);
  return n >= LIMITS.ageMin && n <= LIMITS.ageMax ? n : null;
}

/**
 * The filters in the URL (`?city=&interests=a,b&ageMin=&ageMax=`). A hand-edited URL never reaches the server
 * broken: unknown values are dropped, and a reversed age range keeps only the minimum.
 */
export function filtersFromSearch(search: URLSearchParams): DeckFilters {
  const city = search.get('city');
  const interests = [...new Set((search.get('interests') ?? '').split(',').map((s) => s.trim()))]
    .filter((s) => KNOWN_INTERESTS.has(s))
    .slice(0, LIMITS.interestsMax);
  const ageMin = ageParam(search.get('ageMin'));
  let ageMax = ageParam(search.get('ageMax'));
  if (ageMin !== null && ageMax !== null && ageMin > ageMax) ageMax = null;
  return { city: isCity(city) ? city : null, interests, ageMin, ageMax };
}

/** The same filters as query parameters (for the URL and for GET /api/say-hi/deck); empty ones are left out. */
export function filtersToParams(filters: DeckFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.city) params.city = filters.city;
  if (filters.interests.length > 0) params.interests = filters.interests.join(',');
  if (filters.ageMin !== null) params.ageMin = String(filters.ageMin);
  if (filters.ageMax !== null) params.ageMax = String(filters.ageMax);
  return params;
}

export const countFilters = (f: DeckFilters) =>
  (f.city ? 1 : 0) + (f.interests.length > 0 ? 1 : 0) + (f.ageMin !== null || f.ageMax !== null ? 1 : 0);

/** An optional age typed as text: empty means any; otherwise the profile's age rule and message. */
const ageInput = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : Number(v)))
  .pipe(ageSchema.optional());

/** The filter form: the same rules the server applies (deckQuerySchema), with its age-range message. */
export const deckFilterFormSchema = z
  .object({
    city: z.union([z.enum(CITIES), z.literal('')]),
    interests: z
      .array(z.string())
      // Worded when the form checks it, in the page's language (the form's component loaded the catalogue).
      .max(LIMITS.interestsMax, { error: () => t('say-hi.filters.interestsMax', { max: LIMITS.interestsMax }) }),
    ageMin: ageInput,
    ageMax: ageInput,
  })
  .refine((f) => f.ageMin === undefined || f.ageMax === undefined || f.ageMin <= f.ageMax, {
    error: CONNECTION_MESSAGES.ageRange,
    path: ['ageMin'],
  });
export type DeckFilterFormInput = z.input<typeof deckFilterFormSchema>;
export type DeckFilterFormOutput = z.output<typeof deckFilterFormSchema>;

export const formValuesOf = (f: DeckFilters): DeckFilterFormInput => ({
  city: f.city ?? '',
  interests: f.interests,
  ageMin: f.ageMin === null ? '' : String(f.ageMin),
  ageMax: f.ageMax === null ? '' : String(f.ageMax),
});

export const filtersOf = (v: DeckFilterFormOutput): DeckFilters => ({
  city: v.city || null,
  interests: v.interests,
  ageMin: v.ageMin ?? null,
  ageMax: v.ageMax ?? null,
});
