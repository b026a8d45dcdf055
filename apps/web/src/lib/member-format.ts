import { CITIES, CITY_LABELS, RELATIONSHIP_STATUS_LABELS, type City, type MemberSummary, type RelationshipStatus } from '@bayclub/shared';
import '#/lib/catalog';
import { t } from '#/lib/i18n';

/** How a member is named in lists, rows and cards. */
export const memberName = (member: MemberSummary) => member.fullName?.trim() || t('lib.member.fallbackName');

/** One of the club's cities (a value read from the URL or a form). */
export const isCity = (v: string | null): v is City => v !== null && (CITIES as readonly string[]).includes(v);

export const cityLabel = (city: string | null) => (city ? (CITY_LABELS[city as City] ?? city) : null);

/** not_specified reads as nothing (spec 3). */
export const relationshipLabel = (status: string | null) =>
  status ? RELATIONSHIP_STATUS_LABELS[status as RelationshipStatus] || null : null;

export function initials(name: string | null | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((p) => p![0]!.toUpperCase()).join('') || '?';
}
