import { CITY_LABELS, RELATIONSHIP_STATUS_LABELS, type City, type RelationshipStatus } from '@bayclub/shared';
import { formatterOnDemand } from '#/lib/format';

const dateTime = formatterOnDemand(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }));

export const formatDateTime = (iso: string) => dateTime().format(new Date(iso));

export const cityLabel = (city: string | null) => (city ? (CITY_LABELS[city as City] ?? city) : null);

/** not_specified reads as nothing (spec 3). */
export const relationshipLabel = (status: string | null) =>
  status ? RELATIONSHIP_STATUS_LABELS[status as RelationshipStatus] || null : null;

export function initials(name: string | null | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((p) => p![0]!.toUpperCase()).join('') || '?';
}
