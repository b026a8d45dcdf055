import type { AvailabilityStatus } from '#/components/availability-status';
import { useQuery } from '@tanstack/react-query';
import { communitySlugSchema, COMMUNITY_MESSAGES } from '@bayclub/shared';
import { useDebouncedValue } from '#/lib/use-debounced-value';
import { useSharedText, useT } from '#/lib/i18n';
import { slugAvailabilityQueryOptions } from './api';
import { catalog } from './i18n';

export type SlugStatus = AvailabilityStatus;

/** The address check waits this long after the last keystroke (the username check's pace). */
export const SLUG_CHECK_DEBOUNCE_MS = 400;
/** Catalogue ids of what the check says (a taken address is told by the server, or by the shared message). */
export const SLUG_MESSAGES = {
  available: 'communities.slug.available',
  checkFailed: 'communities.slug.checkFailed',
} as const;

const IDLE: SlugStatus = { state: 'idle' };

/**
 * GET /api/communities/slug-availability, debounced. The format is checked here with the shared schema first, so
 * only well-formed addresses reach the server; `current` (the community's own address, when editing) is never
 * checked. The server's `error` names why an address is taken (reserved, a member's username, a community).
 */
export function useSlugAvailability(value: string, opts: { current?: string } = {}): SlugStatus {
  const candidate = value.trim().toLowerCase();
  const debounced = useDebouncedValue(candidate, SLUG_CHECK_DEBOUNCE_MS);
  const unchanged = opts.current !== undefined && candidate === opts.current;
  const settled = candidate === debounced && !unchanged;
  const parsed = debounced ? communitySlugSchema.safeParse(debounced) : null;
  const query = useQuery({ ...slugAvailabilityQueryOptions(debounced), enabled: settled && parsed?.success === true });
  const t = useT(catalog);
  const s = useSharedText();

  if (!candidate || !settled || !parsed) return IDLE;
  if (!parsed.success) return { state: 'invalid', message: s(parsed.error.issues[0]?.message ?? COMMUNITY_MESSAGES.slugChars) };
  if (query.isError) return { state: 'error', message: t(SLUG_MESSAGES.checkFailed) };
  if (!query.data) return { state: 'checking' };
  if (query.data.available) return { state: 'available', message: t(SLUG_MESSAGES.available) };
  return { state: 'taken', message: query.data.error ?? s(COMMUNITY_MESSAGES.slugTakenByCommunity) };
}

/** An address that cannot be saved: Save waits for a free, well-formed one. */
export const isSlugBlocked = (status: SlugStatus) => status.state === 'taken' || status.state === 'invalid';
